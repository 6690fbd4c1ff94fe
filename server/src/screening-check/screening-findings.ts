/**
 * What a screening system reads of a CV (issue 35): the lines the PDF import read from the CV's
 * own PDF, and what its parser found in them, set against what the CV holds. Pure: the route
 * renders the PDF and reads it; this compares.
 *
 * The column check works from reading order alone: each section's own words (a job's title
 * and company, a skill, a school) are found in the lines, and where two sections' lines
 * alternate (A, B, A) the parser read across columns, or one line holds words of both.
 */
import { SECTIONS, SECTION_KEYS, type CvData, type SectionKey } from '@vitae/core';
import { isCustomKey } from '@vitae/core/custom-section-keys';
import { TEMPLATE_TITLES } from '@vitae/core/template-titles';
import type {
  ScreeningCheck,
  ScreeningContact,
  ScreeningSection,
  ScreeningWarning,
} from '@vitae/core/screening-check';
import type { CvDocument, DocSection } from '../cv-export/index.ts';

type Rec = Record<string, unknown>;

/** What the PDF import made of the PDF: its lines in reading order and the parser's finds. */
export interface ParsedPdf {
  text: string[];
  sections: Partial<Record<SectionKey, Rec[]>>;
}

export interface FindingsInput {
  data: CvData;
  /** The CV as a document (cv-export): its shown sections, in order, with their titles. */
  doc: CvDocument;
  parsed: ParsedPdf;
  /** True when a parser knows the heading (the import's own heading words). */
  knownHeading: (title: string) => boolean;
  template: string;
}

/** Lower-case words separated by single spaces: how lines and CV text are compared. */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // "5/5English": a level run into the next column's word.
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .trim();

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const digits = (s: string) => s.replace(/\D/g, '');
/** A web address without its scheme, "www." and trailing slash. */
const bareLink = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/**
 * The sections read as one with `key`: those sharing its JSON Resume list (templates 09, 10
 * and ink-friendly print one Education heading over both schools and courses).
 */
function readAsOne(key: SectionKey): SectionKey[] {
  const place = SECTIONS[key].jsonResume.place;
  if (!place || place === 'basics') return [key];
  return SECTION_KEYS.filter((k) => SECTIONS[k].jsonResume.place === place);
}

/** The parser's one record of each single section, as one: the name, contact, details. */
function singleRecord(parsed: ParsedPdf): Rec {
  const singles = SECTION_KEYS.filter((k) => SECTIONS[k].kind === 'single');
  return Object.assign({}, ...singles.map((k) => parsed.sections[k]?.[0] ?? {})) as Rec;
}

function sectionFound(key: SectionKey, parsed: ParsedPdf): boolean {
  if (SECTIONS[key].kind === 'single') {
    // The parser always files the name and headline; a single section is its fields besides.
    const rec = parsed.sections[key]?.[0] ?? {};
    return Object.keys(rec).some((k) => k !== 'fullName' && k !== 'headline');
  }
  return readAsOne(key).some((k) => (parsed.sections[k]?.length ?? 0) > 0);
}

/** A heading as the PDF sets it: maybe in capitals, maybe letter-spaced. */
function headingInText(title: string, lines: readonly string[]): boolean {
  const want = fold(title).replace(/ /g, '');
  return want !== '' && lines.some((l) => fold(l).replace(/ /g, '') === want);
}

function sectionsOf({ doc, parsed, knownHeading }: FindingsInput): ScreeningSection[] {
  return doc.sections.map(({ key, title }) => ({
    key,
    title,
    found: isCustomKey(key)
      ? knownHeading(title) && headingInText(title, parsed.text)
      : sectionFound(key, parsed),
  }));
}

const CONTACT_LABELS: Record<ScreeningContact['field'], string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn',
  website: 'Website',
};

