import {
  DEFAULT_TEMPLATE,
  EMPTY_ARRANGEMENT,
  SECTIONS,
  SECTION_KEYS,
  isTemplateId,
  updateVersionSchema,
  VERSION_LIST_SECTIONS,
  VERSION_MESSAGES,
  versionNameSchema,
  type SectionDataMap,
  type SectionKey,
} from '@vitae/core';
import { customKey } from '@vitae/core/custom-section-keys';
import {
  toJsonResume,
  type CustomSectionData,
  type CvEntries,
  type JsonResume,
  type VitaeLayout,
} from '@vitae/core/json-resume/json-resume';
import {
  CUSTOM_SECTION_KIND_LABELS,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  customEntrySchema,
  type CustomEntry,
  type CustomSectionKind,
} from '@vitae/core/custom-sections';
import { sectionTitleSchema } from '@vitae/core/arrangement';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/database.ts';
import type { ImportResult, ImportTarget } from '@vitae/core/json-resume/import-result';
import { lockRow } from '../db/integrity.ts';
import { cvRepo, freeVersionName, insertVersion, loadCvData, versionsRepo } from '../cv/index.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  addSectionWith,
  customSectionsRepo,
  lockedFor,
  type CustomSectionOut,
} from '../custom-sections/index.ts';
import { sanitizeRichText, sectionsRepo, type EntryOut } from '../sections/index.ts';
import { cvIoRepo } from './cv-io.repo.ts';
import { certificatesToStore, planCertificates } from './certificate-plan.ts';
import type { CertificateInput } from '@vitae/core/json-resume/certificates';
import {
  planImport,
  sameText,
  type ImportCandidates,
  type ImportMode,
  type MergePlan,
  type SectionPlan,
} from './import-plan.ts';

/** What an uploaded file gives: section input, the template a Vitae export names, notes. */
export interface ImportSource {
  sections: ImportCandidates;
  /** The custom sections a JSON Resume holds (issue 30). */
  customSections?: CustomSectionData[];
  template: string | null;
  /** The look of the version a Vitae export was made from (issue 30). */
  layout?: VitaeLayout | null;
  /** The certificates the file lists (issue 32): stored as certificates without a file. */
  certificates?: CertificateInput[];
  notes: string[];
}

/** The name of a CV version an import makes when the file names none (or none that fits). */
export const IMPORTED_CV_NAME = 'Imported CV';

async function entriesOf(db: Db, userId: string): Promise<Record<SectionKey, EntryOut[]>> {
  const repo = sectionsRepo(db);
  const lists = await Promise.all(SECTION_KEYS.map((key) => repo.list(key, userId)));
  return Object.fromEntries(SECTION_KEYS.map((key, i) => [key, lists[i]!])) as Record<
    SectionKey,
    EntryOut[]
  >;
}

/**
 * One of the user's CV versions (`versionId`, else the default) as a JSON Resume (v1.0.0):
 * the entries it includes, and under meta.vitae what JSON Resume has no place for, its look
 * (name, template, paper, arrangement, design) included. 404 for a version not the user's.
 */
export async function exportJsonResume(
  db: Db,
  userId: string,
  versionId?: string,
): Promise<JsonResume> {
  const [all, versions, certificates, data, custom] = await Promise.all([
    entriesOf(db, userId),
    versionsRepo(db).list(userId),
    cvIoRepo(db).certificates(userId),
    loadCvData(db, userId, undefined, versionId),
    customSectionsRepo(db).list(userId),
  ]);
  const version = versions.find((v) => (versionId ? v._id === versionId : v.isDefault));
  if (!version) throw new HttpError(404, VERSION_MESSAGES.notFound);
  const out = new Set(version.excluded);
  const entries = Object.fromEntries(
    SECTION_KEYS.map((key) => [key, all[key].filter((e) => !out.has(String(e._id)))]),
  );
  const layout: VitaeLayout = {
    name: version.name,
    pageSize: version.pageSize,
    arrangement: data.arrangement,
    design: data.design,
    ...(version.headline !== null && { headline: version.headline }),
    ...(version.summary !== null && { summary: version.summary }),
  };
  const customSections = custom.map(({ title, kind, entries: items }) => ({
    title,
    kind,
    entries: items as unknown as Record<string, unknown>[],
  }));
  return toJsonResume(entries as unknown as CvEntries, {
    template: version.template,
    layout,
    certificates,
    customSections,
  });
}

