/**
 * CvData: the one shape every CV template receives (docs/product/templates-and-print.md#cv-data),
 * and buildCvData() that maps stored section lists to it.
 */
import { readArrangement, withCustomSections, type CvArrangement } from './arrangement.ts';
import type { CvCustomSection } from './custom-section-keys.ts';
import { readCustomSections } from './custom-sections.ts';
import { readDesign, type CvDesign } from './design.ts';
import { cvList, id, list, text, bool, type Rec } from './sections/cv-read.ts';
import { SECTIONS, SECTION_KEYS, type SectionCvData, type SectionKey } from './sections/index.ts';

export type {
  CvAttribute,
  CvContactInfo,
  CvEmployment,
  CvExperience,
  CvInterest,
  CvLanguage,
  CvPersonalInfo,
  CvPersonalSummary,
  CvReference,
  CvSecondaryEducation,
  CvSkill,
  CvSubject,
  CvTertiaryEducation,
} from './sections/index.ts';

export type { CvCustomEntry, CvCustomSection, CustomSectionKind } from './custom-section-keys.ts';

export {
  ARRANGEMENT_MESSAGES,
  EMPTY_ARRANGEMENT,
  SECTION_TITLE_MAX,
  arrangedKeys,
  arrangementSchema,
  isDefaultArrangement,
  readArrangement,
  type ArrangementKey,
  type CvArrangement,
} from './arrangement.ts';

export {
  CV_FONTS,
  DEFAULT_DESIGN,
  DESIGN_MESSAGES,
  isDefaultDesign,
  readDesign,
  type CvDesign,
} from './design.ts';

export {
  CV_TEMPLATES,
  TEMPLATE_IDS,
  isTemplateId,
  resolveTemplateId,
  type TemplateId,
} from './templates.ts';

export interface CvFirstImpression {
  _id: string;
  videoUrl: string;
}

export interface CvCertificate {
  _id: string;
  title: string;
  /** '' for a certificate without a file (issue 32). */
  pdfUrl: string;
  photoUrl: string;
  issuer: string;
  /** YYYY-MM, or ''. */
  date: string;
  url: string;
}

/** Each section's field (from its definition) and the media the CV shows. */
export type CvData = SectionCvData & {
  assignedPhotoUrl: string | null;
  firstImpression: CvFirstImpression | null;
  certificates: CvCertificate[];
  /** The sections the user made (issue 30), in their order, each with its entries. */
  customSections: CvCustomSection[];
  /** The user's order, hidden sections and titles (issue 17); templates apply it. */
  arrangement: CvArrangement;
  /** The accent, font, text size and spacing the user chose (issue 17); default: the template's. */
  design: CvDesign;
};

/**
 * The stored sections as the section endpoints return them. Each value may be a list or a
 * single record; keys may also carry the shared viewer's leading underscore (`_skill`).
 */
export type CvSections = { [K in SectionKey as (typeof SECTIONS)[K]['cvSource']]?: unknown } & {
  photo?: unknown;
  firstImpression?: unknown;
  certificate?: unknown;
  /** The user's own sections with their entries (core/src/custom-sections.ts). */
  customSections?: unknown;
  /** An explicit assigned photo URL wins over the photo list ("noneAssigned" means none). */
  assignedPhotoUrl?: unknown;
  /** The CV record's section arrangement (JSON text or object). */
  arrangement?: unknown;
  /** The CV record's design (JSON text or object, core/src/design.ts). */
  design?: unknown;
};

/** The names each value may arrive under: a section's camel-case key, then its aliases. */
const SECTION_ALIASES: Record<string, readonly string[]> = {
  ...Object.fromEntries(
    SECTION_KEYS.map((k) => [
      SECTIONS[k].cvSource,
      [SECTIONS[k].cvSource, ...SECTIONS[k].cv.aliases],
    ]),
  ),
  photo: ['photo', 'photos'],
  firstImpression: ['firstImpression'],
  certificate: ['certificate', 'certificates'],
  customSections: ['customSections'],
  assignedPhotoUrl: ['assignedPhotoUrl'],
};

function pick(source: Rec, key: string): unknown {
  for (const name of SECTION_ALIASES[key] ?? []) {
    if (source[name] !== undefined) return source[name];
    if (source[`_${name}`] !== undefined) return source[`_${name}`];
  }
  return undefined;
}

function certificateOf(r: Rec, i: number): CvCertificate {
  return {
    _id: id(r, i),
    title: text(r, 'title'),
    pdfUrl: text(r, 'pdfUrl'),
    photoUrl: text(r, 'photoUrl'),
    issuer: text(r, 'issuer'),
    date: text(r, 'date'),
    url: text(r, 'url'),
  };
}

/** The explicit assigned URL, else the photo flagged as assigned; "noneAssigned" means none. */
function assignedPhotoOf(explicit: unknown, photos: Rec[]): string | null {
  const fromList = photos.find((p) => bool(p.assigned ?? p.isAssigned) === true);
  const url =
    typeof explicit === 'string'
      ? explicit.trim()
      : fromList
        ? text(fromList, 'photoUrl', 'url')
        : '';
  return url && url !== 'noneAssigned' ? url : null;
}

/** Maps stored section lists (docs/product/builder.md#fields, or alternatives) to CvData. */
export function buildCvData(sections: CvSections | Record<string, unknown>): CvData {
  const source = sections as Rec;
  const fromSections = Object.fromEntries(
    SECTION_KEYS.map((k) => [
      SECTIONS[k].cv.field,
      SECTIONS[k].cv.read(pick(source, SECTIONS[k].cvSource)),
    ]),
  ) as SectionCvData;
  const video = list(pick(source, 'firstImpression')).find((v) => text(v, 'videoUrl'));
  const customSections = readCustomSections(pick(source, 'customSections'));
  return {
    ...fromSections,
    assignedPhotoUrl: assignedPhotoOf(
      pick(source, 'assignedPhotoUrl'),
      list(pick(source, 'photo')),
    ),
    firstImpression: video ? { _id: id(video, 0), videoUrl: text(video, 'videoUrl') } : null,
    // A certificate shows with its file or, without one (issue 32), by its title.
    certificates: cvList(certificateOf)(pick(source, 'certificate')).filter(
      (c) => c.pdfUrl || c.photoUrl || c.title,
    ),
    customSections,
    // A custom section's key for a section that is gone is dropped.
    arrangement: withCustomSections(
      readArrangement(source.arrangement),
      customSections.map((s) => s._id),
    ),
    design: readDesign(source.design),
  };
}

/** A CV with no section filled in (a new user): the viewer then shows the sample CV. */
export function isCvEmpty(data: CvData): boolean {
  if ((data.customSections ?? []).length > 0) return false;
  return SECTION_KEYS.every((k) => {
    const value: unknown = data[SECTIONS[k].cv.field];
    return Array.isArray(value) ? value.length === 0 : !value;
  });
}

/** The CV owner's display name: personal info's full name, else first + last name. */
export function cvFullName(data: CvData): string {
  return data.personalInfo?.fullName ?? '';
}

export const EMPTY_CV: CvData = buildCvData({});

/** The paper sizes a CV can be laid out on (issue 17), stored per CV; A4 unless chosen. */
export const PAGE_SIZES = ['A4', 'Letter'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 'A4';
export const PAGE_SIZE_MESSAGE = 'Please choose A4 or Letter.';

/** A stored or unknown value as a page size: anything else reads as A4. */
export const resolvePageSize = (value: unknown): PageSize =>
  value === 'Letter' ? 'Letter' : DEFAULT_PAGE_SIZE;
