import {
  DEFAULT_TEMPLATE,
  FIRST_VERSION_NAME,
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

/** The setting columns of one version; a version id the user does not own changes nothing. */
type Settings = {
  template?: TemplateId;
  page_size?: PageSize;
  arrangement?: string;
  design?: string;
};

/**
 * The user's CV versions (table curriculum_vitae, migration 026): every call names the user,
 * and a version id reaches a row only when that user owns it. Without a version id a call acts
 * on the default version, which is what the product's original calls mean by "the CV".
 */
export function cvRepo(db: Db) {
  const find = async (userId: string, versionId?: string): Promise<CvRecord | undefined> => {
    let q = db
      .selectFrom('curriculum_vitae')
      .select(['id', 'template', 'page_size', 'created_at', 'updated_at'])
      .where('user_id', '=', userId);
    q = versionId ? q.where('id', '=', versionId) : q.where('is_default', '=', 1);
    const row = await q.executeTakeFirst();
    return row && toRecord(row);
  };

  const set = async (userId: string, versionId: string, values: Settings): Promise<boolean> => {
    const res = await db
      .updateTable('curriculum_vitae')
      .set({ ...values, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('id', '=', versionId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  };

  return {
    find,

    /**
     * Finds the default version, creating it when the account has none; a concurrent create
     * is tolerated (the one-default index keeps a second out).
     */
    async ensure(userId: string): Promise<{ cv: CvRecord; created: boolean }> {
      const existing = await find(userId);
      if (existing) return { cv: existing, created: false };
      const now = nowIso();
      const inserted = await db
        .insertInto('curriculum_vitae')
        .values({
          id: newId(),
          user_id: userId,
          name: FIRST_VERSION_NAME,
          name_lower: FIRST_VERSION_NAME.toLowerCase(),
          is_default: 1,
          template: DEFAULT_TEMPLATE,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      const cv = (await find(userId))!;
      return { cv, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /** Touches updated_at ("rebuild"); false when the id is not one of this user's versions. */
    async touch(userId: string, id: string): Promise<boolean> {
      return set(userId, id, {});
    },

    setPageSize: (userId: string, versionId: string, pageSize: PageSize) =>
      set(userId, versionId, { page_size: pageSize }),

    /** Stores the section arrangement (issue 17), already checked by arrangementSchema. */
    setArrangement: (userId: string, versionId: string, arrangement: CvArrangement) =>
      set(userId, versionId, { arrangement: JSON.stringify(arrangement) }),

    /** Stores the design (issue 17), already checked by designSchema. */
    setDesign: (userId: string, versionId: string, design: CvDesign) =>
      set(userId, versionId, { design: JSON.stringify(design) }),

    setTemplate: (userId: string, versionId: string, template: TemplateId) =>
      set(userId, versionId, { template }),

    /** The owner of a version (shares and listings name versions by id). */
    async ownerOf(versionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('curriculum_vitae')
        .select('user_id')
        .where('id', '=', versionId)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}
