/**
 * A Vitae CV as a JSON Resume (schema v1.0.0) and back. Each section's place is its own
 * `jsonResume` member; this file only walks the registry. What JSON Resume has no place for
 * goes under `meta.vitae`, so an export imports back to the same CV.
 */
import { SECTIONS, SECTION_KEYS, type SectionDataMap, type SectionKey } from '../sections/index.ts';
import {
  customSectionsFromJsonResume,
  customSectionsToJsonResume,
  type CustomSectionData,
} from './custom-sections.ts';
import { compact, isRec, obj, type JsonResumeList, type Rec } from './mapping.ts';
import {
  certificatesFromJsonResume,
  certificatesToJsonResume,
  type CertificateInput,
  type CertificateOut,
} from './certificates.ts';
import { readArrangement, type CvArrangement } from '../arrangement.ts';
import { readDesign, type CvDesign } from '../design.ts';
import { resolvePageSize, type PageSize } from '../cv.ts';

/** A CV version's look (issue 30): what an export carries so an import lays the CV out alike. */
export interface VitaeLayout {
  name?: string;
  pageSize: PageSize;
  arrangement: CvArrangement;
  design: CvDesign;
  /** The version's own headline and summary (null or absent: the profile's). */
  headline?: string | null;
  summary?: string | null;
}

export type { CustomSectionData } from './custom-sections.ts';

export const JSON_RESUME_SCHEMA_URL =
  'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** Each section's entries (their fields, as the section schema outputs them). */
export type CvEntries = { [K in SectionKey]?: readonly SectionDataMap[K][] };

/** What Vitae keeps under `meta.vitae`: per section, per exported item, the fields JSON Resume lost. */
export interface VitaeMeta {
  format: 'vitae';
  version: 1;
  template?: string;
  layout?: VitaeLayout;
  sections: Partial<Record<SectionKey, (Rec | null)[]>>;
  /** The custom sections (issue 30): see ./custom-sections.ts. */
  customSections?: Rec[];
}

export type JsonResume = Rec & { basics?: Rec; meta?: Rec };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `entry` that `fromItem(toItem(entry))` does not give back; null when none. */
function lostFields(key: SectionKey, entry: Rec, item: Rec): Rec | null {
  const def = SECTIONS[key];
  const back = def.jsonResume.fromItem(item as never) as Rec;
  const lost: Rec = {};
  for (const field of Object.keys(def.columns)) {
    const value = entry[field];
    // A missing text or list reads back empty; a missing flag or rating would take the
    // schema's default, so it always travels.
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    if (back[field] === undefined ? !empty : !same(back[field], value)) lost[field] = value;
  }
  return Object.keys(lost).length ? lost : null;
}

/** Only a section's own fields: ids and timestamps do not travel. */
function fieldsOf(key: SectionKey, entry: unknown): Rec {
  const source = isRec(entry) ? entry : {};
  return Object.fromEntries(Object.keys(SECTIONS[key].columns).map((f) => [f, source[f]]));
}

export function toJsonResume(
  cv: CvEntries,
  opts: {
    template?: string;
    layout?: VitaeLayout;
    certificates?: readonly CertificateOut[];
    customSections?: readonly CustomSectionData[];
  } = {},
): JsonResume {
  const basics: Rec = {};
  const lists: Partial<Record<JsonResumeList, Rec[]>> = {};
  const vitae: VitaeMeta = { format: 'vitae', version: 1, sections: {} };
  if (opts.template) vitae.template = opts.template;
  if (opts.layout) vitae.layout = opts.layout;
  for (const key of SECTION_KEYS) {
    const { jsonResume: map, kind } = SECTIONS[key];
    const entries = (cv[key] ?? []).slice(0, kind === 'single' ? 1 : undefined);
    if (!entries.length) continue;
    const rows = entries.map((e) => fieldsOf(key, e));
    const items = rows.map((row) => map.toItem(row as never));
    if (map.place === null) {
      vitae.sections[key] = items;
      continue;
    }
    if (map.place === 'basics') Object.assign(basics, items[0]);
    else (lists[map.place] ??= []).push(...items);
    const lost = rows.map((row, i) => lostFields(key, row, items[i]!));
    if (lost.some(Boolean)) vitae.sections[key] = lost;
  }
  // Custom sections follow the built-in sections' items in the lists they share.
  const custom = customSectionsToJsonResume(opts.customSections ?? []);
  for (const [list, items] of Object.entries(custom.lists)) {
    (lists[list as JsonResumeList] ??= []).push(...items);
  }
  if (custom.meta.length) vitae.customSections = custom.meta;
  // A certificate's name, date, issuer and link; never its file (a file's address is signed
  // for minutes, so it would not outlive the export).
  const certificates = certificatesToJsonResume(opts.certificates ?? []);
  return compact({
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: compact(basics),
    ...lists,
    certificates,
    meta: { version: 'v1.0.0', vitae },
  }) as JsonResume;
}