function sameContact(field: ScreeningContact['field'], held: string, read: string): boolean {
  if (!read) return false;
  switch (field) {
    case 'name':
      return fold(held) === fold(read);
    case 'email':
      return held.toLowerCase() === read.toLowerCase();
    case 'phone':
      // "+27 82 555 0147" is "082 555 0147": the last nine digits say it.
      return digits(held).slice(-9) === digits(read).slice(-9);
    default: {
      const [a, b] = [bareLink(held), bareLink(read)];
      return a === b || a.endsWith(b) || b.endsWith(a);
    }
  }
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** Whether a contact detail is in a text (spaces aside). */
function contactIn(field: ScreeningContact['field'], held: string, text: string): boolean {
  if (field === 'phone') return digits(text).includes(digits(held));
  const want = field === 'linkedin' || field === 'website' ? bareLink(held) : held;
  return squash(text).includes(squash(want));
}

/** Where a contact detail is in the PDF's lines: on one, broken over two or three, or nowhere. */
function whereIs(field: ScreeningContact['field'], held: string, lines: readonly string[]) {
  if (lines.some((l) => contactIn(field, held, l))) return 'line';
  const broken = lines.some((_, i) => contactIn(field, held, lines.slice(i, i + 3).join('')));
  return broken ? 'broken' : 'absent';
}

/** The contact lines' labels (cv-export's `contactLines`) and the details they give. */
const CONTACT_FIELDS: Record<string, ScreeningContact['field']> = {
  Email: 'email',
  Phone: 'phone',
  LinkedIn: 'linkedin',
  Website: 'website',
};

function contactOf({ doc, parsed }: FindingsInput): {
  contact: ScreeningContact[];
  warnings: ScreeningWarning[];
} {
  const read = singleRecord(parsed);
  const held: Array<[ScreeningContact['field'], string, string]> = [
    ['name', doc.name, str(read.fullName)],
  ];
  // The document's contact lines ("Email: …"): hidden contact information has none.
  for (const line of doc.contact) {
    const field = CONTACT_FIELDS[(line[0]?.text ?? '').replace(/:\s*$/, '')];
    const value = line
      .slice(1)
      .map((r) => r.text)
      .join('')
      .trim();
    if (field) held.push([field, value, str(read[field])]);
  }
  const contact: ScreeningContact[] = [];
  const warnings: ScreeningWarning[] = [];
  for (const [field, value, got] of held) {
    if (!value) continue;
    const label = CONTACT_LABELS[field];
    const found = sameContact(field, value, got);
    contact.push({ field, label, value, read: got, found });
    if (found) continue;
    const noun = field === 'linkedin' ? label : label.toLowerCase();
    const where = whereIs(field, value, parsed.text);
    const misread = got ? ` (it read “${got}”)` : '';
    const message =
      where === 'absent'
        ? `Your ${noun} (${value}) is not in the PDF's text: it may show only as an icon or a link, which a screening system cannot read. Write it out in full.`
        : where === 'broken'
          ? `Your ${noun} (${value}) is broken over two lines (a narrow column), so the parser did not read it whole${misread}. A wider column keeps it on one line.`
          : `Your ${noun} (${value}) is in the text, but the parser did not pick it out as your ${noun}${misread}.`;
    warnings.push({ kind: 'contact', message });
  }
  return { contact, warnings };
}

/** The entries of a section of the document (jobs, courses, schools, referees…). */
const entriesOf = (section: DocSection) =>
  section.items.flatMap((i) => (i.kind === 'entry' ? [i] : []));

/** Dates the CV holds that the parser did not read as dates, in the sections it found. */
function dateWarnings({ doc, parsed }: FindingsInput): ScreeningWarning[] {
  const warnings: ScreeningWarning[] = [];
  for (const section of doc.sections) {
    const { key } = section;
    if (isCustomKey(key) || !sectionFound(key, parsed)) continue;
    // A school's dates are years (startYear).
    const starts = readAsOne(key).flatMap((k) =>
      (parsed.sections[k] ?? []).map((r) => str(r.startDate) || str(r.startYear)),
    );
    for (const e of entriesOf(section)) {
      const month = e.start.slice(0, 7);
      if (!month) continue;
      const read = starts.some(
        (s) => s && (s === month || (s.length === 4 && month.startsWith(s))),
      );
      if (read) continue;
      const name = e.title || e.subtitle;
      warnings.push({
        kind: 'date',
        message: `The dates of “${name}” (${e.dates}) were not recognised as dates, so a screening system may not know when you held it.`,
      });
    }
  }
  return warnings;
}

/** The template's own title for a section the user did not rename, if it has one. */
function templateTitle({ data, template }: FindingsInput, key: DocSection['key']) {
  if (isCustomKey(key) || data.arrangement.titles[key]) return undefined;
  return TEMPLATE_TITLES[template as keyof typeof TEMPLATE_TITLES]?.[SECTIONS[key].cv.field];
}

/** The CV's document with each section titled as the PDF prints it. */
function asPrinted(input: FindingsInput): FindingsInput {
  const sections = input.doc.sections.map((s) => ({
    ...s,
    title: templateTitle(input, s.key) ?? s.title,
  }));
  return { ...input, doc: { ...input.doc, sections } };
}

/** Titles the user or the template gave that a parser does not know as headings. */
function headingWarnings(input: FindingsInput): ScreeningWarning[] {
  const { data, doc, knownHeading } = input;
  const renamed = data.arrangement.titles;
  const warnings: ScreeningWarning[] = [];
  const playful: string[] = [];
  for (const { key, title } of doc.sections) {
    if (knownHeading(title)) continue;
    if (isCustomKey(key)) {
      warnings.push({
        kind: 'heading',
        message: `“${title}” is not a heading a screening system knows: what it lists may be read as part of the section above it.`,
      });
    } else if (renamed[key]) {
      warnings.push({
        kind: 'heading',
        message: `You renamed a section “${title}”, which a screening system does not know as a heading: it may not find what the section holds. A usual title is read everywhere.`,
      });
    } else if (templateTitle(input, key)) {
      playful.push(`“${title}”`);
    }
  }
  // One warning for the template's own titles: they come and go together with it.
  if (playful.length === 1) {
    warnings.push({
      kind: 'heading',
      message: `This template titles a section ${playful[0]}, which a screening system does not know as a heading: it may not find what the section holds. Give the section its usual title in Layout, or choose a template with usual titles.`,
    });
  } else if (playful.length > 1) {
    warnings.push({
      kind: 'heading',
      message: `This template titles sections ${playful.slice(0, -1).join(', ')} and ${playful.at(-1)}, which a screening system does not know as headings: it may not find what they hold. Give them their usual titles in Layout, or choose a template with usual titles.`,
    });
  }
  return warnings;
}

/**
 * Each section's own words, as its document says them: an entry's title and the parts of the
 * line under it (a job's position and company), a list item's name (a skill before its level).
 * Paragraphs (a summary, the personal details) tell nothing of where a column is.
 */
function sectionWords(section: DocSection): string[] {
  return section.items.flatMap((item) => {
    if (item.kind === 'entry') return [item.title, ...item.subtitle.split(/ · |, /)];
    if (item.kind === 'list')
      return item.items.map(
        (runs) =>
          runs
            .map((r) => r.text)
            .join('')
            .split(' — ')[0]!,
      );
    return [];
  });
}

/** Sections whose lines alternate in reading order, and lines that join two sections. */
function columnWarnings({ doc, parsed }: FindingsInput): ScreeningWarning[] {
  const lines = parsed.text.map((l) => ` ${fold(l)} `);
  const titles = new Map(doc.sections.map((s) => [s.key as string, s.title]));
  // Each word's sections: a word two sections share tells nothing.
  const owners = new Map<string, Set<string>>();
  for (const section of doc.sections) {
    const key = section.key as string;
    for (const word of sectionWords(section)) {
      const w = fold(word);
      if (w.length < 4) continue;
      owners.set(w, (owners.get(w) ?? new Set()).add(key));
    }
  }
  // Line → the sections whose words it holds (only words found on exactly one line).
  const at = new Map<number, Set<string>>();
  for (const [word, keys] of owners) {
    if (keys.size !== 1) continue;
    let hits = lines.flatMap((l, i) => (l.includes(` ${word} `) ? [i] : []));
    // A word in several lines: the one line it starts or ends (a skill's own line, or the
    // end of a line a column ran into) says where it is.
    if (hits.length > 1) {
      hits = hits.filter(
        (i) => lines[i]!.startsWith(` ${word} `) || lines[i]!.endsWith(` ${word} `),
      );
    }
    if (hits.length !== 1) continue;
    const set = at.get(hits[0]!) ?? new Set<string>();
    at.set(hits[0]!, set.add([...keys][0]!));
  }
  const warnings: ScreeningWarning[] = [];
  const mixed = [...at].filter(([, keys]) => keys.size > 1);
  if (mixed.length > 0) {
    const [line, keys] = mixed[0]!;
    const names = [...keys].map((k) => `“${titles.get(k)}”`).join(' and ');
    warnings.push({
      kind: 'columns',
      message: `${mixed.length === 1 ? 'One line joins' : `${mixed.length} lines join`} text of ${names} (“${parsed.text[line]}”): the template sets them side by side, and a parser reads across the columns.`,
    });
  }
  const order = [...at].sort((a, b) => a[0] - b[0]);
  const reported = new Set<string>();
  const keys = [...titles.keys()];
  for (const a of keys) {
    for (const b of keys) {
      if (a >= b) continue;
      // Interleaved: two or more of one's lines between lines of the other (a, b, b, a).
      // One word alone in the other's span may be a wrapped line's last word: not enough.
      const lines = (k: string) => order.filter(([, set]) => set.has(k) && set.size === 1);
      const inside = (outer: string, inner: string) => {
        const at = lines(outer).map(([i]) => i);
        if (at.length < 2) return 0;
        const [from, to] = [Math.min(...at), Math.max(...at)];
        return lines(inner).filter(([i]) => i > from && i < to).length;
      };
      const mixed = Math.max(inside(a, b), inside(b, a)) >= 2;
      if (!mixed || reported.size >= 3) continue;
      reported.add(`${a}|${b}`);
      warnings.push({
        kind: 'columns',
        message: `The lines of “${titles.get(a)}” and “${titles.get(b)}” interleave in the order a parser reads them: the template sets them in two columns, and a screening system may file one's text under the other.`,
      });
    }
  }
  return warnings;
}

/** The check's answer. */
export function screeningFindings(given: FindingsInput): ScreeningCheck {
  const input = asPrinted(given);
  const { contact, warnings: contactWarnings } = contactOf(input);
  return {
    template: input.template,
    text: input.parsed.text,
    sections: sectionsOf(input),
    contact,
    warnings: [
      ...columnWarnings(input),
      ...headingWarnings(input),
      ...contactWarnings,
      ...dateWarnings(input),
    ],
  };
}
