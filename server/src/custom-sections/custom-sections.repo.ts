import { sql } from 'kysely';
import type { CustomEntry, CustomSectionKind } from '@vitae/core/custom-sections';
import type { CustomSectionEntriesTable, CustomSectionsTable, Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { sanitizeRichText } from '../sections/index.ts';

/** A custom section's entry as the API answers it. */
export interface CustomEntryOut extends CustomEntry {
  _id: string;
  lastUpdate: string;
}

/** A custom section as the API answers it: its entries in the user's order. */
export interface CustomSectionOut {
  _id: string;
  title: string;
  kind: CustomSectionKind;
  lastUpdate: string;
  entries: CustomEntryOut[];
}

type SectionRow = Pick<CustomSectionsTable, 'id' | 'title' | 'kind' | 'updated_at'>;
type EntryRow = Pick<
  CustomSectionEntriesTable,
  | 'id'
  | 'section_id'
  | 'title'
  | 'subtitle'
  | 'place'
  | 'start_date'
  | 'end_date'
  | 'description'
  | 'updated_at'
>;

/** The columns of an entry, as the one-request CV selects them too. */
export const ENTRY_COLUMNS = [
  'id',
  'section_id',
  'title',
  'subtitle',
  'place',
  'start_date',
  'end_date',
  'description',
  'updated_at',
] as const;
export const SECTION_COLUMNS = ['id', 'title', 'kind', 'updated_at'] as const;

export const toCustomEntry = (r: EntryRow): CustomEntryOut => ({
  _id: String(r.id),
  title: String(r.title ?? ''),
  subtitle: String(r.subtitle ?? ''),
  place: String(r.place ?? ''),
  startDate: String(r.start_date ?? ''),
  endDate: String(r.end_date ?? ''),
  description: String(r.description ?? ''),
  lastUpdate: String(r.updated_at),
});

/** Sections (in their order) with their entries (in theirs) from rows read apart. */
export function toCustomSections(
  sections: readonly SectionRow[],
  entries: readonly EntryRow[],
): CustomSectionOut[] {
  const out = sections.map((s): CustomSectionOut => ({
    _id: String(s.id),
    title: String(s.title),
    kind: s.kind as CustomSectionKind,
    lastUpdate: String(s.updated_at),
    entries: [],
  }));
  const byId = new Map(out.map((s) => [s._id, s]));
  for (const e of entries) byId.get(String(e.section_id))?.entries.push(toCustomEntry(e));
  return out;
}

const entryRow = (e: CustomEntry) => ({
  title: e.title,
  subtitle: e.subtitle,
  place: e.place,
  start_date: e.startDate,
  end_date: e.endDate,
  description: sanitizeRichText(e.description),
});

/** Creation stamps that never repeat in this process, so same-millisecond rows keep their order. */
let lastCreated = 0;
function creationStamp(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** Storage of custom sections and their entries; every statement is scoped by the owner. */
export function customSectionsRepo(db: Db) {
  return {
    async list(userId: string): Promise<CustomSectionOut[]> {
      const [sections, entries] = await Promise.all([
        db
          .selectFrom('custom_sections')
          .select(SECTION_COLUMNS)
          .where('user_id', '=', userId)
          .orderBy('sort_order')
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('custom_section_entries')
          .select(ENTRY_COLUMNS)
          .where('user_id', '=', userId)
          .orderBy('sort_order')
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      ]);
      return toCustomSections(sections, entries);
    },

    async countSections(userId: string): Promise<number> {
      const { n } = await db
        .selectFrom('custom_sections')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** True when the section exists and is the user's. */
    async owns(userId: string, sectionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('custom_sections')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', sectionId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** A new section goes last. */
    async insertSection(
      userId: string,
      data: { title: string; kind: CustomSectionKind },
    ): Promise<string> {
      const id = newId();
      const now = creationStamp();
      await db
        .insertInto('custom_sections')
        .values({
          id,
          user_id: userId,
          title: data.title,
          kind: data.kind,
          created_at: now,
          updated_at: now,
          sort_order: (eb) =>
            eb
              .selectFrom('custom_sections')
              .select(sql<number>`coalesce(max(sort_order), -1) + 1`.as('next'))
              .where('user_id', '=', userId),
        })
        .execute();
      return id;
    },

    async updateSection(
      userId: string,
      sectionId: string,
      data: { title?: string; kind?: CustomSectionKind },
    ): Promise<boolean> {
      const res = await db
        .updateTable('custom_sections')
        .set({ ...data, updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('id', '=', sectionId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The section and (by cascade, and here for engines without it) its entries. */
    async removeSection(userId: string, sectionId: string): Promise<boolean> {
      await db
        .deleteFrom('custom_section_entries')
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .execute();
      const res = await db
        .deleteFrom('custom_sections')
        .where('user_id', '=', userId)
        .where('id', '=', sectionId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async entryIds(userId: string, sectionId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('custom_section_entries')
        .select('id')
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .execute();
      return rows.map((r) => r.id);
    },

    async getEntry(
      userId: string,
      sectionId: string,
      entryId: string,
    ): Promise<CustomEntryOut | undefined> {
      const row = await db
        .selectFrom('custom_section_entries')
        .select(ENTRY_COLUMNS)
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return row && toCustomEntry(row);
    },

    /** A new entry goes last in its section. */
    async insertEntry(userId: string, sectionId: string, entry: CustomEntry): Promise<string> {
      const id = newId();
      const now = creationStamp();
      await db
        .insertInto('custom_section_entries')
        .values({
          id,
          section_id: sectionId,
          user_id: userId,
          ...entryRow(entry),
          created_at: now,
          updated_at: now,
          sort_order: (eb) =>
            eb
              .selectFrom('custom_section_entries')
              .select(sql<number>`coalesce(max(sort_order), -1) + 1`.as('next'))
              .where('section_id', '=', sectionId),
        })
        .execute();
      return id;
    },

    async updateEntry(
      userId: string,
      sectionId: string,
      entryId: string,
      entry: CustomEntry,
    ): Promise<boolean> {
      const res = await db
        .updateTable('custom_section_entries')
        .set({ ...entryRow(entry), updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async removeEntry(userId: string, sectionId: string, entryId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('custom_section_entries')
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Entries in the order of `ids` (0, 1, 2...), in one statement; the caller checked `ids`. */
    async reorderEntries(userId: string, sectionId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const sortOrder = sql<number>`case ${sql.join(
        ids.map((id, i) => sql`when id = ${id} then ${sql.lit(i)}`),
        sql` `,
      )} else sort_order end`;
      await db
        .updateTable('custom_section_entries')
        .set({ sort_order: sortOrder })
        .where('user_id', '=', userId)
        .where('section_id', '=', sectionId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Every custom section of the user (an import that replaces the CV). */
    async clear(userId: string): Promise<void> {
      await db.deleteFrom('custom_section_entries').where('user_id', '=', userId).execute();
      await db.deleteFrom('custom_sections').where('user_id', '=', userId).execute();
    },
  };
}

export type CustomSectionsRepo = ReturnType<typeof customSectionsRepo>;
