import {
  MAX_SECTION_ENTRIES,
  SECTIONS,
  SECTION_KEYS,
  TOO_MANY_ENTRIES,
  type SectionKey,
} from '@vitae/core';
import type { ImportMode, PlannedEntry, SectionPlan } from '@vitae/core/json-resume/import-result';
import { fieldErrorsFrom, HttpError } from '../plugins/errors.ts';
import { sanitizeRichFields } from '../sections/index.ts';

type Rec = Record<string, unknown>;
export type { ImportMode, PlannedEntry, SectionPlan };

/** What a file gives each section: form input, not yet validated. */
export type ImportCandidates = Partial<Record<SectionKey, Rec[]>>;

/** More than this many entries for one section is not a CV: the file is refused whole. */
export const MAX_CANDIDATES = MAX_SECTION_ENTRIES * 4;
export const ONLY_ONE_RECORD = 'Only one record is kept for this section.';

export const tooMany = (label: string) =>
  new HttpError(400, `The file has more than ${MAX_CANDIDATES} entries for ${label}.`);

function validate(key: SectionKey, input: Rec): PlannedEntry {
  const r = SECTIONS[key].schema.safeParse(input);
  // Rich text is shown as the import will store it: sanitised, refused entries included.
  const clean = (values: Rec) => sanitizeRichFields(SECTIONS[key].columns, values);
  return r.success
    ? { values: clean(r.data as Rec), errors: null }
    : { values: clean(input), errors: fieldErrorsFrom(r.error.issues) };
}

/**
 * Every entry judged as if typed into its form, then the section's rules: its unique text
 * (against what stays and what came before in the file) and its entry cap. Nothing is dropped:
 * what will not be imported carries its reason.
 */
export function planSection(
  key: SectionKey,
  inputs: readonly Rec[],
  existing: readonly Rec[],
  mode: ImportMode,
): SectionPlan {
  const def = SECTIONS[key];
  if (inputs.length > MAX_CANDIDATES) throw tooMany(def.label);
  const kept = def.kind === 'single' || mode === 'replace' ? [] : existing;
  const rule = def.unique;
  const seen = new Set(rule ? kept.map((e) => String(e[rule.field]).trim().toLowerCase()) : []);
  let room = def.kind === 'single' ? 1 : MAX_SECTION_ENTRIES - kept.length;
  const entries = inputs.map((input): PlannedEntry => {
    const entry = validate(key, input);
    if (entry.errors) return entry;
    if (rule) {
      const text = String(entry.values[rule.field]).trim().toLowerCase();
      if (seen.has(text)) return { values: entry.values, errors: { [rule.field]: rule.message } };
      seen.add(text);
    }
    if (room <= 0) {
      const message = def.kind === 'single' ? ONLY_ONE_RECORD : TOO_MANY_ENTRIES;
      return { values: entry.values, errors: { general: message } };
    }
    room -= 1;
    return entry;
  });
  return {
    key,
    label: def.label,
    kind: def.kind,
    existing: existing.length,
    count: entries.filter((e) => !e.errors).length,
    entries,
  };
}

export function planImport(
  candidates: ImportCandidates,
  existingOf: (key: SectionKey) => readonly Rec[],
  mode: ImportMode,
): SectionPlan[] {
  return SECTION_KEYS.filter((key) => candidates[key]?.length).map((key) =>
    planSection(key, candidates[key]!, existingOf(key), mode),
  );
}
