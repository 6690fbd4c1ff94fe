/**
 * A CV as a plain document, apart from any file format: the name and headline, the contact
 * lines, then each section in the user's order with its title and content. The Word and the
 * plain-text export both write this, so they say the same things in the same order.
 *
 * What it says follows the templates (web/src/features/templates/blocks/section-blocks.tsx and
 * personal-details.tsx): their default section titles, dates (core/src/dates.ts), level words
 * (core/src/levels.ts; an unrated skill or language has none) and the arrangement rules of
 * docs/decisions/0009-section-arrangement.md (hidden personal information drops the details,
 * never the name; hidden contact information drops the contact lines).
 */
import { SECTION_KEYS, type CvData } from '@vitae/core';
import { keysInOrder, type ArrangementKey } from '@vitae/core/arrangement-order';
import {
  customKey,
  isCustomKey,
  type CvCustomEntry,
  type CvCustomSection,
} from '@vitae/core/custom-section-keys';
import { formatDateRange, formatDay, formatMonthYear } from '@vitae/core/dates';
import { languageLevelLabel } from '@vitae/core/levels';
import { linkedInHref, webHref } from '@vitae/core/links';
import type { SectionKey } from '@vitae/core/sections/index';
import { richBlocks, safeLink, type Block, type Run } from './rich-blocks.ts';

/** One job, course, school or referee: a title, the line under it, and what it says. */
export interface DocEntry {
  kind: 'entry';
  title: string;
  subtitle: string;
  dates: string;
  /** The first month (`yyyy-mm`) or year the dates name, as the CV holds it; '' without. */
  start: string;
  body: Block[];
}

export type DocItem = Block | DocEntry;

export interface DocSection {
  /** A data section's key, or a custom section's `custom:<id>` (issue 30). */
  key: ArrangementKey;
  title: string;
  items: DocItem[];
}

export interface CvDocument {
  name: string;
  headline: string;
  /** Contact details, one line each (links where they are addresses). */
  contact: Run[][];
  sections: DocSection[];
}

/** The sections' order when the user has set none: template 01's (the default template). */
export const DEFAULT_ORDER: readonly SectionKey[] = [
  'personal-summary',
  'personal-info',
  'employment-history',
  'experience',
  'tertiary-education',
  'secondary-education',
  'skill',
  'language',
  'interest',
  'attribute',
  'reference',
  'contact-info',
];

/** The blocks' default titles (section-blocks.tsx): what a section is called unless renamed. */
export const DEFAULT_TITLES: Record<SectionKey, string> = {
  'personal-summary': 'Summary',
  'personal-info': 'Personal Details',
  'contact-info': 'Contact',
  'employment-history': 'Employment History',
  experience: 'Additional Experience',
  'tertiary-education': 'Tertiary Education',
  'secondary-education': 'Secondary Education',
  skill: 'Skills',
  language: 'Languages',
  interest: 'Interests',
  attribute: 'Attributes',
  reference: 'References',
};

/** "Label: value", one of a group of such lines (no space between them). */
const labelled = (label: string, value: string): Block => ({
  kind: 'paragraph',
  runs: [{ text: `${label}: `, bold: true }, { text: value }],
  line: true,
});
const bullets = (items: string[]): Block[] =>
  items.length === 0
    ? []
    : [{ kind: 'list', ordered: false, items: items.map((t) => [{ text: t }]) }];
const joined = (parts: Array<string | null | undefined>, separator: string) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(separator);
const capitalise = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : '');

/** A link run when `href` is a web or mail address, else plain text. */
function linkRun(value: string, href: string | undefined): Run {
  const link = safeLink(href);
  return link ? { text: value, link } : { text: value };
}

/** Date of birth, gender, nationality and licence, as most templates list them. */
function personalDetails(data: CvData): Block[] {
  const info = data.personalInfo;
  if (!info) return [];
  const licence = info.driversLicense
    ? info.licenseCode
      ? `Code ${info.licenseCode}`
      : 'Yes'
    : '';
  return [
    ['Date of birth', formatDay(info.dateOfBirth)],
    ['Gender', capitalise(info.gender)],
    ['Nationality', info.nationality],
    ["Driver's licence", licence],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => labelled(label!, value!));
}

/** "Senior Developer — Expert"; an unrated skill is its name alone. */
const skillLine = (s: CvData['skills'][number]) => joined([s.skill, s.label], ' — ');

/** "English — Proficient · Read: Proficient, Write: Advanced, Speak: Proficient · CEFR C1". */
function languageLine(l: CvData['languages'][number]): string {
  const scores = (
    [
      ['Read', l.read],
      ['Write', l.write],
      ['Speak', l.speak],
    ] as const
  )
    .map(([label, value]) => {
      const word = languageLevelLabel(value);
      return word ? `${label}: ${word}` : '';
    })
    .filter(Boolean)
    .join(', ');
  return joined(
    [l.languageName, joined([l.proficiency, scores, l.cefr ? `CEFR ${l.cefr}` : ''], ' · ')],
    ' — ',
  );
}

/** When an entry ran: its dates as the templates write them, and the start as held. */
const when = (startDate: string, endDate: string, current?: boolean) => ({
  text: formatDateRange(startDate, endDate, current),
  start: startDate.trim(),
});

const entry = (
  title: string,
  subtitle: string,
  dates: { text: string; start: string },
  ...bodies: Array<string | null | undefined>
): DocEntry => ({
  kind: 'entry',
  title: title.trim(),
  subtitle: subtitle.trim(),
  dates: dates.text,
  start: dates.start,
  body: bodies.flatMap((b) => richBlocks(b)),
});

