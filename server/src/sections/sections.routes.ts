import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_SECTION_ENTRIES,
  SECTIONS,
  SECTION_KEYS,
  headingTitle,
  TOO_MANY_ENTRIES,
  sectionStatus,
  idParams,
  type SectionDataMap,
  type SectionKey,
  type UniqueRule,
  type ViewHeading,
} from '@vitae/core';
import {
  SECTION_LIST_SCHEMAS,
  sectionStatusSchema,
  viewHeadingSchema,
} from '@vitae/core/responses/cv';
import type { AppDeps } from '../deps.ts';
import { sendKeptJson } from '../plugins/answer-cache.ts';
import { errorResponses } from '../plugins/responses.ts';
import { fieldErrorsFrom, HttpError, notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import type { Db } from '../db/database.ts';
import { lockRow, onUniqueViolation } from '../db/integrity.ts';
import { sanitizeRichFields } from './rich-text.ts';
import { sectionsRepo, tableOf, type EntryOut, type SectionsRepo } from './sections.repo.ts';

type Values = Record<string, unknown>;

const SAMPLE_UPDATED = '2024-01-01T00:00:00.000Z';
const ENTRY_NOT_FOUND = 'Entry not found';
/** A reorder that is not exactly the user's entries: one message, revealing nothing else. */
export const ORDER_MISMATCH = 'The new order must list each of your entries in this section once.';

/** The ids of a reorder body `{ ids: string[] }`, at most the section cap; else a 400. */
function orderIdsOf(body: unknown): string[] {
  const ids = isObject(body) ? body.ids : undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new HttpError(400, ORDER_MISMATCH, { ids: ORDER_MISMATCH });
  }
  if (ids.length > MAX_SECTION_ENTRIES) throw new HttpError(400, TOO_MANY_ENTRIES);
  return ids as string[];
}

const isObject = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);

/** Some edits wrap the values as `{ formValues: {...} }`; both shapes mean the same. */
export function formValuesOf(body: unknown): Values {
  if (!isObject(body)) return {};
  return isObject(body.formValues) ? body.formValues : body;
}

const fieldNames = (key: SectionKey) => Object.keys(SECTIONS[key].columns);

function pickFields(key: SectionKey, values: Values): Values {
  const out: Values = {};
  for (const f of fieldNames(key)) if (f in values) out[f] = values[f];
  return out;
}

/**
 * The core schema decides on the sanitised values (rich text that sanitises to nothing, like
 * "<style>Hello", is empty, so a required field refuses it); its messages go back per field,
 * and nothing is stored.
 */
function validate(key: SectionKey, input: Values): Values {
  const r = SECTIONS[key].schema.safeParse(sanitizeRichFields(SECTIONS[key].columns, input));
  if (r.success) return r.data as Values;
  const fieldErrors = fieldErrorsFrom(r.error.issues);
  throw new HttpError(400, Object.values(fieldErrors)[0] ?? 'Invalid request', fieldErrors);
}

const duplicate = (rule: UniqueRule) =>
  new HttpError(400, rule.message, { [rule.field]: rule.message });

/** Refuses an item whose text matches (any case) another entry or another new item. */
function assertUnique(rule: UniqueRule, items: Values[], others: EntryOut[]): void {
  const seen = new Set(others.map((e) => String(e[rule.field]).trim().toLowerCase()));
  for (const item of items) {
    const text = String(item[rule.field]).trim().toLowerCase();
    if (seen.has(text)) throw duplicate(rule);
    seen.add(text);
  }
}

/**
 * Interests and attributes are created by sending the whole list (existing
 * entries plus the new one), or a single item. Items that echo an existing
 * entry (by `_id`, else by exact text, each existing entry matched once) are
 * skipped; the rest are the new entries.
 */
