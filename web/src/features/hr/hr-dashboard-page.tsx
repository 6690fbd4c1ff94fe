import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { HR_WEEK_MS, RECENT_NOTES_PER_CARD, isRated, type SavedCv } from '@vitae/core/hr';
import { Banner } from '../../components/ui/banner.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSavedCvs } from './api.ts';
import { placeOf, yearsText } from './browse-card.tsx';
import {
  HrHeader,
  Initials,
  RankBadge,
  RequireHr,
  Stat,
  dateTime,
  shortDate,
} from './hr-parts.tsx';

type RankFilter = 'all' | 'excellent' | 'good' | 'fair' | 'poor' | 'unrated';
type SortKey = 'dateSaved' | 'lastViewed' | 'viewCount' | 'name';

const byText = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');

/**
 * Search, rank filter and sort of the HR dashboard
 * (docs/product/public-listing-and-hr.md#hr-dashboard).
 */
export function filterSaved(
  list: SavedCv[],
  search: string,
  rank: RankFilter,
  sort: SortKey,
): SavedCv[] {
  const q = search.trim().toLowerCase();
  const out = list.filter(
    (s) =>
      (!q || s.fullName.toLowerCase().includes(q)) &&
      (rank === 'all' || (rank === 'unrated' ? !isRated(s.rank) : s.rank === rank)),
  );
  const compare: Record<SortKey, (a: SavedCv, b: SavedCv) => number> = {
    dateSaved: (a, b) => byText(a.dateSaved, b.dateSaved),
    lastViewed: (a, b) => byText(a.lastViewed, b.lastViewed),
    viewCount: (a, b) => b.viewCount - a.viewCount,
    name: (a, b) => (a.fullName || '\uffff').localeCompare(b.fullName || '\uffff'),
  };
  return out.sort(compare[sort]);
}

export function savedStats(list: SavedCv[], now = Date.now()) {
  return {
    total: list.length,
    thisWeek: list.filter((s) => now - Date.parse(s.dateSaved) <= HR_WEEK_MS).length,
    views: list.reduce((n, s) => n + s.viewCount, 0),
    rated: list.filter((s) => isRated(s.rank)).length,
  };
}

/** /app/hr-dashboard: the HR user's saved CVs with stats, search, rank filter and sort. */
export default function HrDashboardPage() {
  return (
    <RequireHr>
      <HrDashboard />
    </RequireHr>
  );
}