interface CustomPlan {
  title: string;
  kind: CustomSectionKind;
  entries: CustomEntry[];
}

/**
 * The custom sections an import brings, judged like typed input: a title that is not one
 * becomes the kind's name; entries that break a rule are left out; at most the caps.
 */
function planCustomSections(source: ImportSource): { plans: CustomPlan[]; notes: string[] } {
  const notes: string[] = [];
  const plans = (source.customSections ?? []).slice(0, MAX_CUSTOM_SECTIONS).map((section) => {
    const title = sectionTitleSchema.safeParse(section.title);
    const entries = section.entries.flatMap((input) => {
      const description = typeof input.description === 'string' ? input.description : '';
      const r = customEntrySchema.safeParse({
        ...input,
        description: sanitizeRichText(description),
      });
      return r.success ? [r.data] : [];
    });
    const name = title.success ? title.data : CUSTOM_SECTION_KIND_LABELS[section.kind];
    const skipped = section.entries.length - Math.min(entries.length, MAX_CUSTOM_ENTRIES);
    if (skipped > 0) notes.push(`${name}: ${skipped} entries could not be imported.`);
    return { title: name, kind: section.kind, entries: entries.slice(0, MAX_CUSTOM_ENTRIES) };
  });
  if (plans.length) {
    notes.push(
      `Sections of your own: ${plans.map((p) => `${p.title} (${p.entries.length})`).join(', ')}.`,
    );
  }
  return { plans, notes };
}

/**
 * The custom sections of a merge (an import into a CV version): each planned section matched
 * to the user's section of the same title (any case) and kind, and its entries not already
 * there by title and dates.
 */
interface CustomMerge {
  plan: CustomPlan;
  /** The user's section it joins; null: a new section. */
  section: CustomSectionOut | null;
  fresh: CustomEntry[];
  already: number;
}

const customEntryKey = (e: Pick<CustomEntry, 'title' | 'startDate' | 'endDate'>) =>
  JSON.stringify([e.title, e.startDate, e.endDate].map(sameText));

function mergeCustom(plans: CustomPlan[], existing: CustomSectionOut[]): CustomMerge[] {
  return plans.map((plan) => {
    const section =
      existing.find((s) => s.kind === plan.kind && sameText(s.title) === sameText(plan.title)) ??
      null;
    const known = new Set(section?.entries.map(customEntryKey) ?? []);
    const fresh: CustomEntry[] = [];
    for (const entry of plan.entries) {
      const key = customEntryKey(entry);
      if (known.has(key)) continue;
      known.add(key);
      fresh.push(entry);
    }
    return { plan, section, fresh, already: plan.entries.length - fresh.length };
  });
}

function mergeNotes(merges: CustomMerge[]): string[] {
  if (!merges.length) return [];
  const words = merges.map(
    ({ plan, fresh, already }) =>
      `${plan.title} (${fresh.length} new${already ? `, ${already} already there` : ''})`,
  );
  return [`Sections of your own: ${words.join(', ')}.`];
}

/** A plan as the answer shows it: which stored entry each one matched stays on the server. */
const shown = ({ matches: _matches, ...plan }: MergePlan): SectionPlan => plan;

/** What the answer says of the file beyond its sections. */
const fileFacts = (source: ImportSource) => ({
  layout: source.layout ? { name: source.layout.name ?? null } : null,
});

/** The file's certificates judged against the user's (issue 32). */
async function certificatePlanOf(db: Db, userId: string, source: ImportSource) {
  if (!source.certificates?.length) return null;
  const existing = await db
    .selectFrom('certificates')
    .select(['title', 'issuer', 'issued_on as date'])
    .where('user_id', '=', userId)
    .execute();
  return planCertificates(source.certificates, existing);
}

/** The version an import lays out must be the user's: else `404`, as everywhere. */
async function mustOwnVersion(db: Db, userId: string, id: string): Promise<void> {
  if (!(await cvRepo(db).find(userId, id))) throw new HttpError(404, VERSION_MESSAGES.notFound);
}

