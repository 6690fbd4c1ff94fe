import { sql, type Selectable } from 'kysely';
import {
  RECENT_VIEWS_SHOWN,
  type BrowseItem,
  type BrowsePage,
  type BrowseQuery,
  type HrView,
  type PublicCvStatus,
} from '@vitae/core';
import type { Db, PublicCvsTable } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { cvRepo } from '../cv/cv.repo.ts';

export type ListingRow = Selectable<PublicCvsTable>;

/** Filtered counts stop here (the UI says "1000+"): bounded work at any table size. */
export const BROWSE_COUNT_CAP = 1000;
const LISTED_COUNT_TTL_MS = 5_000;

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

/** The words of a name as search tokens: lower case, split on spaces, at most 100 characters. */
export function nameTokens(fullName: string): string[] {
  const words = fullName.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words.map((w) => w.slice(0, 100)))];
}

/** Rewrites the search tokens of one listing (names are short: a handful of rows). */
export async function writeNameTokens(db: Db, publicCvId: string, fullName: string) {
  await db.deleteFrom('public_cv_name_tokens').where('public_cv_id', '=', publicCvId).execute();
  const tokens = nameTokens(fullName);
  if (tokens.length) {
    await db
      .insertInto('public_cv_name_tokens')
      .values(tokens.map((token) => ({ public_cv_id: publicCvId, token })))
      .execute();
  }
}

/**
 * The index range of tokens starting with `word`: [word, word with its last character
 * bumped). No LIKE on top: the planner then sees the true number of matches and picks
 * the cheaper of "walk the sort index" and "read the matches".
 */
