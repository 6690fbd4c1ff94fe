import type { ReactNode } from 'react';
import type {
  CvData,
  CvEmployment,
  CvExperience,
  CvLanguage,
  CvPersonalInfo,
  CvReference,
  CvSecondaryEducation,
  CvSkill,
  CvTertiaryEducation,
} from '@vitae/core/cv';
import type {
  CustomSectionKind,
  CvCustomEntry,
  CvCustomSection,
} from '@vitae/core/custom-section-keys';
import { formatDateRange, formatMonthYear } from '@vitae/core/dates';
import { cn } from '../../../lib/cn.ts';
import { RichText } from '../../rich-text/index.ts';
import { blankEntry, EntryList, roleEntry, type EntryModel } from './entries.tsx';
import type { IconName } from './icons.tsx';
import { BulletList, TagList } from './lists.tsx';
import {
  DetailList,
  personalDetailRows,
  personalInformationRows,
  type DetailRow,
} from './personal-details.tsx';
import { cvSummaryText, type SectionId } from './section-fields.ts';
import type {
  EntryGroup,
  RatedItem,
  RatedTheme,
  ScoredItem,
  ShortListTheme,
  TemplateTheme,
} from './theme.ts';

/** A job; its location (JSON Resume's work `location`) follows the company in the subtitle. */
function employmentEntry(e: CvEmployment): EntryModel {
  const entry = roleEntry(
    e._id,
    [e.position, e.company],
    formatDateRange(e.startDate, e.endDate, e.current),
    e.description,
  );
  return { ...entry, subtitle: [entry.subtitle, e.location].filter(Boolean).join(' · ') };
}

const experienceEntry = (e: CvExperience): EntryModel =>
  roleEntry(e._id, [e.title, e.company], formatDateRange(e.startDate, e.endDate), e.description);

const tertiaryEntry = (e: CvTertiaryEducation): EntryModel =>
  roleEntry(
    e._id,
    [e.certificationType, e.instituteName],
    formatDateRange(e.startDate, e.endDate),
    e.description,
    e.additionalInfo,
  );

/** A school: its name, years, subjects and notes; the section heading already says what it is. */
function secondaryEntry(e: CvSecondaryEducation): EntryModel {
  return {
    ...blankEntry,
    key: e._id,
    title: e.schoolName,
    dates: formatDateRange(e.startDate, e.endDate),
    extra: e.additionalInfo,
    tags: e.subjects.map((s) => ({ key: s.key, text: s.subject })),
  };
}

function referenceEntry(r: CvReference): EntryModel {
  return {
    ...blankEntry,
    key: r._id,
    title: r.name,
    subtitle: [r.position, r.company].filter(Boolean).join(', '),
    contact: [r.phone, r.email].filter(Boolean),
  };
}

/** Education for the layouts with one Education section: tertiary first, then secondary. */
function educationEntries(data: CvData): EntryModel[] {
  return [...data.tertEdus.map(tertiaryEntry), ...data.secondEdu.map(secondaryEntry)];
}

const interestItems = (data: CvData) =>
  data.interests.map((i) => ({ key: i._id, text: i.interest }));
const attributeItems = (data: CvData) =>
  data.attributes.map((a) => ({ key: a._id, text: a.attribute }));

// Themes draw kinds of content; these say which kind a section's items are.
const skillRating = ({ _id, skill, level, label }: CvSkill): RatedItem => ({
  _id,
  name: skill,
  level,
  label,
});
const languageScores = (l: CvLanguage): ScoredItem => ({
  _id: l._id,
  name: l.languageName,
  label: l.proficiency,
  read: l.read,
  write: l.write,
  speak: l.speak,
  cefr: l.cefr,
});

/**
 * What one CV section shows, in any template: its default title, the icon templates with
 * icons put beside it, whether the CV has data for it (no data, no heading), and its content
 * drawn with the template's theme (`list`: the layout's list classes for this place). A layout
 * places sections by id; a new section is one more block here.
 */
export interface SectionBlock {
  title: string;
  icon: IconName;
  has: (data: CvData) => boolean;
  render: (data: CvData, theme: TemplateTheme, list?: string) => ReactNode;
}

/** A section that shows when the CV has at least one of its items. */
function listBlock<T>(
  [title, icon]: [string, IconName],
  items: (data: CvData, theme?: TemplateTheme) => T[],
  render: (items: T[], theme: TemplateTheme, list?: string) => ReactNode,
): SectionBlock {
  return {
    title,
    icon,
    has: (data) => items(data).length > 0,
    render: (data, theme, list) => render(items(data, theme), theme, list),
  };
}