/** What each section holds, in the templates' wording. */
const CONTENT: Record<SectionKey, (data: CvData) => DocItem[]> = {
  'personal-summary': (data) => richBlocks(data.personalSummary?.summary),
  'personal-info': personalDetails,
  // The header carries the contact details.
  'contact-info': () => [],
  'employment-history': (data) =>
    data.employHistorys.map((e) =>
      entry(
        e.position,
        joined([e.company, e.location], ' · '),
        when(e.startDate, e.endDate, e.current),
        e.description,
      ),
    ),
  experience: (data) =>
    data.experiences.map((e) =>
      entry(e.title, e.company, when(e.startDate, e.endDate), e.description),
    ),
  'tertiary-education': (data) =>
    data.tertEdus.map((e) =>
      entry(
        e.certificationType,
        e.instituteName,
        when(e.startDate, e.endDate),
        e.description,
        e.additionalInfo,
      ),
    ),
  'secondary-education': (data) =>
    data.secondEdu.map((e) => {
      const subjects = e.subjects.map((s) => s.subject.trim()).filter(Boolean);
      const done = entry(e.schoolName, '', when(e.startDate, e.endDate), e.additionalInfo);
      if (subjects.length > 0) done.body.push(labelled('Subjects', subjects.join(', ')));
      return done;
    }),
  skill: (data) => bullets(data.skills.map(skillLine).filter(Boolean)),
  language: (data) => bullets(data.languages.map(languageLine).filter(Boolean)),
  interest: (data) => bullets(data.interests.map((i) => i.interest.trim()).filter(Boolean)),
  attribute: (data) => bullets(data.attributes.map((a) => a.attribute.trim()).filter(Boolean)),
  reference: (data) =>
    data.references.map((r) => {
      const done = entry(r.name, joined([r.position, r.company], ', '), { text: '', start: '' });
      const contact: Run[] = [];
      if (r.phone.trim()) contact.push({ text: r.phone.trim() });
      if (r.email.trim()) {
        if (contact.length > 0) contact.push({ text: ' · ' });
        contact.push(linkRun(r.email.trim(), `mailto:${r.email.trim()}`));
      }
      if (contact.length > 0) done.body.push({ kind: 'paragraph', runs: contact, line: true });
      return done;
    }),
};

/**
 * The contact lines under the name, labelled as the ink-friendly layout labels them (a
 * screening system finds "Email:" and "Phone:" at once): email, phone, the address in one line
 * (cv-header.tsx `addressLine`), LinkedIn and website, each address a link.
 */
function contactLines(data: CvData): Run[][] {
  const c = data.contactInfo;
  if (!c) return [];
  const lines: Run[][] = [];
  const add = (label: string, value: string, href?: string) => {
    const trimmed = value.trim();
    if (trimmed) lines.push([{ text: `${label}: `, bold: true }, linkRun(trimmed, href)]);
  };
  add('Email', c.email, `mailto:${c.email.trim()}`);
  add('Phone', c.phone, '');
  add(
    'Address',
    joined(
      [c.unit, c.complex, c.address, c.suburb, c.city, c.province, c.postalCode, c.country],
      ', ',
    ),
    '',
  );
  add('LinkedIn', c.linkedin, linkedInHref(c.linkedin.trim()) ?? '');
  add('Website', c.website, webHref(c.website.trim()) ?? '');
  return lines;
}

/**
 * A custom entry's dates as the templates write them (section-blocks.tsx `customDates`): a
 * range with both ends, else the one date it has; never "Present" for a missing end.
 */
function customDates(e: CvCustomEntry): string {
  const from = formatMonthYear(e.startDate);
  const to = formatMonthYear(e.endDate);
  return from && to ? (from === to ? from : `${from} – ${to}`) : from || to;
}

/** A custom section's entries: title, then subtitle and place, dates and the description. */
const customItems = (section: CvCustomSection): DocItem[] =>
  section.entries.map((e) =>
    // Free-form dates: no start a parser is held to.
    entry(
      e.title,
      joined([e.subtitle, e.place], ' · '),
      { text: customDates(e), start: '' },
      e.description,
    ),
  );

/** Every section, the default order's first (a section it does not list yet still shows). */
const ALL_IN_ORDER: readonly SectionKey[] = [
  ...DEFAULT_ORDER,
  ...SECTION_KEYS.filter((key) => !DEFAULT_ORDER.includes(key)),
];

/** The document of a CV, with its arrangement applied. */
export function cvDocument(data: CvData): CvDocument {
  const { order, hidden, titles } = data.arrangement;
  const shown = (key: ArrangementKey) => !hidden.includes(key);
  // Data from an older cache has no custom sections.
  const custom = new Map((data.customSections ?? []).map((s) => [customKey(s._id), s]));
  const sections: DocSection[] = [];
  for (const key of keysInOrder<ArrangementKey>({ order, hidden, titles }, [
    ...ALL_IN_ORDER,
    ...custom.keys(),
  ])) {
    if (!shown(key)) continue;
    if (isCustomKey(key)) {
      const section = custom.get(key)!;
      const items = customItems(section);
      if (items.length > 0) sections.push({ key, title: section.title.trim(), items });
      continue;
    }
    const items = CONTENT[key](data);
    if (items.length === 0) continue;
    sections.push({ key, title: titles[key] ?? DEFAULT_TITLES[key], items });
  }
  return {
    name: data.personalInfo?.fullName.trim() ?? '',
    headline: data.personalInfo?.headline.trim() ?? '',
    contact: shown('contact-info') ? contactLines(data) : [],
    sections,
  };
}