function HrDashboard() {
  const saved = useSavedCvs();
  const [search, setSearch] = useState('');
  const [rank, setRank] = useState<RankFilter>('all');
  const [sort, setSort] = useState<SortKey>('dateSaved');
  const list = useMemo(() => saved.data ?? [], [saved.data]);
  const shown = useMemo(() => filterSaved(list, search, rank, sort), [list, search, rank, sort]);
  const stats = savedStats(list);

  return (
    <div className="min-h-screen bg-slate-50">
      <HrHeader title="HR Dashboard" current="dashboard" />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <section aria-label="Statistics" className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Total Saved CVs" value={stats.total} />
          <Stat label="This Week" value={stats.thisWeek} />
          <Stat label="Total Views" value={stats.views} />
          <Stat label="Rated CVs" value={stats.rated} />
        </section>

        <section aria-label="Filters" className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
          <TextField
            label="Search by name"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search saved CVs by name"
          />
          <SelectField
            label="Rank"
            value={rank}
            onChange={(e) => setRank(e.target.value as RankFilter)}
          >
            <option value="all">All Ranks</option>
            <option value="excellent">Excellent</option>
            <option value="good">Good</option>
            <option value="fair">Fair</option>
            <option value="poor">Poor</option>
            <option value="unrated">Unrated</option>
          </SelectField>
          <SelectField
            label="Sort by"
            value={sort}
            onChange={(e) => setSort(e.target.value as SortKey)}
          >
            <option value="dateSaved">Date Saved</option>
            <option value="lastViewed">Last Viewed</option>
            <option value="viewCount">View Count</option>
            <option value="name">Name</option>
          </SelectField>
        </section>

        {saved.isError && (
          <Banner tone="error">{errorMessage(saved.error, 'Failed to fetch saved CVs')}</Banner>
        )}
        {saved.isPending ? (
          <p className="py-12 text-center text-slate-600">Loading saved CVs...</p>
        ) : shown.length === 0 ? (
          <EmptyState filtered={list.length > 0} />
        ) : (
          // grid-cols-1 (minmax(0, 1fr)): a card's long content must not widen the page on phones.
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Saved CVs">
            {shown.map((s) => (
              <SavedCard key={s._id} saved={s} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <Card className="p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">No CVs Found</h2>
      {filtered ? (
        <p className="mt-2 text-sm text-slate-600">Try a different search or rank filter.</p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Saved CVs appear here.{' '}
          <Link to="/app/hr-browse-cvs" className="font-semibold text-brand-700 underline">
            Browse CVs
          </Link>{' '}
          to find candidates, or read the{' '}
          <Link to="/hr-introduction" className="font-semibold text-brand-700 underline">
            HR introduction
          </Link>
          .
        </p>
      )}
    </Card>
  );
}

/** What a recruiter decides on, as the browse card shows it: place, experience, top skills. */
function SavedFacts({ saved: s }: { saved: SavedCv }) {
  const place = placeOf(s);
  return (
    <div className="min-w-0 space-y-2 text-sm">
      <ul aria-label="Key facts" className="flex flex-wrap gap-x-3 gap-y-1 text-slate-700">
        {place && <li>{place}</li>}
        <li>{yearsText(s.yearsExperience)}</li>
      </ul>
      {s.topSkills.length > 0 && (
        <ul aria-label="Top skills" className="flex flex-wrap gap-1.5">
          {s.topSkills.map((skill) => (
            <li
              key={skill}
              className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
            >
              {skill}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedCard({ saved: s }: { saved: SavedCv }) {
  const name = s.fullName || 'Unnamed CV';
  const latest = s.notes.slice(0, RECENT_NOTES_PER_CARD);
  const more = s.notes.length - latest.length;
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <Initials name={s.fullName} />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
            {s.headline && <p className="truncate text-sm text-slate-600">{s.headline}</p>}
            {!s.available && (
              <p className="text-xs font-medium text-amber-800">No longer listed publicly</p>
            )}
          </div>
          <RankBadge rank={s.rank} />
        </div>
        {s.available && <SavedFacts saved={s} />}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Views</dt>
          <dd className="text-slate-900">{s.viewCount}</dd>
          <dt className="text-slate-500">Notes</dt>
          <dd className="text-slate-900">{s.notes.length}</dd>
          <dt className="text-slate-500">Saved</dt>
          <dd className="text-slate-900">{shortDate(s.dateSaved)}</dd>
          <dt className="text-slate-500">Last viewed</dt>
          <dd className="text-slate-900">{shortDate(s.lastViewed)}</dd>
        </dl>
        {latest.length > 0 && (
          <ul
            className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm"
            aria-label={`Notes on ${name}`}
          >
            {latest.map((n) => (
              <li key={n._id}>
                <p className="line-clamp-2 text-slate-800">{n.content}</p>
                <time dateTime={n.createdAt} className="text-xs text-slate-500">
                  {dateTime(n.createdAt)}
                </time>
              </li>
            ))}
            {more > 0 && (
              <li className="text-xs font-semibold text-slate-600">+{more} more notes</li>
            )}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          <ButtonLink to={`/app/hr-view-cv/${s._id}`} size="sm" aria-label={`View CV of ${name}`}>
            View CV
          </ButtonLink>
          <ButtonLink
            to={`/app/hr-view-cv/${s._id}`}
            state={{ notes: true }}
            size="sm"
            variant="secondary"
            aria-label={`Add Notes to ${name}`}
          >
            Add Notes
          </ButtonLink>
        </div>
      </Card>
    </li>
  );
}
