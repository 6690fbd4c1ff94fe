import { Fragment, type ReactNode } from 'react';
import { phoneHref } from '@vitae/core/links';
import { cn } from '../../../lib/cn.ts';
import { RichText } from '../../rich-text/index.ts';
import { TagList } from './lists.tsx';

/** One entry of any list section, in the shape every template's entry layout reads (section-blocks.tsx maps each section's entries). */
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

export const blankEntry = { subtitle: '', dates: '', body: '', extra: '', tags: [], contact: [] };

/** An entry headed by a role at an organisation (or the organisation alone). */
export function roleEntry(
  key: string,
  [role, organisation]: [string, string],
  dates: string,
  body: string,
  extra = '',
): EntryModel {
  const subtitle = role ? organisation : '';
  return { ...blankEntry, key, title: role || organisation, subtitle, dates, body, extra };
}

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
      {entry.body && (
        <RichText value={entry.body} className={theme.body ?? 'mt-1 text-sm leading-relaxed'} />
      )}
      {entry.tags.length > 0 && (
        <TagList
          items={entry.tags}
          className={cn('mt-1.5', theme.tags)}
          itemClassName={theme.tag}
        />
      )}
      {entry.extra && (
        <RichText value={entry.extra} className={theme.extra ?? 'mt-1 text-sm italic'} />
      )}
      {entry.contact.length > 0 && (
        <p className={theme.body ?? 'mt-1 text-sm'}>
          {entry.contact.map((value, i) => (
            <Fragment key={value}>
              {i > 0 && ' · '}
              <ContactLink value={value} />
            </Fragment>
          ))}
        </p>
      )}
    </article>
  );
}

/**
 * A reference's email or phone as a link, as the header's contact list links them: clickable on
 * screen and in the PDF (Chromium keeps links as link annotations).
 */
function ContactLink({ value }: { value: string }) {
  const href = value.includes('@') ? `mailto:${value}` : phoneHref(value);
  if (!href) return value;
  return (
    <a href={href} className="hover:underline">
      {value}
    </a>
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
