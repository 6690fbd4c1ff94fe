import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely';
import { SECTIONS, type ColumnKind, type SectionKey } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { sanitizeRichText } from './rich-text.ts';

/** A section entry as the API returns it: `_id`, `lastUpdate` and the fields. */
export type EntryOut = { _id: string; lastUpdate: string } & Record<string, unknown>;
type FieldValues = Record<string, unknown>;
/** Any section row: SectionRowBase's columns plus the section's field columns. */
export type AnyRow = Record<string, string | number | null>;

export const tableOf = (key: SectionKey) => `section_${key.replace(/-/g, '_')}`;
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const fieldsOf = (key: SectionKey) =>
  Object.entries(SECTIONS[key].columns) as [string, ColumnKind][];

function toRow(key: SectionKey, data: FieldValues): Record<string, string | number> {
  const row: Record<string, string | number> = {};
  for (const [field, kind] of fieldsOf(key)) {
    const v = data[field];
    row[columnOf(field)] =
      kind === 'bool'
        ? v
          ? 1
          : 0
        : kind === 'int'
          ? Number(v ?? 0)
          : kind === 'json'
            ? JSON.stringify(v ?? [])
            : kind === 'rich'
              ? sanitizeRichText(String(v ?? ''))
              : String(v ?? '');
  }
  return row;
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return [];
  }
}

/** Per section: each field with its kind and column, worked out once (rows are read often). */
const FIELD_COLUMNS = new Map(
  (Object.keys(SECTIONS) as SectionKey[]).map((key) => [
    key,
    fieldsOf(key).map(([field, kind]) => [field, kind, columnOf(field)] as const),
  ]),
);

export function toEntry(key: SectionKey, row: AnyRow): EntryOut {
  const entry: EntryOut = { _id: String(row.id), lastUpdate: String(row.updated_at) };
  for (const [field, kind, column] of FIELD_COLUMNS.get(key)!) {
    const v = row[column];
    entry[field] =
      kind === 'bool'
        ? Boolean(v)
        : kind === 'int'
          ? Number(v)
          : kind === 'json'
            ? parseJson(v)
            : (v ?? '');
  }
  return entry;
}

/**
 * Creation timestamps that never repeat within this process, so two entries
 * created in the same millisecond still list in creation order.
 */
let lastCreated = 0;
function creationStamp(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

const LIST_SQL = new Map<string, string>();

/** Storage of every section, generic over the SECTIONS registry; always scoped by user. */
export function sectionsRepo(typedDb: Db) {
  // Table names come from the registry, so the query builder sees them as plain strings.
  const db = typedDb as unknown as Kysely<Record<string, AnyRow>>;

  return {
    /** The user's entries in their order (sort_order; equal ones oldest first). */
    async list(key: SectionKey, userId: string): Promise<EntryOut[]> {
      // Compiled once per dialect and section: every list read runs the same SQL.
      const name = `${typedDb.getExecutor().adapter instanceof PostgresAdapter}:${key}`;
      let sql = LIST_SQL.get(name);
      if (!sql) {
        sql = db
          .selectFrom(tableOf(key))
          .selectAll()
          .where('user_id', '=', '')
          .orderBy('sort_order', 'asc')
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .compile().sql;
        LIST_SQL.set(name, sql);
      }
      const { rows } = await db.executeQuery<AnyRow>(CompiledQuery.raw(sql, [userId]));
      return rows.map((r) => toEntry(key, r));
    },

    async get(key: SectionKey, userId: string, id: string): Promise<EntryOut | undefined> {
      const row = await db
        .selectFrom(tableOf(key))
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEntry(key, row);
    },

    async count(key: SectionKey, userId: string): Promise<number> {
      const { n } = await db
        .selectFrom(tableOf(key))
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** A new entry goes last: one past the user's highest sort_order, in the same statement. */
    async insert(key: SectionKey, userId: string, data: FieldValues): Promise<string> {
      const id = newId();
      const now = creationStamp();
      const table = tableOf(key);
      await db
        .insertInto(table)
        .values({
          id,
          user_id: userId,
          created_at: now,
          updated_at: now,
          ...toRow(key, data),
          sort_order: (eb) =>
            eb
              .selectFrom(table)
              .select(sql<number>`coalesce(max(sort_order), -1) + 1`.as('next'))
              .where('user_id', '=', userId),
        })
        .execute();
      return id;
    },

    /**
     * Puts the user's entries in the order of `ids` (sort_order 0, 1, 2...), in one statement.
     * The caller has checked that `ids` are exactly the user's entries of this section.
     */
    async reorder(key: SectionKey, userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      // Positions are small integers of our own: literals, so both engines see integers.
      const sortOrder = sql<number>`case ${sql.join(
        ids.map((id, i) => sql`when id = ${id} then ${sql.lit(i)}`),
        sql` `,
      )} else sort_order end`;
      await db
        .updateTable(tableOf(key))
        .set({ sort_order: sortOrder })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The ids of the user's entries of one section, in no particular order. */
    async ids(key: SectionKey, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom(tableOf(key))
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => String(r.id));
    },

    /** False when the entry does not exist or belongs to someone else. */
    async update(key: SectionKey, userId: string, id: string, data: FieldValues): Promise<boolean> {
      const res = await db
        .updateTable(tableOf(key))
        .set({ ...toRow(key, data), updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async remove(key: SectionKey, userId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom(tableOf(key))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export type SectionsRepo = ReturnType<typeof sectionsRepo>;
