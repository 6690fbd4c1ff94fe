import { useEffect, useState } from 'react';
import { ageFrom, HR_MESSAGES, type BrowseItem } from '@vitae/core/hr';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { PublicCvListBanner } from '../notifications/live-banners.tsx';
import { useBrowse, useSaveCv, type BrowseParams } from './api.ts';
import { HrHeader, Initials, RequireHr, Stat, shortDate } from './hr-parts.tsx';

const PAGE_SIZE = 24;
/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** /app/hr-browse-cvs: listed CVs, searched, filtered and paged on the server. */
export default function HrBrowsePage() {
  return (
    <RequireHr>
      <HrBrowse />
    </RequireHr>
  );
}

function HrBrowse() {
  const [search, setSearch] = useState('');
  const [gender, setGender] = useState<BrowseParams['gender']>('all');
  const [savedOnly, setSavedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const params: BrowseParams = {
    search: debounced,
    gender,
    savedOnly,
    sort: 'newest',
    page,
    limit: PAGE_SIZE,
  };
  const browse = useBrowse(params);
  const save = useSaveCv();
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BrowseItem | null>(null);

  // A new search or filter starts again at page 1.
  useEffect(() => setPage(1), [debounced, gender, savedOnly]);
  useEffect(() => {
    if (browse.isError) setStoreError(errorMessage(browse.error, HR_MESSAGES.fetchPublicFailed));
  }, [browse.isError, browse.error]);

  const doSave = (item: BrowseItem) => {
    const name = item.fullName || 'This candidate';
    save.mutate(item._id, {
      onSuccess: () => {
        setPreview(null);
        setSavedMessage(HR_MESSAGES.savedAlert(name));
      },
      onError: (e) => setStoreError(errorMessage(e, HR_MESSAGES.saveFailed)),
    });
  };

  const data = browse.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="min-h-screen bg-slate-50">
      <HrHeader title="Browse CVs" current="browse" />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <PublicCvListBanner onEvent={() => void browse.refetch()} />
        {savedMessage && (
          <Banner tone="success" onClose={() => setSavedMessage(null)}>
            {savedMessage}
          </Banner>
        )}
        {storeError && (
          <Banner tone="error" onClose={() => setStoreError(null)}>
            {storeError}
          </Banner>
        )}
        <section aria-label="Statistics" className="grid grid-cols-3 gap-3">
          <Stat label="Available CVs" value={data?.stats.available ?? 0} />
          <Stat label="Already Saved" value={data?.stats.saved ?? 0} />
          <Stat
            label="Filtered Results"
            value={data ? `${data.total}${data.totalCapped ? '+' : ''}` : 0}
          />
        </section>
        <section aria-label="Filters" className="grid items-end gap-3 md:grid-cols-[2fr_1fr_auto]">
          <TextField
            label="Search by name"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search CVs by name"
          />
          <SelectField
            label="Gender"
            value={gender}
            onChange={(e) => setGender(e.target.value as BrowseParams['gender'])}
          >
            <option value="all">All genders</option>
            <option value="male">Male</option>
            <option value="female">Female</option>
            <option value="other">Other</option>
          </SelectField>
          <label className="flex h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={savedOnly}
              onChange={(e) => setSavedOnly(e.target.checked)}
              className="size-4"
            />
            Show saved only
          </label>
        </section>

        {browse.isPending ? (
          <p className="py-12 text-center text-slate-600">Loading CVs...</p>
        ) : !data || data.data.length === 0 ? (
          <Card className="p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No CVs Found</h2>
            <p className="mt-2 text-sm text-slate-600">
              {data?.stats.available
                ? 'Try a different search or filter.'
                : 'No CVs are publicly listed yet. New listings appear here live.'}
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Public CVs">
            {data.data.map((item) => (
              <BrowseCard
                key={item._id}
                item={item}
                saving={save.isPending && save.variables === item._id}
                onPreview={() => setPreview(item)}
                onSave={() => doSave(item)}
              />
            ))}
          </ul>
        )}

        {data && (page > 1 || data.hasMore) && (
          <nav aria-label="Pages" className="flex items-center justify-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Previous
            </Button>
            <span className="text-sm text-slate-700">
              {data.totalCapped ? `Page ${page}` : `Page ${page} of ${pages}`}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!data.hasMore}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </main>
      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.fullName || 'Unnamed CV'}
        footer={
          preview && (
            <Button loading={save.isPending} onClick={() => doSave(preview)}>
              Save CV
            </Button>
          )
        }
      >
        {preview && <Details item={preview} />}
      </Dialog>
    </div>
  );
}

function Details({ item }: { item: BrowseItem }) {
  const age = ageFrom(item.dateOfBirth);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {age !== null && (
        <>
          <dt className="text-slate-500">Age</dt>
          <dd className="text-slate-900">{age}</dd>
        </>
      )}
      {item.gender && (
        <>
          <dt className="text-slate-500">Gender</dt>
          <dd className="text-slate-900 capitalize">{item.gender}</dd>
        </>
      )}
      {item.nationality && (
        <>
          <dt className="text-slate-500">Nationality</dt>
          <dd className="text-slate-900">{item.nationality}</dd>
        </>
      )}
      <dt className="text-slate-500">Listed</dt>
      <dd className="text-slate-900">{shortDate(item.listedAt)}</dd>
      {item.viewCount > 0 && (
        <>
          <dt className="text-slate-500">Views</dt>
          <dd className="text-slate-900">{item.viewCount}</dd>
        </>
      )}
    </dl>
  );
}

function BrowseCard({
  item,
  saving,
  onPreview,
  onSave,
}: {
  item: BrowseItem;
  saving: boolean;
  onPreview: () => void;
  onSave: () => void;
}) {
  const name = item.fullName || 'Unnamed CV';
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <Initials name={item.fullName} />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
          </div>
          {item.isSaved && (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
              Saved
            </span>
          )}
        </div>
        <Details item={item} />
        <div className="mt-auto flex flex-wrap gap-2">
          {item.isSaved ? (
            <ButtonLink
              to={`/app/hr-view-cv/${item._id}`}
              size="sm"
              aria-label={`View CV of ${name}`}
            >
              View CV
            </ButtonLink>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={onPreview}
                aria-label={`Preview ${name}`}
              >
                Preview
              </Button>
              <Button size="sm" loading={saving} onClick={onSave} aria-label={`Save CV of ${name}`}>
                Save CV
              </Button>
            </>
          )}
        </div>
      </Card>
    </li>
  );
}
