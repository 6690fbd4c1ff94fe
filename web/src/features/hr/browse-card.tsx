import { ageFrom, type BrowseItem } from '@vitae/core/hr';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Initials, shortDate } from './hr-parts.tsx';

/** "Johannesburg, Gauteng"; empty when neither is known. */
export const placeOf = (item: Pick<BrowseItem, 'city' | 'province'>) =>
  [item.city, item.province].filter(Boolean).join(', ');

export const yearsText = (years: number) =>
  years === 0
    ? 'Under 1 year of experience'
    : `${years} year${years === 1 ? '' : 's'} of experience`;

const chip = 'rounded-full px-2 py-0.5 text-xs font-medium';

/** The facts a recruiter decides on: place, experience, video, summary, skills, languages. */
export function CandidateFacts({ item, full = false }: { item: BrowseItem; full?: boolean }) {
  const place = placeOf(item);
  return (
    <div className="min-w-0 space-y-3 text-sm">
      <ul aria-label="Key facts" className="flex flex-wrap gap-x-3 gap-y-1 text-slate-700">
        {place && <li>{place}</li>}
        <li>{yearsText(item.yearsExperience)}</li>
        {item.hasVideo && (
          <li>
            <span className={`${chip} bg-violet-100 text-violet-800`}>Video introduction</span>
          </li>
        )}
      </ul>
      {item.summaryExcerpt && (
        <p className={full ? 'text-slate-700' : 'line-clamp-3 break-words text-slate-700'}>
          {item.summaryExcerpt}
        </p>
      )}
      {item.topSkills.length > 0 && (
        <ul aria-label="Top skills" className="flex flex-wrap gap-1.5">
          {item.topSkills.map((s) => (
            <li key={s} className={`${chip} max-w-full truncate bg-brand-50 text-brand-800`}>
              {s}
            </li>
          ))}
        </ul>
      )}
      {item.languages.length > 0 && (
        <ul aria-label="Languages" className="flex flex-wrap gap-1.5">
          {item.languages.map((l) => (
            <li key={l.name} className={`${chip} max-w-full truncate bg-slate-100 text-slate-800`}>
              {l.name}
              {l.cefr && (
                <span className="ml-1 font-semibold" title={`CEFR level ${l.cefr}`}>
                  {l.cefr}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Age, gender, nationality, listing date and views. The card leaves out age and gender
 * (`personal={false}`): a recruiter decides on the facts above; the Preview still shows them.
 */
export function Details({ item, personal = true }: { item: BrowseItem; personal?: boolean }) {
  const age = ageFrom(item.dateOfBirth);
  const rows: [string, string | number][] = [];
  if (personal && age !== null) rows.push(['Age', age]);
  if (personal && item.gender) rows.push(['Gender', item.gender]);
  if (item.nationality) rows.push(['Nationality', item.nationality]);
  rows.push(['Listed', shortDate(item.listedAt)]);
  if (item.viewCount > 0) rows.push(['Views', item.viewCount]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className={label === 'Gender' ? 'text-slate-900 capitalize' : 'text-slate-900'}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The name with the latest position under it. */
export function CandidateTitle({ item, as: Tag = 'h2' }: { item: BrowseItem; as?: 'h2' | 'p' }) {
  return (
    <div className="min-w-0 flex-1">
      <Tag className="truncate text-base font-semibold text-slate-900">
        {item.fullName || 'Unnamed CV'}
      </Tag>
      {item.headline && <p className="truncate text-sm text-slate-600">{item.headline}</p>}
    </div>
  );
}

export function BrowseCard({
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
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <Initials name={item.fullName} />
          <CandidateTitle item={item} />
          {item.isSaved && (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
              Saved
            </span>
          )}
        </div>
        <CandidateFacts item={item} />
        <Details item={item} personal={false} />
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