function newItemsOf(rule: UniqueRule, values: Values, existing: EntryOut[]): Values[] {
  const list = values[rule.listKey];
  if (!Array.isArray(list)) return [values];
  if (list.length > MAX_SECTION_ENTRIES * 2) throw new HttpError(400, TOO_MANY_ENTRIES);
  const unmatched = [...existing];
  const take = (i: number) => i >= 0 && unmatched.splice(i, 1).length > 0;
  const fresh: Values[] = [];
  for (const raw of list) {
    const item: Values = typeof raw === 'string' ? { [rule.field]: raw } : isObject(raw) ? raw : {};
    if (take(unmatched.findIndex((e) => typeof item._id === 'string' && e._id === item._id))) {
      continue;
    }
    const text = typeof item[rule.field] === 'string' ? String(item[rule.field]).trim() : null;
    if (text !== null && take(unmatched.findIndex((e) => e[rule.field] === text))) continue;
    fresh.push(item);
  }
  // A non-empty list holding nothing new repeats what exists: that is the duplicate case.
  if (fresh.length === 0 && list.length > 0) throw duplicate(rule);
  return fresh.length ? fresh : [{}];
}

function sectionService(db: Db, events: AppDeps['events']) {
  const changed = (userId: string, key: SectionKey) =>
    events.publish('section.changed', { userId, dataType: SECTIONS[key].dataType });

  /**
   * Creates and edits of one user's sections run one at a time (the user's row is locked):
   * the entry cap and the duplicate check read the list, then write, and must see every
   * earlier write. The unique indexes (migration 009) back the rules up; a violation they
   * report answers like the check would.
   */
  async function locked<T>(
    key: SectionKey,
    userId: string,
    fn: (repo: SectionsRepo) => Promise<T>,
  ) {
    const rule = SECTIONS[key].unique;
    return db
      .transaction()
      .execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        return fn(sectionsRepo(trx));
      })
      .catch(rule ? onUniqueViolation(duplicate(rule)) : undefined);
  }

  return {
    /** Returns true when a new row was inserted (false: a single record was updated). */
    async create(key: SectionKey, userId: string, body: unknown): Promise<boolean> {
      const inserted = await locked(key, userId, (repo) => createIn(repo, key, userId, body));
      changed(userId, key);
      return inserted;
    },

    /** Edits merge the sent fields over the stored ones, then validate the whole entry. */
    async edit(key: SectionKey, userId: string, id: string, body: unknown): Promise<void> {
      await locked(key, userId, async (repo) => {
        const current = await repo.get(key, userId, id);
        if (!current) throw notFound(ENTRY_NOT_FOUND);
        const data = validate(key, {
          ...pickFields(key, current),
          ...pickFields(key, formValuesOf(body)),
        });
        const rule = SECTIONS[key].unique;
        if (rule) {
          const others = (await repo.list(key, userId)).filter((e) => e._id !== id);
          assertUnique(rule, [data], others);
        }
        if (!(await repo.update(key, userId, id, data))) throw notFound(ENTRY_NOT_FOUND);
      });
      changed(userId, key);
    },

    async remove(key: SectionKey, userId: string, id: string): Promise<void> {
      if (!(await sectionsRepo(db).remove(key, userId, id))) throw notFound(ENTRY_NOT_FOUND);
      changed(userId, key);
    },

    /**
     * Puts the entries in the order of `ids` (issue 17), under the user's lock: the ids must be
     * exactly the user's entries of the section, each once, else nothing changes.
     */
    async reorder(key: SectionKey, userId: string, body: unknown): Promise<void> {
      const ids = orderIdsOf(body);
      await locked(key, userId, async (repo) => {
        const own = new Set(await repo.ids(key, userId));
        const sent = new Set(ids);
        if (sent.size !== ids.length || sent.size !== own.size || ids.some((id) => !own.has(id))) {
          throw new HttpError(400, ORDER_MISMATCH, { ids: ORDER_MISMATCH });
        }
        await repo.reorder(key, userId, ids);
      });
      changed(userId, key);
    },
  };
}

/** One create, inside the user's lock: a single record is updated, list entries are added. */
async function createIn(
  repo: SectionsRepo,
  key: SectionKey,
  userId: string,
  body: unknown,
): Promise<boolean> {
  const def = SECTIONS[key];
  const values = formValuesOf(body);
  const existing = await repo.list(key, userId);
  if (def.kind === 'single') {
    const data = validate(key, values);
    const current = existing[0];
    if (current) await repo.update(key, userId, current._id, data);
    else await repo.insert(key, userId, data);
    return !current;
  }
  const candidates = def.unique ? newItemsOf(def.unique, values, existing) : [values];
  const items = candidates.map((c) => validate(key, c));
  if (def.unique) assertUnique(def.unique, items, existing);
  if (existing.length + items.length > MAX_SECTION_ENTRIES) {
    throw new HttpError(400, TOO_MANY_ENTRIES);
  }
  for (const item of items) await repo.insert(key, userId, item);
  return true;
}

