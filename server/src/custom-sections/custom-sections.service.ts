import type { z } from 'zod';
import {
  CUSTOM_ENTRY_FIELDS,
  CUSTOM_SECTION_MESSAGES,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  customEntrySchema,
  customSectionPatchSchema,
  customSectionSchema,
  type CustomEntry,
  type CustomSectionKind,
} from '@vitae/core/custom-sections';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/integrity.ts';
import { fieldErrorsFrom, HttpError, notFound } from '../plugins/errors.ts';
import { sanitizeRichText } from '../sections/index.ts';
import { customSectionsRepo, type CustomSectionsRepo } from './custom-sections.repo.ts';

type Values = Record<string, unknown>;
const M = CUSTOM_SECTION_MESSAGES;

const isObject = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);

/** `body` through `schema`, or a 400 with the first message and one per field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(isObject(body) ? body : {});
  if (r.success) return r.data;
  const fieldErrors = fieldErrorsFrom(r.error.issues);
  throw new HttpError(400, Object.values(fieldErrors)[0] ?? 'Invalid request', fieldErrors);
}

/**
 * An entry's fields from a body: the description is sanitised before the schema judges it
 * (markup that sanitises to nothing is empty), as the built-in sections do.
 */
function entryFields(body: Values): Values {
  const out: Values = {};
  for (const f of CUSTOM_ENTRY_FIELDS) if (f in body) out[f] = body[f];
  if (typeof out.description === 'string') out.description = sanitizeRichText(out.description);
  return out;
}

const parseEntry = (values: Values): CustomEntry => parse(customEntrySchema, values);

const tooManySections = () => new HttpError(400, M.tooManySections);
const tooManyEntries = () => new HttpError(400, M.tooManyEntries);
const orderMismatch = () => new HttpError(400, M.order, { ids: M.order });

/** The ids of a reorder body `{ ids: string[] }`, at most the entry cap; else a 400. */
function orderIdsOf(body: unknown): string[] {
  const ids = isObject(body) ? body.ids : undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw orderMismatch();
  if (ids.length > MAX_CUSTOM_ENTRIES) throw tooManyEntries();
  return ids as string[];
}

/**
 * Inside `trx`, with the user's row locked: the caps count, then write, one request after
 * another, on SQLite and PostgreSQL alike (as the built-in sections do).
 */
export async function lockedFor<T>(
  trx: Db,
  userId: string,
  fn: (repo: CustomSectionsRepo) => Promise<T>,
): Promise<T> {
  await lockRow(trx, 'users', userId);
  return fn(customSectionsRepo(trx));
}

/** A section added with its entries, inside the caller's lock (imports add several). */
export async function addSectionWith(
  repo: CustomSectionsRepo,
  userId: string,
  section: { title: string; kind: CustomSectionKind },
  entries: readonly CustomEntry[] = [],
): Promise<string> {
  if ((await repo.countSections(userId)) >= MAX_CUSTOM_SECTIONS) throw tooManySections();
  const id = await repo.insertSection(userId, section);
  for (const entry of entries.slice(0, MAX_CUSTOM_ENTRIES)) {
    await repo.insertEntry(userId, id, entry);
  }
  return id;
}

/** Custom sections' rules: input, caps, ownership (another user's answers 404), the event. */
export function customSectionsService({ db, events }: Pick<AppDeps, 'db' | 'events'>) {
  const changed = (userId: string) =>
    events.publish('section.changed', { userId, dataType: 'custom-sections' });
  const locked = <T>(userId: string, fn: (repo: CustomSectionsRepo) => Promise<T>) =>
    db.transaction().execute((trx) => lockedFor(trx, userId, fn));
  const mustOwn = async (repo: CustomSectionsRepo, userId: string, sectionId: string) => {
    if (!(await repo.owns(userId, sectionId))) throw notFound(M.sectionNotFound);
  };

  return {
    async create(userId: string, body: unknown): Promise<string> {
      const data = parse(customSectionSchema, body);
      const id = await locked(userId, (repo) => addSectionWith(repo, userId, data));
      changed(userId);
      return id;
    },

    async edit(userId: string, sectionId: string, body: unknown): Promise<void> {
      const data = parse(customSectionPatchSchema, body);
      const found = await customSectionsRepo(db).updateSection(userId, sectionId, data);
      if (!found) throw notFound(M.sectionNotFound);
      changed(userId);
    },

    async remove(userId: string, sectionId: string): Promise<void> {
      const found = await db
        .transaction()
        .execute((trx) => customSectionsRepo(trx).removeSection(userId, sectionId));
      if (!found) throw notFound(M.sectionNotFound);
      changed(userId);
    },

    async addEntry(userId: string, sectionId: string, body: unknown): Promise<void> {
      const entry = parseEntry(entryFields(isObject(body) ? body : {}));
      await locked(userId, async (repo) => {
        await mustOwn(repo, userId, sectionId);
        if ((await repo.entryIds(userId, sectionId)).length >= MAX_CUSTOM_ENTRIES) {
          throw tooManyEntries();
        }
        await repo.insertEntry(userId, sectionId, entry);
      });
      changed(userId);
    },

    /** An edit merges the sent fields over the stored ones, then judges the whole entry. */
    async editEntry(userId: string, sectionId: string, entryId: string, body: unknown) {
      await locked(userId, async (repo) => {
        const current = await repo.getEntry(userId, sectionId, entryId);
        if (!current) throw notFound(M.entryNotFound);
        const entry = parseEntry({
          ...entryFields(current as unknown as Values),
          ...entryFields(isObject(body) ? body : {}),
        });
        await repo.updateEntry(userId, sectionId, entryId, entry);
      });
      changed(userId);
    },

    async removeEntry(userId: string, sectionId: string, entryId: string): Promise<void> {
      const found = await customSectionsRepo(db).removeEntry(userId, sectionId, entryId);
      if (!found) throw notFound(M.entryNotFound);
      changed(userId);
    },

    /** `{ ids }`: exactly the section's entries, each once, in their new order. */
    async reorderEntries(userId: string, sectionId: string, body: unknown): Promise<void> {
      const ids = orderIdsOf(body);
      await locked(userId, async (repo) => {
        await mustOwn(repo, userId, sectionId);
        const own = new Set(await repo.entryIds(userId, sectionId));
        const sent = new Set(ids);
        if (sent.size !== ids.length || sent.size !== own.size || ids.some((id) => !own.has(id))) {
          throw orderMismatch();
        }
        await repo.reorderEntries(userId, sectionId, ids);
      });
      changed(userId);
    },
  };
}
