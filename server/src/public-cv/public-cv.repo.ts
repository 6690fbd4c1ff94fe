import type { Selectable } from 'kysely';
import {
  RECENT_VIEWS_SHOWN,
  type ContactMode,
  type DeviceKind,
  type HrView,
  type PublicCvStatus,
} from '@vitae/core';
import type { Db, PublicCvsTable } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { inTransaction, lockRow } from '../db/integrity.ts';
import { cvRepo } from '../cv/index.ts';
import { facetColumns, listingSkills, readFacets, type ListingFacets } from './listing-facets.ts';

export type ListingRow = Selectable<PublicCvsTable>;

const LISTED_COUNT_TTL_MS = 5_000;
/** The view trail keeps this many latest visits of one HR user to one listing. */
export const VIEW_TRAIL_PER_VIEWER = 50;

/** The copy of personal info browse needs; the account name stands in for a missing one. */
async function personalCopy(db: Db, userId: string) {
  const [info, user] = await Promise.all([
    db
      .selectFrom('section_personal_info')
      .select(['full_name', 'gender', 'date_of_birth', 'nationality'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst(),
    db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst(),
  ]);
  const fullName = (info?.full_name || user?.full_name || '').trim();
  return {
    full_name: fullName,
    full_name_lower: fullName.toLowerCase(),
    gender: (info?.gender ?? '').toLowerCase(),
    date_of_birth: info?.date_of_birth ?? '',
    nationality: info?.nationality ?? '',
  };
}

/** Punctuation around a word that search ignores ("developer," is "developer"; C++ stays). */
const EDGE_PUNCTUATION = /^[.,;:!?()[\]{}"'`«»“”‘’]+|[.,;:!?()[\]{}"'`«»“”‘’]+$/g;
/** A listing indexes at most this many distinct words (name, headline, skills, summary excerpt). */
export const MAX_TOKENS_PER_LISTING = 80;

/** The words of a text as search tokens: lower case, split on spaces, at most 100 characters. */
export function nameTokens(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, '').slice(0, 100))
    .filter(Boolean);
  return [...new Set(words)];
}

/** The listing columns each token row carries (migrations 008, 015), so search stays on tokens. */
type TokenCopy = Pick<
  ListingRow,
  'id' | 'full_name' | 'full_name_lower' | 'is_listed' | 'gender' | 'listed_at' | 'view_count'
> &
  Partial<Pick<ListingRow, 'headline' | 'summary_excerpt'>>;

/**
 * The token rows of one listing, each with its copy of the browse columns: the words of the
 * name, headline, skills and summary excerpt, with `hits` = how many of those four hold it.
 */
export function nameTokenRows(row: TokenCopy, skills: readonly string[] = []) {
  const fields = [row.full_name, row.headline ?? '', skills.join(' '), row.summary_excerpt ?? ''];
  const hits = new Map<string, number>();
  for (const field of fields) {
    for (const word of nameTokens(field)) hits.set(word, (hits.get(word) ?? 0) + 1);
  }
  return [...hits].slice(0, MAX_TOKENS_PER_LISTING).map(([token, n]) => ({
    public_cv_id: row.id,
    token,
    hits: n,
    is_listed: row.is_listed,
    gender: row.gender,
    listed_at: row.listed_at,
    view_count: row.view_count,
    full_name_lower: row.full_name_lower,
  }));
}

/**
 * Rewrites the search tokens of one listing (a few dozen rows) under the listing's row
 * lock: two rewrites that interleave would insert one key twice or leave older words
 * behind. Pass a `row` read under that lock; skills come from its listing_skills rows.
 */
async function writeNameTokens(db: Db, row: TokenCopy) {
  await inTransaction(db, async (trx) => {
    await lockRow(trx, 'public_cvs', row.id);
    const skills = await listingSkills(trx, row.id);
    await trx.deleteFrom('public_cv_name_tokens').where('public_cv_id', '=', row.id).execute();
    const rows = nameTokenRows(row, skills);
    if (rows.length) await trx.insertInto('public_cv_name_tokens').values(rows).execute();
  });
}

/**
 * Rewrites the listing's facets (migration 015): the card columns on the row and its skill
 * and language rows, the skill rows with the listing's listed flag and date. Call inside
 * a transaction holding the listing's lock, then rewrite the tokens.
 */
async function writeFacets(
  trx: Db,
  listing: Pick<ListingRow, 'id' | 'is_listed' | 'listed_at'>,
  f: ListingFacets,
) {
  await trx.updateTable('public_cvs').set(facetColumns(f)).where('id', '=', listing.id).execute();
  await trx.deleteFrom('listing_skills').where('listing_id', '=', listing.id).execute();
  await trx.deleteFrom('listing_languages').where('listing_id', '=', listing.id).execute();
  if (f.skills.length) {
    await trx
      .insertInto('listing_skills')
      .values(
        f.skills.map((s) => ({
          listing_id: listing.id,
          ...s,
          is_listed: listing.is_listed,
          listed_at: listing.listed_at,
        })),
      )
      .execute();
  }
  if (f.langs.length) {
    await trx
      .insertInto('listing_languages')
      .values(f.langs.map((l) => ({ listing_id: listing.id, ...l })))
      .execute();
  }
}

/** The migration's backfill: every listing's facets and search words, in pages. */
export async function refreshAllFacets(db: Db): Promise<void> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('public_cvs')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute();
    for (const row of page) {
      await inTransaction(db, async (trx) => {
        await writeFacets(trx, row, await readFacets(trx, row.user_id));
        await writeNameTokens(trx, await listingById(trx, row.id));
      });
    }
    if (page.length < 200) return;
    after = page.at(-1)!.id;
  }
}