function prefixRange(word: string) {
  const next = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
  return { from: word, to: next };
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

  async function ensure(userId: string): Promise<ListingRow> {
    const existing = await byUser(userId);
    if (existing) return existing;
    const { cv } = await cvRepo(db).ensure(userId);
    const now = nowIso();
    await db
      .insertInto('public_cvs')
      .values({
        id: newId(),
        user_id: userId,
        cv_id: cv._id,
        is_listed: 0,
        listed_at: null,
        view_count: 0,
        ...(await personalCopy(db, userId)),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = (await byUser(userId))!;
    await writeNameTokens(db, row.id, row.full_name);
    return row;
  }

  /**
   * How many CVs are listed. Counting 100,000 index entries on every browse call is the
   * slowest part of it, so one instance reuses its count for a few seconds; a toggle on
   * this instance refreshes it at once.
   */
  let listedCache: { n: number; at: number } | null = null;
  async function listedCount(): Promise<number> {
    if (listedCache && Date.now() - listedCache.at < LISTED_COUNT_TTL_MS) return listedCache.n;
    const { n } = await db
      .selectFrom('public_cvs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('is_listed', '=', 1)
      .executeTakeFirstOrThrow();
    listedCache = { n: Number(n), at: Date.now() };
    return listedCache.n;
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

  return {
    byUser,
    byId,
    ensure,

    async status(userId: string): Promise<PublicCvStatus> {
      const row = await byUser(userId);
      if (!row) return { isListed: false, listedAt: null, publicCV: null };
      return {
        isListed: row.is_listed === 1,
        listedAt: row.listed_at,
        publicCV: {
          _id: row.id,
          curriculumVitaeID: row.cv_id,
          viewCount: row.view_count,
          hrViews: await recentViews(row.id),
        },
      };
    },

    /** Flips the listing; the personal-info copy is refreshed on the way. */
    async toggle(userId: string): Promise<ListingRow> {
      const row = await ensure(userId);
      const listing = row.is_listed !== 1;
      listedCache = null;
      const now = nowIso();
      await db
        .updateTable('public_cvs')
        .set({
          is_listed: listing ? 1 : 0,
          listed_at: listing ? now : row.listed_at,
          updated_at: now,
          ...(await personalCopy(db, userId)),
        })
        .where('id', '=', row.id)
        .execute();
      const updated = (await byUser(userId))!;
      await writeNameTokens(db, updated.id, updated.full_name);
      return updated;
    },

    /** Keeps the browse copy in step with the owner's personal info. */
    async refreshPersonalInfo(userId: string): Promise<void> {
      const row = await byUser(userId);
      if (!row) return;
      const copy = await personalCopy(db, userId);
      await db
        .updateTable('public_cvs')
        .set({ ...copy, updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
      await writeNameTokens(db, row.id, copy.full_name);
    },

    async recordView(
      row: ListingRow,
      hr: { id: string; name: string },
    ): Promise<HrView & { viewCount: number }> {
      const viewedAt = nowIso();
      await db
        .updateTable('public_cvs')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      await db
        .insertInto('public_cv_views')
        .values({
          id: newId(),
          public_cv_id: row.id,
          hr_user_id: hr.id,
          hr_user_name: hr.name,
          viewed_at: viewedAt,
        })
        .execute();
      const { view_count } = await db
        .selectFrom('public_cvs')
        .select('view_count')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { hrUserName: hr.name, viewedAt, viewCount: view_count };
    },

    /**
     * One page of listed CVs for an HR user: two indexed queries (count + page) and
     * one for the stats, whatever the page size; `isSaved` comes from a join.
     */
    async browse(hrUserId: string, q: BrowseQuery): Promise<BrowsePage> {
      const words = nameTokens(q.search).slice(0, 3);
      const matching = (word: string) => {
        const r = prefixRange(word);
        return db
          .selectFrom('public_cv_name_tokens as t')
          .select('t.public_cv_id')
          .where('t.token', '>=', r.from)
          .where('t.token', '<', r.to);
      };
      // The first word drives the query: its matches (DISTINCT keeps them a separate step
      // on both engines) are joined to the listings, so the work follows the matches.
      let base = (
        words[0]
          ? db
              .selectFrom(matching(words[0]).distinct().as('m'))
              .innerJoin('public_cvs as p', 'p.id', 'm.public_cv_id')
          : db.selectFrom('public_cvs as p')
      ).where('p.is_listed', '=', 1);
      // Every further typed word must also start one of the name's words.
      for (const word of words.slice(1)) base = base.where('p.id', 'in', matching(word));
      if (q.gender === 'male' || q.gender === 'female')
        base = base.where('p.gender', '=', q.gender);
      if (q.gender === 'other') base = base.where('p.gender', 'not in', ['male', 'female']);
      if (q.savedOnly) {
        // Driven from the HR user's few saved rows, not a probe per listed CV.
        base = base.where('p.id', 'in', (eb) =>
          eb
            .selectFrom('hr_saved_cvs as s2')
            .select('s2.public_cv_id')
            .where('s2.hr_user_id', '=', hrUserId),
        );
      }
      let page = base
        .leftJoin('hr_saved_cvs as s', (j) =>
          j.onRef('s.public_cv_id', '=', 'p.id').on('s.hr_user_id', '=', hrUserId),
        )
        .select([
          'p.id',
          'p.cv_id',
          'p.full_name',
          'p.date_of_birth',
          'p.gender',
          'p.nationality',
          'p.listed_at',
          'p.view_count',
          's.id as saved_id',
        ]);
      // With a search, the matches are few next to the table: sort them rather than walk a
      // sort index hoping to meet them (an expression key keeps both engines off the index).
      const key = (col: 'full_name_lower' | 'view_count' | 'listed_at') =>
        q.search
          ? col === 'view_count'
            ? sql`p.view_count + 0`
            : sql`p.${sql.ref(col)} || ''`
          : sql.ref(`p.${col}`);
      if (q.sort === 'name')
        page = page.orderBy(key('full_name_lower'), 'asc').orderBy('p.id', 'asc');
      else if (q.sort === 'views')
        page = page.orderBy(key('view_count'), 'desc').orderBy('p.id', 'desc');
      else {
        const dir = q.sort === 'oldest' ? 'asc' : 'desc';
        page = page.orderBy(key('listed_at'), dir).orderBy('p.id', dir);
      }
      const unfiltered = !q.search && q.gender === 'all' && !q.savedOnly;
      const [rows, filtered, available, saved] = await Promise.all([
        page
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        // Counting every match grows with the table; past the cap the count says "at least".
        unfiltered
          ? null
          : db
              .selectFrom(
                base
                  .select('p.id')
                  .limit(BROWSE_COUNT_CAP + 1)
                  .as('m'),
              )
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .executeTakeFirstOrThrow(),
        listedCount(),
        db
          .selectFrom('hr_saved_cvs')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('hr_user_id', '=', hrUserId)
          .executeTakeFirstOrThrow(),
      ]);
      const matched = filtered ? Number(filtered.n) : available;
      const totalCapped = matched > BROWSE_COUNT_CAP;
      const total = totalCapped ? BROWSE_COUNT_CAP : matched;
      const data: BrowseItem[] = rows.map((r) => ({
        _id: r.id,
        curriculumVitaeID: r.cv_id,
        fullName: r.full_name,
        dateOfBirth: r.date_of_birth,
        gender: r.gender,
        nationality: r.nationality,
        listedAt: r.listed_at ?? '',
        viewCount: r.view_count,
        isSaved: r.saved_id !== null,
      }));
      return {
        data,
        total,
        page: q.page,
        hasMore: q.page * q.limit < matched,
        totalCapped,
        stats: { available, saved: Number(saved.n) },
      };
    },
  };
}

export type PublicCvRepo = ReturnType<typeof publicCvRepo>;
