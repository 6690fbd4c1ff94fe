/**
 * Finds a CV's parts in its lines: the name and contact details at the top, the headings and
 * their sections, and in each list section its entries (title, organisation, dates, bullets).
 * What it cannot place is returned as text, never dropped; levels are read from the text
 * ("Expert", "4/5") and never made up.
 */
import {
  LANGUAGE_LEVEL_WORDS,
  SKILL_LEVEL_WORDS,
  levelFromWord,
} from '@vitae/core/json-resume/mapping';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core';
import { TEMPLATE_TITLES } from '@vitae/core/template-titles';
import type { DocLine } from './document-lines.ts';
import { findDateRange, type DateRange } from './date-range.ts';

type Rec = Record<string, unknown>;
type Kind = SectionKey | 'contact-extra' | 'other';

export interface FoundCv {
  sections: Partial<Record<SectionKey, Rec[]>>;
  /** Text the finder could not place in a section, with the heading it sat under. */
  unplaced: string[];
}

/** Headings, folded to lower-case letters and spaces, and the section each one starts. */
const HEADINGS: ReadonlyArray<readonly [RegExp, Kind]> = [
  [
    /^(professional |personal |career )?(summary|profile)$|^about( me)?$|^(career )?objective$|^overview$/,
    'personal-summary',
  ],
  [
    /^(employment|work|career|professional|relevant)( history| experience| news)?$|^experience$|^work history$/,
    'employment-history',
  ],
  [
    /^(additional|other|volunteer(ing)?|community|project|projects)( experience| work)?$|^volunteer experience$/,
    'experience',
  ],
  [
    /^(tertiary )?education( and training)?$|^qualifications$|^academic (background|qualifications)$/,
    'tertiary-education',
  ],
  [/^(secondary education|high school|schooling|matric)$/, 'secondary-education'],
  [
    /^(technical |core |key |professional )?skills( and expertise)?$|^competencies$|^expertise$/,
    'skill',
  ],
  [/^languages?$/, 'language'],
  [/^(interests|hobbies( and interests)?|interests and hobbies)$/, 'interest'],
  [/^(attributes|personal attributes|strengths|qualities)$/, 'attribute'],
  [/^references?$/, 'reference'],
  [/^personal (details|information|info)$/, 'personal-info'],
  [/^contact( details| information| info| me)?$/, 'contact-extra'],
  [/^(certifications?|certificates|awards|achievements|publications|courses|honou?rs)$/, 'other'],
];

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The section titles Vitae's own templates print where they differ from the usual words
 * (core's TEMPLATE_TITLES): a CV made with Vitae reads back whole, though a screening
 * system would not know them (usualHeadingKind).
 */
const VITAE_TITLES: ReadonlyMap<string, Kind> = new Map(
  SECTION_KEYS.flatMap((key) =>
    Object.values(TEMPLATE_TITLES).flatMap((titles) => {
      const title = titles[SECTIONS[key].cv.field];
      return title ? [[fold(title), key] as const] : [];
    }),
  ),
);

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const PHONE = /(\+?\d[\d ()-]{7,}\d)/;
const LINKEDIN = /(https?:\/\/)?([a-z]{2,3}\.)?linkedin\.com\/[^\s·|,]+/i;
const WEBSITE =
  /\b(https?:\/\/)?([a-z0-9-]+\.)+(com|dev|io|net|org|co\.za|me|app|page|site|info)(\/[^\s·|,]*)?\b/i;
const FOOTER = /\bpage \d+( of \d+)?\b/i;

/** "E M P L O Y M E N T": a heading set with letter-spacing, read as single letters. */
const isLetterSpaced = (t: string) => {
  const parts = t.split(/\s+/);
  // Kerning may keep a pair together ("S U M M A RY"): most parts are single letters.
  return (
    parts.length >= 4 &&
    parts.every((p) => /^\p{L}{1,2}$/u.test(p)) &&
    parts.filter((p) => p.length === 1).length >= parts.length * 0.7
  );
};

/** The section a heading starts, by the usual words any parser knows. */
export function usualHeadingKind(line: DocLine): Kind | null {
  const text = line.text.replace(/:$/, '').trim();
  if (text.length > 60 || /\d/.test(text)) return null;
  if (isLetterSpaced(text)) {
    // The word breaks are lost with the spacing: match the heading's letters alone.
    const letters = fold(text).replace(/ /g, '');
    for (const [re, kind] of HEADINGS) {
      if (new RegExp(re.source.replace(/ /g, ' ?')).test(letters)) return kind;
    }
    return null;
  }
  const folded = fold(text);
  for (const [re, kind] of HEADINGS) if (re.test(folded)) return kind;
  return null;
}

/** The section a heading starts: the usual words, or a Vitae template's own title. */
export function headingKind(line: DocLine): Kind | null {
  const usual = usualHeadingKind(line);
  if (usual) return usual;
  const text = line.text.replace(/:$/, '').trim();
  return text.length > 60 ? null : (VITAE_TITLES.get(fold(text)) ?? null);
}

/**
 * A line that is set like the CV's known headings (a style, letter-spacing, or capitals at
 * their size) but names no section we know. Capitals alone are not enough: many layouts set
 * each job's title in capitals.
 */
function looksLikeHeading(line: DocLine, headingSize: number | null): boolean {
  const t = line.text;
  if (t.length > 40 || /\d|[.,;@]/.test(t)) return false;
  const capitals = t === t.toUpperCase() && /[A-Z]{3}/.test(t);
  const atHeadingSize = headingSize !== null && Math.abs(line.size - headingSize) < 0.3;
  return line.heading || isLetterSpaced(t) || (capitals && atHeadingSize && line.gapAbove);
}

/** The size the CV's known headings are set in (the most common); null when none. */
function headingSizeOf(lines: DocLine[]): number | null {
  const counts = new Map<number, number>();
  for (const l of lines) if (headingKind(l)) counts.set(l.size, (counts.get(l.size) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const isNameLike = (t: string) =>
  /^[\p{Lu}][\p{L}'’.-]+( [\p{L}'’.-]+){1,4}$/u.test(t) && !EMAIL.test(t) && t.length <= 60;

interface Contact {
  email: string;
  phone: string;
  linkedin: string;
  website: string;
}

/** Takes email, phone and links out of a line; returns what text is left. */
function takeContact(text: string, c: Contact): string {
  let rest = text;
  const take = (re: RegExp, field: keyof Contact) => {
    const m = re.exec(rest);
    if (!m) return;
    if (!c[field]) c[field] = m[0].trim();
    rest = rest.replace(m[0], ' ');
  };
  take(EMAIL, 'email');
  take(LINKEDIN, 'linkedin');
  take(WEBSITE, 'website');
  const phone = PHONE.exec(rest);
  // A phone has at least nine digits; a date range or a year does not.
  if (phone && phone[0].replace(/\D/g, '').length >= 9 && !findDateRange(phone[0])) {
    if (!c.phone) c.phone = phone[0].trim();
    rest = rest.replace(phone[0], ' ');
  }
  return rest
    .replace(/[·|•,]\s*(?=[·|•,]|$)/g, ' ')
    .replace(/^[\s·|•,]+|[\s·|•,]+$/g, '')
    .replace(/\s+/g, ' ');
}

// --- list sections: entries -------------------------------------------------------------

interface Entry {
  head: string[];
  dates: DateRange | null;
  body: string[];
}

const isBodyLine = (l: DocLine) => l.bullet || l.text.length > 90 || /[.;]$/.test(l.text);

/** Splits a section into entries: each starts at a block (gap above) or at a date line. */
function entriesOf(lines: DocLine[]): Entry[] {
  const entries: Entry[] = [];
  let cur: Entry | null = null;
  for (const line of lines) {
    const range = findDateRange(line.text);
    const lastBody = cur?.body.at(-1) ?? '';
    // A short line in capitals after a finished entry's text is the next entry's header,
    // unless it continues a sentence that was wrapped.
    const nextHeader =
      !!cur?.body.length &&
      !isBodyLine(line) &&
      /^[\p{Lu}\d]/u.test(line.text) &&
      (line.gapAbove || (!!cur.dates && (/[.!?:]$/.test(lastBody) || lastBody.startsWith('- '))));
    const startsNew = !cur || (range && (cur.dates || cur.body.length)) || nextHeader;
    if (startsNew) {
      cur = { head: [], dates: null, body: [] };
      entries.push(cur);
    }
    const entry = cur!;
    if (range && !entry.dates) {
      entry.dates = range;
      // A duration printed beside the dates ("3 years 4 months") is no part of the header.
      const rest = range.rest
        .replace(/\b\d+\s*(years?|yrs?|months?|mos?)\b/gi, ' ')
        .replace(/^[\s|·,–-]+|[\s|·,–-]+$/g, '');
      if (rest) entry.head.push(rest);
    } else if (
      isBodyLine(line) ||
      entry.head.length >= 2 + (entry.dates ? 0 : 1) ||
      // A line starting in lower case continues the text wrapped above it.
      (entry.body.length > 0 && /^\p{Ll}/u.test(line.text)) ||
      // Below a header and its dates, a long line is the entry's text (a title is short).
      (!!entry.dates && entry.head.length > 0 && line.text.length > 70)
    ) {
      entry.body.push(line.bullet ? `- ${line.text}` : line.text);
    } else {
      entry.head.push(line.text);
    }
  }
  return entries;
}

/** "Title at Company", "Title, Company", "Title | Company": one header line, two parts. */
function splitHead(head: string[]): string[] {
  if (head.length !== 1) return head;
  const m = /^(.+?)(?:\s+at\s+|\s+[|–—-]\s+|,\s+)(.+)$/.exec(head[0]!);
  return m ? [m[1]!.trim(), m[2]!.trim()] : head;
}

const ORG_WORDS =
  /\b(university|college|school|institute|academy|polytechnic|technikon|ltd|inc|pty|llc|gmbh|co-?op|company|group|services|solutions|systems|bank|insurance|logistics|digital|analytics|agritech|farms|tourism|project)\b/i;

/** Which of two header texts is the organisation: the one that reads like one. */
function titleAndOrg(head: string[]): [string, string] {
  const [a = '', b = ''] = splitHead(head);
  if (!b) return [a, ''];
  return ORG_WORDS.test(a) && !ORG_WORDS.test(b) ? [b, a] : [a, b];
}

/** Wrapped lines joined back into their paragraph; each bullet on its own line. */
const description = (body: string[]) =>
  body
    .reduce<string[]>((out, line) => {
      if (out.length && !line.startsWith('- ')) out[out.length - 1] += ` ${line}`;
      else out.push(line);
      return out;
    }, [])
    .join('\n');

function job(e: Entry): Rec {
  const [position, company] = titleAndOrg(e.head);
  return {
    position,
    company,
    startDate: e.dates?.start ?? '',
    endDate: e.dates?.end ?? '',
    current: e.dates?.current ?? false,
    description: description(e.body),
  };
}

function otherExperience(e: Entry): Rec {
  const [title, company] = titleAndOrg(e.head);
  return {
    title,
    company,
    startDate: e.dates?.start ?? '',
    endDate: e.dates?.end ?? '',
    description: description(e.body),
  };
}

function tertiary(e: Entry): Rec {
  const [a, b] = titleAndOrg(e.head);
  const [course, institute] = b ? [a, b] : ['', a];
  return {
    instituteName: institute,
    certificationType: course,
    startDate: e.dates?.start ?? '',
    endDate: e.dates?.end ?? '',
    description: description(e.body),
  };
}

function secondary(e: Entry): Rec {
  const [school = '', ...more] = e.head;
  return {
    schoolName: school,
    startYear: e.dates?.start.slice(0, 4) ?? '',
    endYear: e.dates?.end.slice(0, 4) ?? '',
    additionalInfo: description([...more, ...e.body]),
  };
}

function reference(e: Entry): Rec {
  const c: Contact = { email: '', phone: '', linkedin: '', website: '' };
  const texts = [...e.head, ...e.body].map((t) => takeContact(t, c)).filter(Boolean);
  const [name = '', role = ''] = texts;
  const [position, company] = role.split(/,\s+/);
  return { name, position: position ?? '', company: company ?? '', email: c.email, phone: c.phone };
}

// --- short-item sections ---------------------------------------------------------------

/** A list section's items: split on bullets, commas and middle dots. */
const itemsOf = (lines: DocLine[]) =>
  lines
    .flatMap((l) => l.text.split(/\s*[,·•|;]\s*/))
    .map((s) => s.trim())
    .filter(Boolean);

const LEVEL_TAIL =
  /^(.+?)\s*[-–—:(]?\s*\b(expert|master|experienced|advanced|senior|skilled|intermediate|proficient|competent|beginner|basic|junior|elementary|novice|learning|familiar|native|fluent|bilingual|conversational|\d(?:\.\d)?\s*\/\s*\d{1,2}|\d{1,3}\s*%)\)?$/i;

function skill(item: string): Rec {
  const m = LEVEL_TAIL.exec(item);
  const level = m ? levelFromWord(m[2]!, SKILL_LEVEL_WORDS) : null;
  return level === null ? { skill: item } : { skill: m![1]!.trim(), proficiency: level };
}

function languagesOf(lines: DocLine[]): Rec[] {
  const out: Rec[] = [];
  for (const line of lines) {
    const rws = /read\s*(\d)\s*\/\s*5.*write\s*(\d)\s*\/\s*5.*speak\s*(\d)\s*\/\s*5/i.exec(
      line.text,
    );
    const last = out.at(-1);
    if (rws && last) {
      Object.assign(last, { read: +rws[1]!, write: +rws[2]!, speak: +rws[3]! });
      continue;
    }
    for (const item of itemsOf([line])) {
      const m = LEVEL_TAIL.exec(item);
      const level = m ? levelFromWord(m[2]!, LANGUAGE_LEVEL_WORDS) : null;
      if (level === null) out.push({ language: item });
      else out.push({ language: m![1]!.trim(), read: level, write: level, speak: level });
    }
  }
  return out;
}

/** "City: Johannesburg": the contact form's own labels, as Vitae's templates print them. */
const CONTACT_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['Unit', 'unit'],
  ['Complex', 'complex'],
  ['Address', 'address'],
  ['Suburb', 'suburb'],
  ['City', 'city'],
  ['Province', 'province'],
  ['Country', 'country'],
  ['Postal code', 'postalCode'],
];
const LABEL_RE = new RegExp(`\\b(${CONTACT_LABELS.map(([l]) => l).join('|')}):\\s*`, 'g');

/** Takes "Label: value" pairs of the contact form out of a line; returns what is left. */
function takeLabelled(text: string, into: Rec): string {
  const parts = text.split(LABEL_RE);
  if (parts.length < 3) return text;
  for (let i = 1; i < parts.length; i += 2) {
    const field = CONTACT_LABELS.find(([l]) => l === parts[i])![1];
    into[field] ??= parts[i + 1]!.trim();
  }
  return parts[0]!.trim();
}

/** "Email:" and "Phone:" left behind once their values were taken. */
const bareLabels = (t: string) =>
  t.replace(/\b(e-?mail|phone|tel|mobile|cell|linkedin|website|web)\s*:\s*/gi, '').trim();

const PERSONAL_LABELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^date of birth\s*:?\s*/i, 'dateOfBirth'],
  [/^nationality\s*:?\s*/i, 'nationality'],
  [/^id number\s*:?\s*/i, 'idNumber'],
];