/** What an import would do, without doing it. */
export async function previewImport(
  db: Db,
  userId: string,
  source: ImportSource,
  mode: ImportMode,
  target: ImportTarget | null = null,
): Promise<ImportResult> {
  if (target?.kind === 'version') await mustOwnVersion(db, userId, target.id);
  const existing = await entriesOf(db, userId);
  const plans = planImport(source.sections, (key) => existing[key], target ? 'merge' : mode);
  const custom = planCustomSections(source);
  const customNotes = target
    ? mergeNotes(mergeCustom(custom.plans, await customSectionsRepo(db).list(userId)))
    : custom.notes;
  return {
    mode: target ? 'add' : mode,
    imported: false,
    sections: plans.map(shown),
    notes: [...source.notes, ...customNotes],
    ...fileFacts(source),
    certificates: await certificatePlanOf(db, userId, source),
    version: null,
  };
}

/** Writes a plan's importable entries; their ids, parallel to the plan's entries. */
async function writePlan(trx: Db, userId: string, plan: MergePlan, mode: ImportMode) {
  const repo = sectionsRepo(trx);
  const ids: (string | null)[] = plan.entries.map(() => null);
  const todo = plan.entries.flatMap((e, i) => (e.errors || e.already ? [] : [i]));
  if (!todo.length) return ids;
  if (mode === 'replace' || plan.kind === 'single')
    await cvIoRepo(trx).clearSection(plan.key, userId);
  for (const i of todo) {
    const values = plan.entries[i]!.values as SectionDataMap[SectionKey];
    ids[i] = await repo.insert(plan.key, userId, values);
  }
  return ids;
}

/** The ids of the stored entries the file's entries are, new or already there. */
function fileEntryIds(plan: MergePlan, ids: readonly (string | null)[]): Set<string> {
  const out = new Set<string>();
  plan.matches.forEach((match, i) => {
    const id = match ? ('existing' in match ? match.existing : ids[match.earlier]) : ids[i];
    if (id) out.add(id);
  });
  return out;
}

/** A file's own headline and summary for a version, when they pass the version's rules. */
function ownTexts(layout: VitaeLayout | null | undefined) {
  const headline = updateVersionSchema.shape.headline.safeParse(layout?.headline ?? null);
  const summary = updateVersionSchema.shape.summary.safeParse(layout?.summary ?? null);
  const text = summary.success ? summary.data : null;
  return {
    headline: headline.success ? (headline.data ?? null) : null,
    summary: text ? sanitizeRichText(text) : null,
  };
}

/** The name a new version takes from the file: its layout's, if a CV name, else "Imported CV". */
function importedName(source: ImportSource): string {
  const named = versionNameSchema.safeParse(source.layout?.name ?? '');
  return named.success ? named.data : IMPORTED_CV_NAME;
}

/**
 * The import, in one transaction under the user's row lock (so the caps and duplicates are
 * judged against what is really there): everything it reports as importable lands, or,
 * on any failure, nothing. Then each changed section is announced like a save.
 *
 * With a `target` (issue 30) the facts are merged into the profile (an entry it already holds
 * is not stored again) and the file's look goes to a new version, which shows exactly the
 * file's entries, or onto the chosen version.
 */
