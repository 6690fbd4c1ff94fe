import type { z } from 'zod';
import type { ColumnKind } from './fields.ts';
import type { JsonResumeMapping } from '../json-resume/mapping.ts';
import type { LinkedInMapping } from '../json-resume/linkedin.ts';
import type { IndicatorKind } from '../indicators.ts';

export type { IndicatorKind } from '../indicators.ts';

/**
 * Interest and attribute refuse a second entry with the same text (any case);
 * their create call may send the whole list under `listKey`.
 */
export interface UniqueRule {
  field: string;
  listKey: string;
  message: string;
}

/** Where a section lands in CvData and how a stored value becomes that field. */
export interface CvMapping<F extends string, C> {
  /** The CvData field (docs/product/templates-and-print.md#cv-data). */
  field: F;
  /** Other input keys it may arrive under besides the camel-case key (builder tabs, shared viewer). */
  aliases: readonly string[];
  /** The stored value (a list or one record, in any accepted shape) as the CvData field. */
  read: (value: unknown) => C;
}

/** A preview CV entry: any of the section's fields, with a stable id for lists. */
export type Preview<T> = Partial<T> & { _id?: string };

/** The most characters each text field of a section takes, by field. */
export type Limits<T> = Partial<Record<keyof T & string, number>>;

/** Everything one section is, written once in core/src/sections/<key>.ts. */
export interface SectionSpec<
  K extends string,
  T,
  F extends string,
  C,
  L extends Limits<T> = Limits<T>,
> {
  key: K;
  /** The builder tab key (?tab=...) when it is not the camel-case key. */
  tab?: string;
  /** The title of its dashboard card, builder tab and editor. */
  label: string;
  /** One line under the title on the dashboard card. */
  blurb: string;
  /** 'single': one record per user (a second create updates it); 'list': many. */
  kind: 'single' | 'list';
  schema: z.ZodType<T, unknown>;
  /** Empty form values. */
  defaults: T;
  /** Realistic entries for /sample and template previews. */
  sample: T[];
  /** The long preview CV's entries (SAMPLE_CV, two A4 pages): one record for a single section. */
  preview: readonly Preview<T>[];
  /** Storage kind of each field; also the list of fields, in form order. */
  columns: Record<keyof T & string, ColumnKind>;
  /** The most characters each text field takes; the schema and the form both read these. */
  limits: L;
  indicator: IndicatorKind;
  /** The status number from the entries (docs/product/dashboard.md#status-indicators). */
  status?: (entries: readonly T[]) => number;
  unique?: UniqueRule;
  /**
   * The fields that make two entries the same fact, compared ignoring case and spacing (an
   * import merges them rather than keep both); absent: every field.
   */
  sameEntry?: readonly (keyof T & string)[];
  /** The title a CV heading shows from these entries, if this section gives one (a job's position). */
  title?: (entries: readonly T[]) => string | undefined;
  cv: CvMapping<F, C>;
  /** Where its entries go in a JSON Resume and how they come back (core/src/json-resume). */
  jsonResume: JsonResumeMapping<T>;
  /** Its entries from a LinkedIn data export; absent when LinkedIn has none for it. */
  linkedIn?: LinkedInMapping<T>;
}

export interface DefinedSection<
  K extends string,
  T,
  F extends string,
  C,
  L extends Limits<T> = Limits<T>,
> extends SectionSpec<K, T, F, C, L> {
  /** '/api/<key>' */
  apiPath: string;
  /** The realtime `data-updated` dataType (docs/product/notifications.md#realtime-channel). */
  dataType: K;
  status: (entries: readonly T[]) => number;
  /** The camel-case key stored sections arrive under (`personalInfo`). */
  cvSource: Camel<K>;
  tab: string;
}

/**
 * What the web app needs of a section without its schema: its dashboard card and builder tab,
 * and where it sits in CvData for the templates. The web build inlines every section's
 * (web/build/section-catalog.ts), so the dashboard and the CV templates load without zod
 * (decision 0008 §§0014, 0016).
 */
export interface SectionCatalogEntry<K extends string = string, F extends string = string> {
  key: K;
  tab: string;
  label: string;
  blurb: string;
  indicator: IndicatorKind;
  /** Its CvData field. */
  cvField: F;
  /** That field with no entries (null or []): what a template shows of a hidden section. */
  cvEmpty: unknown;
}

/** Only those fields of a section's definition. */
export const catalogEntry = <K extends string, F extends string>(
  section: Pick<
    SectionSpec<K, unknown, F, unknown>,
    'key' | 'label' | 'blurb' | 'indicator' | 'cv'
  > & {
    tab: string;
  },
): SectionCatalogEntry<K, F> => ({
  key: section.key,
  tab: section.tab,
  label: section.label,
  blurb: section.blurb,
  indicator: section.indicator,
  cvField: section.cv.field,
  cvEmpty: section.cv.read(undefined),
});

/** 'personal-info' -> 'personalInfo', in types and at run time. */
export type Camel<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Camel<Capitalize<T>>}`
  : S;
const camel = <K extends string>(key: K) =>
  key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as Camel<K>;

/** One section's definition; every per-section list (registry, statuses, data types...) derives from these. */
export const defineSection = <
  const K extends string,
  T,
  const F extends string,
  C,
  const L extends Limits<T>,
>(
  spec: SectionSpec<K, T, F, C, L>,
): DefinedSection<K, T, F, C, L> => ({
  ...spec,
  apiPath: `/api/${spec.key}`,
  dataType: spec.key,
  status: spec.status ?? ((entries) => entries.length),
  cvSource: camel(spec.key),
  tab: spec.tab ?? camel(spec.key),
});

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);

/** The share of `values` that are filled, as a whole percentage (the 'percent' status rules). */
export const percentFilled = (values: unknown[]) =>
  values.length === 0 ? 0 : Math.round((values.filter(filled).length / values.length) * 100);
