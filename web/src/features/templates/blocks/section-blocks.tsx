import type { ReactNode } from 'react';
import type { CvData, CvPersonalInfo } from '@vitae/core/cv';
import { cn } from '../../../lib/cn.ts';
import type { SectionId } from './cv-section.tsx';
import {
  attributeItems,
  educationEntries,
  EntryList,
  employmentEntry,
  experienceEntry,
  interestItems,
  referenceEntry,
  secondaryEntry,
  tertiaryEntry,
  type EntryModel,
} from './entries.tsx';
import { BulletList, TagList } from './lists.tsx';
import {
  DetailList,
  personalDetailRows,
  personalInformationRows,
  type DetailRow,
} from './personal-details.tsx';
import type { RatedTheme, ShortListTheme, TemplateTheme } from './theme.ts';

/**
 * What one CV section shows, in any template: its default title, whether the CV has data for
 * it (no data, no heading), and its content drawn with the template's theme. A layout places
 * sections by id; a new section is one more block here.
 */
export interface SectionBlock {
  title: string;
  has: (data: CvData) => boolean;
  render: (data: CvData, theme: TemplateTheme, id: SectionId) => ReactNode;
}

/** A section that shows when the CV has at least one of its items. */
function listBlock<T>(
  title: string,
  items: (data: CvData, theme?: TemplateTheme) => T[],
  render: (items: T[], theme: TemplateTheme, id: SectionId) => ReactNode,
): SectionBlock {
  return {
    title,
    has: (data) => items(data).length > 0,
    render: (data, theme, id) => render(items(data, theme), theme, id),
  };
}

/** A list of entries; references default to two columns, the rest to the theme's list. */
const entryBlock = (title: string, entries: (data: CvData) => EntryModel[]) =>
  listBlock(title, entries, (items, theme, id) => (
    <EntryList
      entries={items}
      theme={theme.entries?.[id] ?? theme.entry}
      className={
        theme.lists?.[id] ?? (id === 'references' ? 'grid gap-4 sm:grid-cols-2' : theme.entryList)
      }
    />
  ));

/** Label / value rows about the person. */
const detailBlock = (
  title: string,
  rows: (info: CvPersonalInfo | null, licence?: 'Yes' | 'Valid') => DetailRow[],
) =>
  listBlock(
    title,
    (data, theme) => rows(data.personalInfo, theme?.details?.licence),
    (items, { details = {} }) => (
      <DetailList
        rows={items}
        className={details.className}
        labelClassName={details.label}
        valueClassName={details.value}
      />
    ),
  );

function ratedList<T extends { _id: string }>(items: T[], theme: RatedTheme<T>): ReactNode {
  if (typeof theme === 'function') return theme(items);
  return (
    <ul className={theme.className}>
      {items.map((item) => (
        <li key={item._id} className={cn('cv-entry', theme.item)}>
          {theme.render(item)}
        </li>
      ))}
    </ul>
  );
}

function shortList(items: Array<{ key: string; text: string }>, theme: ShortListTheme): ReactNode {
  const { as, className, item, marker } = theme;
  if (as === 'inline') return <p className={className}>{items.map((i) => i.text).join(' · ')}</p>;
  if (as === 'bullets') {
    return <BulletList items={items} className={className} itemClassName={item} marker={marker} />;
  }
  return <TagList items={items} className={className} itemClassName={item} />;
}

export const SECTION_BLOCKS: Record<SectionId, SectionBlock> = {
  summary: {
    title: 'Summary',
    has: (data) => Boolean(data.personalSummary?.summary),
    render: (data, theme) => {
      const text = data.personalSummary?.summary ?? '';
      if (typeof theme.summary === 'function') return theme.summary(text, data);
      return <p className={theme.summary}>{text}</p>;
    },
  },
  'personal-details': detailBlock('Personal Details', personalDetailRows),
  'personal-information': detailBlock('Personal Information', personalInformationRows),
  employment: entryBlock('Employment History', (data) => data.employHistorys.map(employmentEntry)),
  experience: entryBlock('Additional Experience', (data) => data.experiences.map(experienceEntry)),
  education: entryBlock('Education', educationEntries),
  tertiary: entryBlock('Tertiary Education', (data) => data.tertEdus.map(tertiaryEntry)),
  secondary: entryBlock('Secondary Education', (data) => data.secondEdu.map(secondaryEntry)),
  skills: listBlock(
    'Skills',
    (data) => data.skills,
    (items, t) => ratedList(items, t.skills),
  ),
  languages: listBlock(
    'Languages',
    (data) => data.languages,
    (items, t) => ratedList(items, t.languages),
  ),
  interests: listBlock('Interests', interestItems, (items, t) => shortList(items, t.interests)),
  attributes: listBlock('Attributes', attributeItems, (items, t) => shortList(items, t.attributes)),
  references: entryBlock('References', (data) => data.references.map(referenceEntry)),
};