export async function runImport(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  source: ImportSource,
  mode: ImportMode,
  target: ImportTarget | null = null,
): Promise<ImportResult> {
  const custom = planCustomSections(source);
  const done = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', userId);
    const cvs = cvRepo(trx);
    const { cv } = await cvs.ensure(userId);
    if (target?.kind === 'version') await mustOwnVersion(trx, userId, target.id);
    const existing = await entriesOf(trx, userId);
    const plans = planImport(source.sections, (key) => existing[key], target ? 'merge' : mode);
    const touched: SectionKey[] = [];
    const inFile = new Set<string>();
    for (const plan of plans) {
      const ids = await writePlan(trx, userId, plan, target ? 'add' : mode);
      if (ids.some(Boolean)) touched.push(plan.key);
      for (const id of fileEntryIds(plan, ids)) inFile.add(id);
    }
    const customSections = await lockedFor(trx, userId, async (repo) => {
      if (target) return mergeCustomSections(repo, userId, custom.plans);
      // Custom sections: a replace starts over; an add appends while there is room.
      if (mode === 'replace' && custom.plans.length) await repo.clear(userId);
      let room = MAX_CUSTOM_SECTIONS - (await repo.countSections(userId));
      for (const plan of custom.plans) {
        if (room-- <= 0) break;
        await addSectionWith(repo, userId, plan, plan.entries);
      }
      return { changed: custom.plans.length > 0, inFile: new Set<string>(), notes: custom.notes };
    });
    let version: ImportResult['version'] = null;
    if (target?.kind === 'new') {
      // Exactly the file's entries: the rest of the profile is left out of this CV.
      const excluded = VERSION_LIST_SECTIONS.flatMap((section) =>
        existing[section]
          .filter((e) => !inFile.has(String(e._id)))
          .map((e) => ({ section, entryId: String(e._id) })),
      );
      const others = (await customSectionsRepo(trx).list(userId))
        .filter((s) => !customSections.inFile.has(s._id))
        .map((s) => customKey(s._id));
      const arrangement = source.layout?.arrangement ?? EMPTY_ARRANGEMENT;
      const name = await freeVersionName(trx, userId, importedName(source));
      const id = await insertVersion(trx, userId, {
        name,
        template: isTemplateId(source.template) ? source.template : DEFAULT_TEMPLATE,
        pageSize: source.layout?.pageSize,
        arrangement: { ...arrangement, hidden: [...new Set([...arrangement.hidden, ...others])] },
        design: source.layout?.design,
        ...ownTexts(source.layout),
        excluded,
      });
      version = { _id: id, name };
    } else {
      // Replacing the CV takes the exported version's look too, onto the default version;
      // a target version takes it whole, its own headline and summary included.
      const id = target?.kind === 'version' ? target.id : mode === 'replace' ? cv._id : null;
      if (id) {
        if (isTemplateId(source.template)) await cvs.setTemplate(userId, id, source.template);
        if (source.layout) {
          await cvs.setPageSize(userId, id, source.layout.pageSize);
          await cvs.setArrangement(userId, id, source.layout.arrangement);
          await cvs.setDesign(userId, id, source.layout.design);
          if (target) await versionsRepo(trx).update(userId, id, ownTexts(source.layout));
        }
      }
      if (target?.kind === 'version') {
        const made = await versionsRepo(trx).get(userId, target.id);
        version = { _id: made._id, name: made.name };
      }
    }
    // Certificates join the user's, never replace them; judged under the lock.
    const certificates = await certificatePlanOf(trx, userId, source);
    const storing = certificatesToStore(certificates);
    for (const c of storing) await cvIoRepo(trx).insertCertificate(userId, c);
    return { plans, touched, customSections, version, certificates, stored: storing.length };
  });
  for (const key of done.touched) {
    deps.events.publish('section.changed', { userId, dataType: SECTIONS[key].dataType });
  }
  if (done.customSections.changed) {
    deps.events.publish('section.changed', { userId, dataType: 'custom-sections' });
  }
  if (done.stored) deps.events.publish('section.changed', { userId, dataType: 'certificate' });
  return {
    mode: target ? 'add' : mode,
    imported: true,
    sections: done.plans.map(shown),
    notes: [...source.notes, ...done.customSections.notes],
    ...fileFacts(source),
    certificates: done.certificates,
    version: done.version,
  };
}

/**
 * A merge's custom sections, inside the caller's lock: entries join the user's section of the
 * same title and kind while it has room; a section the user lacks is added while there is
 * room for one. Returns the ids of the sections the file's entries are in.
 */
async function mergeCustomSections(
  repo: Parameters<Parameters<typeof lockedFor>[2]>[0],
  userId: string,
  plans: CustomPlan[],
) {
  const merges = mergeCustom(plans, await repo.list(userId));
  const inFile = new Set<string>();
  let changed = false;
  let room = MAX_CUSTOM_SECTIONS - (await repo.countSections(userId));
  for (const { plan, section, fresh } of merges) {
    if (section) {
      inFile.add(section._id);
      const free = Math.max(0, MAX_CUSTOM_ENTRIES - section.entries.length);
      for (const entry of fresh.slice(0, free)) await repo.insertEntry(userId, section._id, entry);
      changed ||= fresh.length > 0 && free > 0;
    } else if (room-- > 0) {
      inFile.add(await addSectionWith(repo, userId, plan, fresh));
      changed = true;
    }
  }
  return { changed, inFile, notes: mergeNotes(merges) };
}
