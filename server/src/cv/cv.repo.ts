import {
  DEFAULT_TEMPLATE,
  resolvePageSize,
  resolveTemplateId,
  type CvArrangement,
  type CvDesign,
  type PageSize,
  type TemplateId,
} from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';

export interface CvRecord {
  _id: string;
  template: TemplateId;
  pageSize: PageSize;
  createdAt: string;
  updatedAt: string;
}

type Row = {
  id: string;
  template: string;
  page_size?: string;
  created_at: string;
  updated_at: string;
};

export const toRecord = (row: Row): CvRecord => ({
  _id: row.id,
  template: resolveTemplateId(row.template),
  pageSize: resolvePageSize(row.page_size),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The user's one CV record (table curriculum_vitae, user_id unique). */
export function cvRepo(db: Db) {
  const find = async (userId: string): Promise<CvRecord | undefined> => {
    const row = await db
      .selectFrom('curriculum_vitae')
      .select(['id', 'template', 'page_size', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toRecord(row);
  };

  return {
    find,

    /** Finds the record, creating it when missing; a concurrent create is tolerated. */
    async ensure(userId: string): Promise<{ cv: CvRecord; created: boolean }> {
      const existing = await find(userId);
      if (existing) return { cv: existing, created: false };
      const now = nowIso();
      const inserted = await db
        .insertInto('curriculum_vitae')
        .values({
          id: newId(),
          user_id: userId,
          template: DEFAULT_TEMPLATE,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      const cv = (await find(userId))!;
      return { cv, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /** Touches updated_at ("rebuild"); false when the id is not this user's CV. */
    async touch(userId: string, id: string): Promise<boolean> {
      const res = await db
        .updateTable('curriculum_vitae')
        .set({ updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async setPageSize(userId: string, pageSize: PageSize): Promise<void> {
      await db
        .updateTable('curriculum_vitae')
        .set({ page_size: pageSize, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Stores the section arrangement (issue 17), already checked by arrangementSchema. */
    async setArrangement(userId: string, arrangement: CvArrangement): Promise<void> {
      await db
        .updateTable('curriculum_vitae')
        .set({ arrangement: JSON.stringify(arrangement), updated_at: nowIso() })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Stores the design (issue 17), already checked by designSchema. */
    async setDesign(userId: string, design: CvDesign): Promise<void> {
      await db
        .updateTable('curriculum_vitae')
        .set({ design: JSON.stringify(design), updated_at: nowIso() })
        .where('user_id', '=', userId)
        .execute();
    },

    async setTemplate(userId: string, template: TemplateId): Promise<void> {
      await db
        .updateTable('curriculum_vitae')
        .set({ template, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