// --- the whole CV ------------------------------------------------------------------------

interface Section {
  kind: Kind;
  heading: string;
  lines: DocLine[];
}

/** Sections whose lines may hold the name and contact details a sidebar set beside them. */
const LOOSE_KINDS = new Set<Kind>(['other', 'personal-summary', 'contact-extra', 'personal-info']);

function splitSections(lines: DocLine[]): { top: DocLine[]; sections: Section[] } {
  const top: DocLine[] = [];
  const sections: Section[] = [];
  const headingSize = headingSizeOf(lines);
  for (const line of lines) {
    const kind = headingKind(line) ?? (looksLikeHeading(line, headingSize) ? 'other' : null);
    // A letter-spaced heading is named in notes as it reads ("CONTACT", not "C O N T A C T").
    const heading = isLetterSpaced(line.text) ? line.text.replace(/\s+/g, '') : line.text;
    if (kind) sections.push({ kind, heading, lines: [] });
    else (sections.at(-1)?.lines ?? top).push(line);
  }
  // Beside an "Employment History", "Work Experience" is the other experience (Vitae's own
  // label for it); alone, it is the jobs.
  const folded = (x: Section) => fold(x.heading).replace(/ /g, '');
  if (sections.some((x) => folded(x) === 'employmenthistory'))
    for (const x of sections) if (folded(x) === 'workexperience') x.kind = 'experience';
  return { top, sections };
}

