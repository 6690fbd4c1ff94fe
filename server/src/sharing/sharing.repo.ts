import type { Selectable } from 'kysely';
import {
  resolveTemplateId,
  SHARES_PAGE_SIZE,
  type DeviceKind,
  type LatestView,
  type ShareClosedReason,
  type ShareRecord,
  type ShareStatus,
  type ShareSummary,
  type ShareView,
} from '@vitae/core';
import type { CvSharesTable, Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';

export type ShareRow = Selectable<CvSharesTable>;
/** A share with its view count and last view, as the sender's list reads it. */
export type ShareWithViews = ShareRow & {
  view_count: number | string | bigint;
  last_viewed_at: string | null;
};
const VIEWS_LISTED = 100;
const LATEST_VIEWS = 10;

export function recipientsOf(row: ShareRow): Array<{ email: string; key: string }> {
  try {
    const parsed: unknown = JSON.parse(row.recipients);
    return Array.isArray(parsed) ? (parsed as Array<{ email: string; key: string }>) : [];
  } catch {
    return [];
  }
}

/** The one recipient of a share; an older share's first one. */
export const recipientOf = (row: ShareRow): string =>
  row.recipient_email || (recipientsOf(row)[0]?.email ?? '');

/** Why a share's link no longer opens at `now`, or null while it is open. */
export function closedReason(
  row: Pick<ShareRow, 'revoked_at' | 'expires_at'>,
  now = nowIso(),
): ShareClosedReason | null {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return null;
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

export function toShareSummary(row: ShareWithViews, assignedPhotoUrl: string | null): ShareSummary {
  const viewCount = Number(row.view_count);
  const status: ShareStatus = closedReason(row) ?? (viewCount > 0 ? 'opened' : 'sent');
  return {
    ...toShareRecord(row, assignedPhotoUrl),
    recipientEmail: recipientOf(row),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    status,
    viewCount,
    lastViewedAt: row.last_viewed_at ?? null,
  };
}

export function sharingRepo(db: Db) {
  /** Shares with their views counted in the same query (index cv_views_share_id). */
  const withViews = () =>
    db
      .selectFrom('cv_shares as s')
      .leftJoin('cv_views as v', 'v.share_id', 's.id')
      .selectAll('s')
      .select((eb) => [
        eb.fn.count<number | string>('v.id').as('view_count'),
        eb.fn.max('v.created_at').as('last_viewed_at'),
      ])
      .groupBy('s.id');

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

    /** One wizard send: a share per recipient, all or none. */
    async createMany(rows: ShareRow[]): Promise<void> {
      await db.insertInto('cv_shares').values(rows).execute();
    },

    ownShare: (userId: string, shareId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('id', '=', shareId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** The newest share of a CV of this user (the original client reads a share by CV id). */
    newestShareOfCv: (userId: string, cvId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('user_id', '=', userId)
        .where('cv_id', '=', cvId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** One page of the user's shares, newest first, and how many they have in all. */
    async sharePage(userId: string, page: number) {
      const [rows, count] = await Promise.all([
        withViews()
          .where('s.user_id', '=', userId)
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(SHARES_PAGE_SIZE)
          .offset((page - 1) * SHARES_PAGE_SIZE)
          .execute(),
        db
          .selectFrom('cv_shares')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ShareWithViews[], total: Number(count.n) };
    },

    ownSummary: async (userId: string, shareId: string) =>
      (await withViews()
        .where('s.id', '=', shareId)
        .where('s.user_id', '=', userId)
        .executeTakeFirst()) as ShareWithViews | undefined,

    /** Revokes an open share; a revoked one keeps its first revocation time. */
    async revoke(shareId: string): Promise<void> {
      await db
        .updateTable('cv_shares')
        .set({ revoked_at: nowIso() })
        .where('id', '=', shareId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Sets a share's expiry unless it was revoked; false when it was. */
    async setExpiry(shareId: string, expiresAt: string | null): Promise<boolean> {
      const res = await db
        .updateTable('cv_shares')
        .set({ expires_at: expiresAt })
        .where('id', '=', shareId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /**
     * A new pin for a share, bumping its generation, only if it is still open at `generation`
     * (a revoke or a parallel resend in between wins); true when this one took effect.
     */
    async replacePin(shareId: string, generation: number, pinHash: string): Promise<boolean> {
      const res = await db
        .updateTable('cv_shares')
        .set({ pin_hash: pinHash, pin_generation: generation + 1 })
        .where('id', '=', shareId)
        .where('pin_generation', '=', generation)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The shares a link naming only the CV opens: those mailed before links named theirs. */
    sharesOpenedByCvId: (cvId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('cv_id', '=', cvId)
        .where('opens_by_cv_id', '=', 1)
        .orderBy('created_at', 'desc')
        .execute(),

    shareOfCv: (cvId: string, shareId: string) =>
      db
        .selectFrom('cv_shares')
        .selectAll()
        .where('cv_id', '=', cvId)
        .where('id', '=', shareId)
        .executeTakeFirst(),

    /** True while the share is open and still on the pin generation a URL was issued under. */
    async isOpen(shareId: string, generation: number): Promise<boolean> {
      const row = await db
        .selectFrom('cv_shares')
        .select(['revoked_at', 'expires_at', 'pin_generation'])
        .where('id', '=', shareId)
        .executeTakeFirst();
      return !!row && row.pin_generation === generation && closedReason(row) === null;
    },

    shareById: (shareId: string) =>
      db.selectFrom('cv_shares').selectAll().where('id', '=', shareId).executeTakeFirst(),

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
      deviceKind: DeviceKind;
      /** Through the version's public link (server/src/public-link) rather than a share. */
      viaLink?: boolean;
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
          device_kind: view.deviceKind,
          video_percent: 0,
          via_link: view.viaLink ? 1 : 0,
        })
        .execute();
      return { id, createdAt };
    },

    /** A share's views, newest first, at most 100. */
    async viewsOf(shareId: string): Promise<ShareView[]> {
      const rows = await db
        .selectFrom('cv_views')
        .select(['id', 'created_at', 'device_kind', 'video_percent'])
        .where('share_id', '=', shareId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(VIEWS_LISTED)
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        viewedAt: r.created_at,
        deviceKind: r.device_kind as DeviceKind,
        videoPercent: r.video_percent,
      }));
    },

    /**
     * The owner's latest views across their shares and HR views of their public listing,
     * newest first: one query per source, each capped, merged here.
     */
    async latestViews(userId: string): Promise<LatestView[]> {
      const [shareRows, hrRows] = await Promise.all([
        db
          .selectFrom('cv_views')
          .select(['id', 'created_at', 'recipient_email', 'device_kind', 'video_percent'])
          .where('owner_user_id', '=', userId)
          .where('share_id', 'is not', null)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(LATEST_VIEWS)
          .execute(),
        db
          .selectFrom('public_cv_views as v')
          .innerJoin('public_cvs as p', 'p.id', 'v.public_cv_id')
          .select(['v.id', 'v.viewed_at', 'v.hr_user_name', 'v.device_kind', 'v.video_percent'])
          .where('p.user_id', '=', userId)
          .orderBy('v.viewed_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(LATEST_VIEWS)
          .execute(),
      ]);
      const views: LatestView[] = [
        ...shareRows.map((r) => ({
          _id: r.id,
          viewedAt: r.created_at,
          source: 'share' as const,
          who: r.recipient_email,
          deviceKind: r.device_kind as DeviceKind,
          videoPercent: r.video_percent,
        })),
        ...hrRows.map((r) => ({
          _id: r.id,
          viewedAt: r.viewed_at,
          source: 'hr' as const,
          who: r.hr_user_name,
          deviceKind: r.device_kind as DeviceKind,
          videoPercent: r.video_percent,
        })),
      ];
      return views
        .sort((a, b) => b.viewedAt.localeCompare(a.viewedAt) || b._id.localeCompare(a._id))
        .slice(0, LATEST_VIEWS);
    },

    viewById: (viewId: string) =>
      db
        .selectFrom('cv_views')
        .select(['id', 'cv_id', 'share_id'])
        .where('id', '=', viewId)
        .executeTakeFirst(),

    /** Raises a view's video percentage; never lowers it, even under parallel reports. */
    async raiseVideoPercent(viewId: string, percent: number): Promise<void> {
      await db
        .updateTable('cv_views')
        .set({ video_percent: percent })
        .where('id', '=', viewId)
        .where('video_percent', '<', percent)
        .execute();
    },
  };
}
