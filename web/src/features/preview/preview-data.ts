import type { CvData } from '@vitae/core/cv';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core/sections/index';
import type { Draft } from '../sections/index.ts';

type Rec = Record<string, unknown>;

/** The id a new entry's draft carries in the preview (never sent anywhere). */
export const DRAFT_ID = 'preview-draft';

/** A section's stored entries with the draft in place of the edited one, or added as new. */
function withDraft(entries: readonly Rec[], draft: Draft, single: boolean): Rec[] {
  if (single) return [{ ...(entries[0] ?? {}), ...draft.values }];
  if (draft.target === null) return [...entries, { _id: DRAFT_ID, ...draft.values }];
  return entries.map((e) => (e._id === draft.target ? { ...e, ...draft.values } : e));
}

/**
 * The CV the preview draws: the one-request CV, each section whose list this page has loaded
 * (fresher: saves update those lists, not the one-request CV) and the open form's draft,
 * mapped by core's own CvData readers, so the preview reads entries as View CV does. The
 * entries the CV version leaves out (`excluded`, issue 30) stay out of the loaded lists too.
 */
export function previewCvData(
  base: CvData,
  lists: Partial<Record<SectionKey, readonly Rec[]>>,
  draft: Draft | null,
  excluded: readonly string[] = [],
): CvData {
  const left = new Set(excluded);
  const out: Rec = { ...base };
  for (const key of SECTION_KEYS) {
    const stored = lists[key];
    const own = draft?.key === key ? draft : null;
    if (!stored && !own) continue;
    const single = SECTIONS[key].kind === 'single';
    // Personal information left empty: the server shows the account's name; keep it.
    if (single && !own && stored?.length === 0) continue;
    const all = own ? withDraft(stored ?? [], own, single) : stored!;
    const entries = left.size > 0 ? all.filter((e) => !left.has(e._id as string)) : all;
    const cv = SECTIONS[key].cv as { field: string; read: (value: unknown) => unknown };
    out[cv.field] = cv.read(entries);
  }
  // The user's own sections come with the one-request CV: a switch flipped since leaves its
  // entry out at once, before the CV is fetched again.
  if (left.size > 0) {
    out.customSections = base.customSections.map((section) => ({
      ...section,
      entries: section.entries.filter((e) => !left.has(e._id)),
    }));
  }
  return out as CvData;
}