/** The CV's section input (form fields, not yet validated) and what could not be placed. */
/** An email or link broken over two lines in a narrow column ("name@example" / ".com"). */
function joinBrokenLinks(lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  for (const line of lines) {
    const prev = out.at(-1);
    if (
      prev &&
      /^\.[a-z]{2,}/i.test(line.text) &&
      /[@/.]\S*$/.test(prev.text) &&
      !/\s/.test(line.text)
    )
      out[out.length - 1] = { ...prev, text: prev.text + line.text };
    else out.push(line);
  }
  return out;
}

export function findCv(all: DocLine[]): FoundCv {
  const lines = joinBrokenLinks(all.filter((l) => !FOOTER.test(l.text) && l.text.trim()));
  const { top, sections } = splitSections(lines);
  const out: Partial<Record<SectionKey, Rec[]>> = {};
  const unplaced: string[] = [];
  const add = (key: SectionKey, recs: Rec[]) => {
    if (recs.length) out[key] = [...(out[key] ?? []), ...recs];
  };
  const contact: Contact = { email: '', phone: '', linkedin: '', website: '' };
  const address: Rec = {};
  const personal: Rec = {};

  // The top: the name (the largest name-like line), maybe a headline, contact details.
  let name = [...top].filter((l) => isNameLike(l.text)).sort((a, b) => b.size - a.size)[0];
  // A sidebar read first may put a heading ("About", "Contact") above the name: then the name
  // is the largest name-like line near the start, and details beside it count as the top's.
  if (!name) {
    const near = new Set(lines.slice(0, 30));
    for (const section of sections) {
      if (!LOOSE_KINDS.has(section.kind)) continue;
      const pick = section.lines
        .filter((l) => near.has(l) && isNameLike(l.text))
        .sort((a, b) => b.size - a.size)[0];
      if (pick && (!name || pick.size > name.size)) name = pick;
    }
    if (name) {
      for (const section of sections) {
        if (!LOOSE_KINDS.has(section.kind)) continue;
        section.lines = section.lines.filter(
          (l) =>
            l !== name &&
            !(near.has(l) && takeContact(l.text, contact) !== l.text.replace(/\s+/g, ' ').trim()),
        );
      }
    }
  }
  const leftover: string[] = [];
  let afterName = false;
  for (const line of top) {
    if (line === name) {
      afterName = true;
      continue;
    }
    const rest = bareLabels(takeLabelled(takeContact(line.text, contact), address));
    if (!rest) continue;
    // The headline: the first short line below the name, set no bigger than it.
    const headline =
      afterName &&
      !personal.headline &&
      rest.length <= 80 &&
      !/\d/.test(rest) &&
      line.size <= name!.size;
    if (headline) personal.headline = rest;
    else leftover.push(rest);
  }
  // A name set in capitals is stored as a name is written.
  const titleCase = (t: string) =>
    t === t.toUpperCase()
      ? t.toLowerCase().replace(/(^|[\s'’-])\p{L}/gu, (c) => c.toUpperCase())
      : t;
  if (name) personal.fullName = titleCase(name.text);

  for (const section of sections) {
    const { kind, lines: body } = section;
    const entries = () => entriesOf(body);
    switch (kind) {
      case 'employment-history':
        add(kind, entries().map(job));
        break;
      case 'experience':
        add(kind, entries().map(otherExperience));
        break;
      case 'tertiary-education':
        add(kind, entries().map(tertiary));
        break;
      case 'secondary-education':
        add(kind, entries().map(secondary));
        break;
      case 'reference':
        add(kind, entries().map(reference));
        break;
      case 'skill':
        add(kind, itemsOf(body).map(skill));
        break;
      case 'language':
        add(kind, languagesOf(body));
        break;
      case 'interest':
        add(
          kind,
          itemsOf(body).map((interest) => ({ interest })),
        );
        break;
      case 'attribute':
        add(
          kind,
          itemsOf(body).map((attribute) => ({ attribute })),
        );
        break;
      case 'personal-summary':
        add(kind, [{ content: body.map((l) => l.text).join(' ') }]);
        break;
      case 'personal-info':
      case 'contact-extra':
        for (const line of body) {
          const label = PERSONAL_LABELS.find(([re]) => re.test(line.text));
          if (label) personal[label[1]] = line.text.replace(label[0], '').trim();
          else {
            const rest = bareLabels(takeLabelled(takeContact(line.text, contact), address));
            if (rest) unplaced.push(`${section.heading}: ${rest}`);
          }
        }
        break;
      default:
        for (const line of body) unplaced.push(`${section.heading}: ${line.text}`);
        if (!body.length) unplaced.push(section.heading);
    }
  }
  for (const text of leftover) unplaced.push(text);
  if (Object.keys(personal).length) out['personal-info'] = [personal];
  const filled = Object.entries({ ...contact, ...address }).filter(([, v]) => v);
  if (filled.length) out['contact-info'] = [Object.fromEntries(filled)];
  // Order the object like the CV's own sections (the plan sorts by section anyway).
  return { sections: out, unplaced };
}
