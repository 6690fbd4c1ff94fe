import type { ReactNode } from 'react';
import type {
  CvData,
  CvEmployment,
  CvExperience,
  CvReference,
  CvSecondaryEducation,
  CvTertiaryEducation,
} from '@vitae/core/cv';
import { formatDateRange } from '@vitae/core/dates';
import { cn } from '../../../lib/cn.ts';
import { TagList } from './lists.tsx';

/** One entry of any list section, in the shape every template's entry layout reads. */
export interface EntryModel {
  key: string;
  title: string;
  subtitle: string;
  dates: string;
  body: string;
  extra: string;
  tags: Array<{ key: string; text: string }>;
  contact: string[];
}

const blank = { subtitle: '', dates: '', body: '', extra: '', tags: [], contact: [] };

/** An entry headed by a role at an organisation (or the organisation alone). */
function roleEntry(
  key: string,
  [role, organisation]: [string, string],
  dates: string,
  body: string,
  extra = '',
): EntryModel {
  const subtitle = role ? organisation : '';
  return { ...blank, key, title: role || organisation, subtitle, dates, body, extra };
}

/** A job; its location (JSON Resume's work `location`) follows the company in the subtitle. */
export function employmentEntry(e: CvEmployment): EntryModel {
  const entry = roleEntry(
    e._id,
    [e.position, e.company],
    formatDateRange(e.startDate, e.endDate, e.current),
    e.description,
  );
  return { ...entry, subtitle: [entry.subtitle, e.location].filter(Boolean).join(' · ') };
}

export const experienceEntry = (e: CvExperience): EntryModel =>
  roleEntry(e._id, [e.title, e.company], formatDateRange(e.startDate, e.endDate), e.description);

export const tertiaryEntry = (e: CvTertiaryEducation): EntryModel =>
  roleEntry(
    e._id,
    [e.certificationType, e.instituteName],
    formatDateRange(e.startDate, e.endDate),
    e.description,
    e.additionalInfo,
  );

/** A school: its name, years, subjects and notes; the section heading already says what it is. */
export function secondaryEntry(e: CvSecondaryEducation): EntryModel {
  return {
    ...blank,
    key: e._id,
    title: e.schoolName,
    dates: formatDateRange(e.startDate, e.endDate),
    extra: e.additionalInfo,
    tags: e.subjects.map((s) => ({ key: s.key, text: s.subject })),
  };
}

export function referenceEntry(r: CvReference): EntryModel {
  return {
    ...blank,
    key: r._id,
    title: r.name,
    subtitle: [r.position, r.company].filter(Boolean).join(', '),
    contact: [r.phone, r.email].filter(Boolean),
  };
}

/** Education for the layouts with one Education section: tertiary first, then secondary. */
export function educationEntries(data: CvData): EntryModel[] {
  return [...data.tertEdus.map(tertiaryEntry), ...data.secondEdu.map(secondaryEntry)];
}

export const interestItems = (data: CvData) =>
  data.interests.map((i) => ({ key: i._id, text: i.interest }));
export const attributeItems = (data: CvData) =>
  data.attributes.map((a) => ({ key: a._id, text: a.attribute }));

export interface EntryTheme {
  root?: string;
  head?: string;
  title?: string;
  subtitle?: string;
  dates?: string;
  body?: string;
  extra?: string;
  tags?: string;
  tag?: string;
  /** Dates beside the title (default), or on their own line under the subtitle. */
  datesBelow?: boolean;
  /** Decoration before the entry (timeline dots, markers). */
  marker?: ReactNode;
}

/** One entry; `cv-entry` keeps it on one page in print where possible. */
export function Entry({ entry, theme = {} }: { entry: EntryModel; theme?: EntryTheme }) {
  const dates = entry.dates && (
    <p className={theme.dates ?? 'text-sm whitespace-nowrap text-slate-500'}>{entry.dates}</p>
  );
  return (
    <article className={cn('cv-entry', theme.root)}>
      {theme.marker}
      <div className={theme.head ?? 'flex flex-wrap items-baseline justify-between gap-x-4'}>
        <h3 className={theme.title ?? 'font-semibold'}>{entry.title}</h3>
        {!theme.datesBelow && dates}
      </div>
      {entry.subtitle && (
        <p className={theme.subtitle ?? 'text-sm text-slate-600'}>{entry.subtitle}</p>
      )}
      {theme.datesBelow && dates}
      {entry.body && <p className={theme.body ?? 'mt-1 text-sm leading-relaxed'}>{entry.body}</p>}
      {entry.tags.length > 0 && (
        <TagList
          items={entry.tags}
          className={cn('mt-1.5', theme.tags)}
          itemClassName={theme.tag}
        />
      )}
      {entry.extra && <p className={theme.extra ?? 'mt-1 text-sm italic'}>{entry.extra}</p>}
      {entry.contact.length > 0 && (
        <p className={theme.body ?? 'mt-1 text-sm'}>{entry.contact.join(' · ')}</p>
      )}
    </article>
  );
}

/** A list of entries with one theme. */
export function EntryList({
  entries,
  theme,
  className,
}: {
  entries: EntryModel[];
  theme?: EntryTheme;
  className?: string;
}) {
  return (
    <div className={className ?? 'space-y-4'}>
      {entries.map((entry) => (
        <Entry key={entry.key} entry={entry} theme={theme} />
      ))}
    </div>
  );
}