/**
 * A list of entries drawn with its group's entry look and list classes (the layout's, then the
 * theme's for the group, then `fallback`, then the theme's default list).
 */
const entryBlock = (
  heading: [string, IconName],
  group: EntryGroup,
  entries: (data: CvData) => EntryModel[],
  fallback?: string,
) =>
  listBlock(heading, entries, (items, theme, list) => (
    <EntryList
      entries={items}
      theme={theme.entries?.[group] ?? theme.entry}
      className={list ?? theme.lists?.[group] ?? fallback ?? theme.entryList}
    />
  ));

/** Label / value rows about the person. */
const detailBlock = (
  heading: [string, IconName],
  rows: (info: CvPersonalInfo | null, licence?: 'Yes' | 'Valid') => DetailRow[],
) =>
  listBlock(
    heading,
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

export const SECTION_BLOCKS = {
  summary: {
    title: 'Summary',
    icon: 'user',
    has: (data) => Boolean(cvSummaryText(data)),
    render: (data, { lead }) => {
      const text = cvSummaryText(data);
      return typeof lead === 'function' ? (
        lead(text, data)
      ) : (
        <RichText value={text} className={lead} />
      );
    },
  },
  'personal-details': detailBlock(['Personal Details', 'id'], personalDetailRows),
  'personal-information': detailBlock(['Personal Information', 'id'], personalInformationRows),
  employment: entryBlock(['Employment History', 'briefcase'], 'work', (data) =>
    data.employHistorys.map(employmentEntry),
  ),
  experience: entryBlock(['Additional Experience', 'rocket'], 'work', (data) =>
    data.experiences.map(experienceEntry),
  ),
  education: entryBlock(['Education', 'graduation'], 'study', educationEntries),
  tertiary: entryBlock(['Tertiary Education', 'graduation'], 'study', (data) =>
    data.tertEdus.map(tertiaryEntry),
  ),
  secondary: entryBlock(['Secondary Education', 'school'], 'study', (data) =>
    data.secondEdu.map(secondaryEntry),
  ),
  skills: listBlock(
    ['Skills', 'sparkle'],
    (data) => data.skills.map(skillRating),
    (items, t) => ratedList(items, t.ratings),
  ),
  languages: listBlock(
    ['Languages', 'translate'],
    (data) => data.languages.map(languageScores),
    (items, t) => ratedList(items, t.scores),
  ),
  interests: listBlock(['Interests', 'heart'], interestItems, (items, t) =>
    shortList(items, t.shortList),
  ),
  attributes: listBlock(['Attributes', 'badge'], attributeItems, (items, t) =>
    shortList(items, t.accentList),
  ),
  // References default to two columns.
  references: entryBlock(
    ['References', 'users'],
    'people',
    (data) => data.references.map(referenceEntry),
    'grid gap-4 sm:grid-cols-2',
  ),
} satisfies Record<SectionId, SectionBlock>;

/**
 * A custom section's dates: a range when it has both ends, else the one date it has (an award's
 * day, a publication's); never "Present" for a missing end, which a custom entry does not mean.
 */
function customDates(e: CvCustomEntry): string {
  const from = formatMonthYear(e.startDate);
  const to = formatMonthYear(e.endDate);
  return from && to ? (from === to ? from : `${from} – ${to}`) : from || to;
}

const customEntry = (e: CvCustomEntry): EntryModel => ({
  ...blankEntry,
  key: e._id,
  title: e.title,
  subtitle: [e.subtitle, e.place].filter(Boolean).join(' · '),
  dates: customDates(e),
  body: e.description,
});

const CUSTOM_ICONS: Record<CustomSectionKind, IconName> = {
  volunteer: 'heart',
  awards: 'badge',
  publications: 'id',
  projects: 'rocket',
  other: 'sparkle',
};

/**
 * A section the user made (issue 30): its own title, entries drawn as the templates draw work
 * history (the `work` group's look and list classes).
 */
export const CUSTOM_SECTION_BLOCK = {
  icon: (section: CvCustomSection): IconName => CUSTOM_ICONS[section.kind] ?? 'sparkle',
  has: (section: CvCustomSection) => section.entries.length > 0,
  render: (section: CvCustomSection, theme: TemplateTheme): ReactNode => (
    <EntryList
      entries={section.entries.map(customEntry)}
      theme={theme.entries?.work ?? theme.entry}
      className={theme.lists?.work ?? theme.entryList}
    />
  ),
};

export {
  CONTACT_FIELD,
  cvContact,
  cvOwner,
  cvSummaryText,
  SECTION_FIELDS_OF,
  type SectionId,
} from './section-fields.ts';
