import type { Selectable } from 'kysely';
import { resolveTemplateId, type ShareRecord } from '@vitae/core';
import type { CvSharesTable, Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';

export type ShareRow = Selectable<CvSharesTable>;

export function recipientsOf(row: ShareRow): Array<{ email: string; key: string }> {
  try {
    const parsed: unknown = JSON.parse(row.recipients);
    return Array.isArray(parsed) ? (parsed as Array<{ email: string; key: string }>) : [];
  } catch {
    return [];
  }
}

/** A share as its owner reads it: everything but the pin hash. */
export const toShareRecord = (row: ShareRow, assignedPhotoUrl: string | null): ShareRecord => ({
  _id: row.id,
  curriculumVitaeID: row.cv_id,
  subject: row.subject,
  message: row.message,
  recipients: recipientsOf(row),
  recipientName: row.recipient_name,
  CVTemplate: resolveTemplateId(row.template),
  assignedPhotoUrl: row.include_photo ? assignedPhotoUrl : null,
  createdAt: row.created_at,
});

export function sharingRepo(db: Db) {
  return {
    /** The CV record of `cvId` when `userId` owns it. */
    ownCv: (userId: string, cvId: string) =>
      db
        .selectFrom('curriculum_vitae')
        .select(['id', 'user_id', 'template'])
        .where('id', '=', cvId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    cvById: (cvId: string) =>
      db
        .selectFrom('curriculum_vitae')
        .select(['id', 'user_id', 'template'])
        .where('id', '=', cvId)
        .executeTakeFirst(),

    async create(input: Omit<ShareRow, 'created_at'>): Promise<ShareRow> {
      const row: ShareRow = { ...input, created_at: nowIso() };
      await db.insertInto('cv_shares').values(row).execute();
      return row;
    },

    ownShare: (userId: string, shareId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('id', '=', shareId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    ownShares: (userId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute(),

    sharesOfCv: (cvId: string) =>
      db.selectFrom('cv_shares').selectAll().where('cv_id', '=', cvId).execute(),

    shareOfCv: (cvId: string, shareId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('cv_id', '=', cvId)
        .where('id', '=', shareId)
        .executeTakeFirst(),

    /** The name the locked screen shows: personal info's full name, else the account name. */
    async displayName(userId: string): Promise<string> {
      const info = await db
        .selectFrom('section_personal_info')
        .select('full_name')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .executeTakeFirst();
      if (info?.full_name.trim()) return info.full_name.trim();
      const user = await db
        .selectFrom('users')
        .select('full_name')
        .where('id', '=', userId)
        .executeTakeFirst();
      return user?.full_name ?? '';
    },

    async recordView(view: {
      cvId: string;
      ownerUserId: string;
      shareId: string | null;
      recipientEmail: string;
      recipientName: string;
      ipAddress: string;
      userAgent: string;
    }): Promise<{ id: string; createdAt: string }> {
      const id = newId();
      const createdAt = nowIso();
      await db
        .insertInto('cv_views')
        .values({
          id,
          cv_id: view.cvId,
          owner_user_id: view.ownerUserId,
          share_id: view.shareId,
          recipient_email: view.recipientEmail,
          recipient_name: view.recipientName,
          ip_address: view.ipAddress,
          user_agent: view.userAgent,
          created_at: createdAt,
        })
        .execute();
      return { id, createdAt };
    },
  };
}