const listingById = (db: Db, id: string) =>
  db.selectFrom('public_cvs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * The index range of tokens starting with `word`: [word, word with its last character
 * bumped). No LIKE on top: the planner then sees the true number of matches and picks
 * the cheaper of "walk the sort index" and "read the matches".
 */
export function prefixRange(word: string) {
  const next = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
  return { from: word, to: next };
}

/** One more view on the listing and on its token rows' copy ("most viewed" in a search). */
async function countView(db: Db, publicCvId: string): Promise<void> {
  await db
    .updateTable('public_cvs')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', publicCvId)
    .execute();
  await db
    .updateTable('public_cv_name_tokens')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('public_cv_id', '=', publicCvId)
    .execute();
}

/** A row in the view trail; each viewer keeps its latest VIEW_TRAIL_PER_VIEWER per listing. */
async function addToTrail(
  db: Db,
  publicCvId: string,
  hr: { id: string; name: string },
  visit: { at: string; deviceKind: DeviceKind },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('public_cv_views')
    .values({
      id,
      public_cv_id: publicCvId,
      hr_user_id: hr.id,
      hr_user_name: hr.name,
      viewed_at: visit.at,
      device_kind: visit.deviceKind,
      video_percent: 0,
    })
    .execute();
  // Reloads cannot grow the trail without bound (index public_cv_views_viewer).
  await db
    .deleteFrom('public_cv_views')
    .where('public_cv_id', '=', publicCvId)
    .where('hr_user_id', '=', hr.id)
    .where(
      'id',
      'not in',
      db
        .selectFrom('public_cv_views')
        .select('id')
        .where('public_cv_id', '=', publicCvId)
        .where('hr_user_id', '=', hr.id)
        .orderBy('viewed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(VIEW_TRAIL_PER_VIEWER),
    )
    .execute();
  return id;
}

/** Per database: the listed count and when it was read. */
const listedCache = new WeakMap<Db, { n: number; at: number }>();

/**
 * How many CVs are listed. Counting 100,000 index entries on every browse call is the
 * slowest part of it, so a process reuses its count for a few seconds; a toggle in this
 * process refreshes it at once.
 */
export async function listedCount(db: Db): Promise<number> {
  const cached = listedCache.get(db);
  if (cached && Date.now() - cached.at < LISTED_COUNT_TTL_MS) return cached.n;
  const { n } = await db
    .selectFrom('public_cvs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_listed', '=', 1)
    .executeTakeFirstOrThrow();
  listedCache.set(db, { n: Number(n), at: Date.now() });
  return Number(n);
}

export function publicCvRepo(db: Db) {
  const byUser = (userId: string) =>
    db.selectFrom('public_cvs').selectAll().where('user_id', '=', userId).executeTakeFirst();

  /** A listing by its own id or by the CV id (clients know either). */
  const byId = (id: string) =>
    db
      .selectFrom('public_cvs')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', id), eb('cv_id', '=', id)]))
      .executeTakeFirst();

  /** The user's listing, created unlisted (with its search words) on first use. */
  async function ensure(userId: string): Promise<ListingRow> {
    const existing = await byUser(userId);
    if (existing) return existing;
    const { cv } = await cvRepo(db).ensure(userId);
    const now = nowIso();
    const row = {
      id: newId(),
      user_id: userId,
      cv_id: cv._id,
      is_listed: 0,
      listed_at: null,
      view_count: 0,
      ...(await personalCopy(db, userId)),
      created_at: now,
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      // A parallel first use may have made it: either unique key (user, CV) means it exists.
      const res = await trx
        .insertInto('public_cvs')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
        await writeFacets(trx, row, await readFacets(trx, userId));
        await writeNameTokens(trx, await listingById(trx, row.id));
      }
    });
    return (await byUser(userId))!;
  }

  async function recentViews(publicCvId: string): Promise<HrView[]> {
    const rows = await db
      .selectFrom('public_cv_views')
      .select(['hr_user_name', 'viewed_at'])
      .where('public_cv_id', '=', publicCvId)
      .orderBy('viewed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_VIEWS_SHOWN)
      .execute();
    return rows.map((r) => ({ hrUserName: r.hr_user_name, viewedAt: r.viewed_at }));
  }

  /** The status a given row says (a toggle answers with the row it wrote, not a later one). */
  async function statusOf(row: ListingRow): Promise<PublicCvStatus> {
    return {
      isListed: row.is_listed === 1,
      listedAt: row.listed_at,
      contactMode: row.contact_mode === 'on-request' ? 'on-request' : 'open',
      publicCV: {
        _id: row.id,
        curriculumVitaeID: row.cv_id,
        viewCount: row.view_count,
        hrViews: await recentViews(row.id),
      },
    };
  }

  return {
    byUser,
    byId,
    ensure,

    async status(userId: string): Promise<PublicCvStatus> {
      const row = await byUser(userId);
      if (!row) return { isListed: false, listedAt: null, publicCV: null, contactMode: 'open' };
      return statusOf(row);
    },

    statusOf,

    /** Who sees the email and phone: everyone who saved the listing, or the approved only. */
    async setContactMode(userId: string, mode: ContactMode): Promise<void> {
      const { id } = await ensure(userId);
      await db
        .updateTable('public_cvs')
        .set({ contact_mode: mode, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Which of the user's CV versions HR users see (issue 30); false when `versionId` is not
     * one of theirs. Shares keep their own versions.
     */
    async setVersion(userId: string, versionId: string): Promise<boolean> {
      if (!(await cvRepo(db).find(userId, versionId))) return false;
      const { id } = await ensure(userId);
      await db
        .updateTable('public_cvs')
        .set({ cv_id: versionId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return true;
    },

    /** Flips the listing; the personal-info copy is refreshed on the way. */
    async toggle(userId: string): Promise<ListingRow> {
      const { id } = await ensure(userId);
      // Under the listing's lock, parallel toggles flip one after another, each from the
      // state the one before left.
      const updated = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'public_cvs', id);
        const row = await listingById(trx, id);
        const listing = row.is_listed !== 1;
        const now = nowIso();
        await trx
          .updateTable('public_cvs')
          .set({
            is_listed: listing ? 1 : 0,
            listed_at: listing ? now : row.listed_at,
            updated_at: now,
            ...(await personalCopy(trx, userId)),
          })
          .where('id', '=', id)
          .execute();
        const after = await listingById(trx, id);
        await trx
          .updateTable('listing_skills')
          .set({ is_listed: after.is_listed, listed_at: after.listed_at })
          .where('listing_id', '=', id)
          .execute();
        await writeNameTokens(trx, after);
        return after;
      });
      listedCache.delete(db);
      return updated;
    },

    /**
     * Keeps the browse copy in step with the owner's sections: personal info, and the card
     * and filter facts (migration 015), with the search words, from one read under the lock.
     */
    async refreshListing(userId: string): Promise<void> {
      const row = await byUser(userId);
      if (!row) return;
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'public_cvs', row.id);
        await trx
          .updateTable('public_cvs')
          .set({ ...(await personalCopy(trx, userId)), updated_at: nowIso() })
          .where('id', '=', row.id)
          .execute();
        const locked = await listingById(trx, row.id);
        await writeFacets(trx, locked, await readFacets(trx, userId));
        await writeNameTokens(trx, await listingById(trx, row.id));
      });
    },

    /**
     * One HR visit: always a row in the view trail (each viewer keeps its latest
     * VIEW_TRAIL_PER_VIEWER per listing), and only when `counted` one more on the view
     * count. What counts is decided by the caller (hrRepo.recordVisit: once an hour).
     */
    async recordView(
      row: Pick<ListingRow, 'id'>,
      hr: { id: string; name: string },
      visit: { counted: boolean; at: string; deviceKind: DeviceKind },
    ): Promise<HrView & { viewCount: number; viewId: string }> {
      if (visit.counted) await countView(db, row.id);
      const viewId = await addToTrail(db, row.id, hr, visit);
      const { view_count } = await db
        .selectFrom('public_cvs')
        .select('view_count')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { hrUserName: hr.name, viewedAt: visit.at, viewCount: view_count, viewId };
    },

    /**
     * Raises the video percentage of one trail row of this HR user on this listing; never
     * lowers it, even under parallel reports. False when no such row exists.
     */
    async raiseVideoPercent(
      viewId: string,
      who: { hrUserId: string; publicCvId: string },
      percent: number,
    ): Promise<boolean> {
      const view = await db
        .selectFrom('public_cv_views')
        .select('id')
        .where('id', '=', viewId)
        .where('hr_user_id', '=', who.hrUserId)
        .where('public_cv_id', '=', who.publicCvId)
        .executeTakeFirst();
      if (!view) return false;
      await db
        .updateTable('public_cv_views')
        .set({ video_percent: percent })
        .where('id', '=', view.id)
        .where('video_percent', '<', percent)
        .execute();
      return true;
    },
  };
}
