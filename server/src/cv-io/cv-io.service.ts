import {
  SECTIONS,
  SECTION_KEYS,
  isTemplateId,
  VERSION_MESSAGES,
  type SectionDataMap,
  type SectionKey,
} from '@vitae/core';
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
import type { ImportResult } from '@vitae/core/json-resume/import-result';
import { lockRow } from '../db/integrity.ts';
import { cvRepo, loadCvData, versionsRepo } from '../cv/index.ts';
import { HttpError } from '../plugins/errors.ts';
import { addSectionWith, customSectionsRepo, lockedFor } from '../custom-sections/index.ts';
import { sanitizeRichText, sectionsRepo, type EntryOut } from '../sections/index.ts';
import { cvIoRepo } from './cv-io.repo.ts';
import {
  planImport,
  type ImportCandidates,
  type ImportMode,
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
  notes: string[];
}

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
    cvIoRepo(db).certificateTitles(userId),
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

/** What an import would do, without doing it. */
export async function previewImport(
  db: Db,
  userId: string,
  source: ImportSource,
  mode: ImportMode,
): Promise<ImportResult> {
  const existing = await entriesOf(db, userId);
  const sections = planImport(source.sections, (key) => existing[key], mode);
  const custom = planCustomSections(source);
  return { mode, imported: false, sections, notes: [...source.notes, ...custom.notes] };
}

async function writePlan(trx: Db, userId: string, plan: SectionPlan, mode: ImportMode) {
  const repo = sectionsRepo(trx);
  const values = plan.entries.filter((e) => !e.errors).map((e) => e.values);
  if (!values.length) return false;
  if (mode === 'replace' || plan.kind === 'single')
    await cvIoRepo(trx).clearSection(plan.key, userId);
  for (const v of values) await repo.insert(plan.key, userId, v as SectionDataMap[SectionKey]);
  return true;
}

/**
 * The import, in one transaction under the user's row lock (so the caps and duplicates are
 * judged against what is really there): everything it reports as importable lands, or,
 * on any failure, nothing. Then each changed section is announced like a save.
 */
export async function runImport(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  source: ImportSource,
  mode: ImportMode,
): Promise<ImportResult> {
  const custom = planCustomSections(source);
  const { sections, changed, customChanged } = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', userId);
    const existing = await entriesOf(trx, userId);
    const plans = planImport(source.sections, (key) => existing[key], mode);
    const touched: SectionKey[] = [];
    for (const plan of plans) if (await writePlan(trx, userId, plan, mode)) touched.push(plan.key);
    // Replacing the CV takes the exported version's look too, onto the default version.
    if (mode === 'replace') {
      const cvs = cvRepo(trx);
      const { cv } = await cvs.ensure(userId);
      if (isTemplateId(source.template)) await cvs.setTemplate(userId, cv._id, source.template);
      if (source.layout) {
        await cvs.setPageSize(userId, cv._id, source.layout.pageSize);
        await cvs.setArrangement(userId, cv._id, source.layout.arrangement);
        await cvs.setDesign(userId, cv._id, source.layout.design);
      }
    }
    // Custom sections: a replace starts over; an add appends while there is room.
    const customChanged = await lockedFor(trx, userId, async (repo) => {
      if (mode === 'replace' && custom.plans.length) await repo.clear(userId);
      let room = MAX_CUSTOM_SECTIONS - (await repo.countSections(userId));
      for (const plan of custom.plans) {
        if (room-- <= 0) break;
        await addSectionWith(repo, userId, plan, plan.entries);
      }
      return custom.plans.length > 0;
    });
    return { sections: plans, changed: touched, customChanged };
  });
  for (const key of changed) {
    deps.events.publish('section.changed', { userId, dataType: SECTIONS[key].dataType });
  }
  if (customChanged) {
    deps.events.publish('section.changed', { userId, dataType: 'custom-sections' });
  }
  return { mode, imported: true, sections, notes: [...source.notes, ...custom.notes] };
}