const sampleEntries = (key: SectionKey): EntryOut[] =>
  SECTIONS[key].sample.map((s, i) => ({
    _id: `sample-${key}-${i + 1}`,
    lastUpdate: SAMPLE_UPDATED,
    ...(s as Values),
  }));

/**
 * The section resources (docs/product/api.md#section-resources) for every key of the SECTIONS
 * registry: sample, status, list, create, edit, delete. Responses carry `{ data: entries }`.
 */
export async function sectionsRoutes(
  app: FastifyInstance,
  { db, events, answers }: AppDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = sectionsRepo(db);
  const service = sectionService(db, events);
  // The editor, the dashboard's cards and the preview read these most: kept until the table is written.
  const listOf = (key: SectionKey, userId: string) =>
    answers.get(`${key}:${userId}`, [tableOf(key)], async () => ({
      data: await repo.list(key, userId),
    }));

  for (const key of SECTION_KEYS) {
    const { apiPath } = SECTIONS[key];
    const tags = ['sections'];
    const list = { 200: SECTION_LIST_SCHEMAS[key], ...errorResponses };

    r.get(`${apiPath}/sample`, { schema: { tags, response: list } }, async (req) => {
      requireUser(req);
      return { data: sampleEntries(key) };
    });

    const status = { 200: sectionStatusSchema, ...errorResponses };
    r.get(`${apiPath}/status`, { schema: { tags, response: status } }, async (req) => {
      const user = requireUser(req);
      const { data: entries } = await listOf(key, user.id);
      return { status: sectionStatus(key, entries as unknown as SectionDataMap[typeof key][]) };
    });

    r.get(apiPath, { schema: { tags, response: list } }, async (req, reply) => {
      const userId = requireUser(req).id;
      return sendKeptJson(reply, answers, `${key}:${userId}`, [tableOf(key)], () =>
        listOf(key, userId),
      );
    });

    const created = { 201: SECTION_LIST_SCHEMAS[key], ...list };
    r.post(apiPath, { schema: { tags, response: created } }, async (req, reply) => {
      const user = requireUser(req);
      const inserted = await service.create(key, user.id, req.body);
      return reply.status(inserted ? 201 : 200).send(await listOf(key, user.id));
    });

    const byId = { tags, params: idParams, response: list };
    r.patch(`${apiPath}/:id`, { schema: byId }, async (req) => {
      const user = requireUser(req);
      await service.edit(key, user.id, req.params.id, req.body);
      return listOf(key, user.id);
    });

    r.delete(`${apiPath}/:id`, { schema: byId }, async (req) => {
      const user = requireUser(req);
      await service.remove(key, user.id, req.params.id);
      return listOf(key, user.id);
    });

    // Ours (issue 17, docs/api-deviations.md): `{ ids }` puts the list's entries in that order.
    if (SECTIONS[key].kind === 'list') {
      r.put(`${apiPath}/order`, { schema: { tags, response: list } }, async (req) => {
        const user = requireUser(req);
        await service.reorder(key, user.id, req.body);
        return listOf(key, user.id);
      });
    }
  }

  const heading = { tags: ['sections'], response: { 200: viewHeadingSchema, ...errorResponses } };
  r.get('/api/personal-info/view-heading', { schema: heading }, async (req) => {
    const user = requireUser(req);
    const [info] = await repo.list('personal-info', user.id);
    const heading: ViewHeading = { fullName: String(info?.fullName || user.full_name) };
    return heading;
  });

  r.get('/api/personal-info/view-heading-sample', { schema: heading }, async (req) => {
    requireUser(req);
    const sample = SECTIONS['personal-info'].sample[0];
    const title = headingTitle((key) => SECTIONS[key].sample);
    const heading: ViewHeading = {
      fullName: sample?.fullName ?? '',
      ...(title ? { title } : {}),
    };
    return heading;
  });
}
