import { randomBytes } from 'node:crypto';
import type { DeviceKind, PublicLink, ShareView } from '@vitae/core';
import { publicLinkPath } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';

/** Views listed with a link, newest first. */
const VIEWS_LISTED = 100;

/** 96 random bits as 16 URL-safe characters: the link's only key. */
export const newSlug = () => randomBytes(12).toString('base64url');

export interface LinkSettings {
  indexable?: boolean;
  includePhoto?: boolean;
}

export function publicLinkRepo(db: Db) {
  const link = (cvId: string) =>
    db.selectFrom('cv_public_links').selectAll().where('cv_id', '=', cvId).executeTakeFirst();

  const options = (s: LinkSettings) => ({
    ...(s.indexable !== undefined ? { indexable: s.indexable ? 1 : 0 } : {}),
    ...(s.includePhoto !== undefined ? { include_photo: s.includePhoto ? 1 : 0 } : {}),
  });

  return {
    /** The version `cvId` when `userId` owns it. */
    ownVersion: (userId: string, cvId: string) =>
      db
        .selectFrom('curriculum_vitae')
        .select(['id', 'user_id', 'template', 'name'])
        .where('id', '=', cvId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** A version's link and the views through it, as its owner reads them. */
    async read(cvId: string): Promise<PublicLink> {
      const [row, views, count] = await Promise.all([
        link(cvId),
        db
          .selectFrom('cv_views')
          .select(['id', 'created_at', 'device_kind', 'video_percent'])
          .where('cv_id', '=', cvId)
          .where('via_link', '=', 1)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(VIEWS_LISTED)
          .execute(),
        db
          .selectFrom('cv_views')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('cv_id', '=', cvId)
          .where('via_link', '=', 1)
          .executeTakeFirstOrThrow(),
      ]);
      const trail: ShareView[] = views.map((v) => ({
        _id: v.id,
        viewedAt: v.created_at,
        deviceKind: v.device_kind as DeviceKind,
        videoPercent: v.video_percent,
      }));
      return {
        enabled: !!row,
        path: row ? publicLinkPath(row.slug) : null,
        indexable: row?.indexable === 1,
        includePhoto: row ? row.include_photo === 1 : true,
        viewCount: Number(count.n),
        lastViewedAt: trail[0]?.viewedAt ?? null,
        views: trail,
      };
    },

    /**
     * Turns the link on (a new slug when it was off) with these options, or updates them.
     * Parallel requests make one link: the unique cv_id decides, the loser updates it.
     */
    async enable(userId: string, cvId: string, settings: LinkSettings): Promise<void> {
      await db
        .insertInto('cv_public_links')
        .values({
          id: newId(),
          cv_id: cvId,
          user_id: userId,
          slug: newSlug(),
          created_at: nowIso(),
          ...options(settings),
        })
        .onConflict((oc) => oc.column('cv_id').doNothing())
        .execute();
      const set = options(settings);
      if (Object.keys(set).length) {
        await db.updateTable('cv_public_links').set(set).where('cv_id', '=', cvId).execute();
      }
    },

    async disable(cvId: string): Promise<void> {
      await db.deleteFrom('cv_public_links').where('cv_id', '=', cvId).execute();
    },

    /**
     * A new slug and id for an open link: the old URL and every media URL handed out under it
     * stop working. False when the link is off.
     */
    async reset(cvId: string): Promise<boolean> {
      const res = await db
        .updateTable('cv_public_links')
        .set({ id: newId(), slug: newSlug(), created_at: nowIso() })
        .where('cv_id', '=', cvId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    bySlug: (slug: string) =>
      db
        .selectFrom('cv_public_links as l')
        .innerJoin('curriculum_vitae as c', 'c.id', 'l.cv_id')
        .select([
          'l.id',
          'l.cv_id',
          'l.user_id',
          'l.indexable',
          'l.include_photo',
          'c.template',
          'c.page_size',
        ])
        .where('l.slug', '=', slug)
        .executeTakeFirst(),

    /** Whether media handed out under link `linkId` may still be read. */
    async isOpen(linkId: string): Promise<boolean> {
      const row = await db
        .selectFrom('cv_public_links')
        .select('id')
        .where('id', '=', linkId)
        .executeTakeFirst();
      return !!row;
    },
  };
}