/** What a JSON Resume file gives each section: form input, still to be validated. */
export interface JsonResumeRead {
  sections: Partial<Record<SectionKey, Rec[]>>;
  /** The custom sections the file holds, their entries still to be validated. */
  customSections: CustomSectionData[];
  template: string | null;
  /** The exported version's look, read leniently (anything unknown as the default). */
  layout: VitaeLayout | null;
  /** The file's `certificates`, as records without a file (issue 32). */
  certificates: CertificateInput[];
  /** What the file holds that Vitae does not import, in words. */
  notes: string[];
}

export const NOT_A_JSON_RESUME = 'This file is not a JSON Resume: it must be one JSON object.';

const filled = (input: Rec) =>
  Object.values(input).some((v) =>
    typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : false,
  );

/** Vitae's own lost fields, when the file is a Vitae export that still looks like one. */
function vitaeMetaOf(resume: JsonResume): VitaeMeta | null {
  const vitae = obj(obj(resume, 'meta'), 'vitae');
  return vitae.format === 'vitae' && isRec(vitae.sections) ? (vitae as unknown as VitaeMeta) : null;
}

function itemsOf(resume: JsonResume, list: JsonResumeList): Rec[] {
  const value = resume[list];
  return Array.isArray(value) ? value.filter(isRec) : [];
}

/** The section input the file gives for one section, lost fields restored. */
function sectionInput(key: SectionKey, resume: JsonResume, meta: VitaeMeta | null): Rec[] {
  const map = SECTIONS[key].jsonResume;
  // Hand-edited files may hold anything here: only records count.
  const kept: unknown = meta?.sections[key];
  const lost = Array.isArray(kept) ? kept.map((x) => (isRec(x) ? x : null)) : [];
  if (map.place === null) return lost.filter(isRec).map((item) => map.fromItem(item as never));
  if (map.place === 'basics') {
    const input = { ...map.fromItem(obj(resume, 'basics') as never), ...(lost[0] ?? {}) } as Rec;
    return filled(input) ? [input] : [];
  }
  const own = itemsOf(resume, map.place).filter((item) => map.owns?.(item) ?? true);
  const also = (map.readsAlso ?? []).flatMap((list) => itemsOf(resume, list));
  return [
    ...own.map((item, i) => ({ ...map.fromItem(item as never), ...(lost[i] ?? {}) }) as Rec),
    ...also.map((item) => map.fromItem(item as never) as Rec),
  ];
}

/** Reads a parsed JSON Resume; throws NOT_A_JSON_RESUME for anything but an object. */
export function readJsonResume(input: unknown): JsonResumeRead {
  if (!isRec(input)) throw new Error(NOT_A_JSON_RESUME);
  const meta = vitaeMetaOf(input as JsonResume);
  const custom = customSectionsFromJsonResume(input, meta as unknown as Rec | null);
  const resume = custom.rest as JsonResume;
  const sections: JsonResumeRead['sections'] = {};
  for (const key of SECTION_KEYS) {
    const found = sectionInput(key, resume, meta);
    if (found.length) sections[key] = found;
  }
  const certificates = certificatesFromJsonResume(itemsOf(resume, 'certificates'));
  const notes: string[] = [];
  const template = meta && typeof meta.template === 'string' ? meta.template : null;
  return {
    sections,
    customSections: custom.sections,
    template,
    layout: layoutOf(meta),
    certificates,
    notes,
  };
}

function layoutOf(meta: VitaeMeta | null): VitaeLayout | null {
  const layout: unknown = meta?.layout;
  if (!isRec(layout)) return null;
  return {
    ...(typeof layout.name === 'string' && { name: layout.name }),
    pageSize: resolvePageSize(layout.pageSize),
    arrangement: readArrangement(layout.arrangement),
    design: readDesign(layout.design),
    headline: typeof layout.headline === 'string' ? layout.headline : null,
    summary: typeof layout.summary === 'string' ? layout.summary : null,
  };
}
