import type { Selectable } from 'kysely';
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
import { inTransaction, lockRow } from '../db/integrity.ts';
import { cvRepo } from '../cv/cv.repo.ts';

export type ListingRow = Selectable<PublicCvsTable>;

/** Filtered counts stop here (the UI says "1000+"): bounded work at any table size. */
export const BROWSE_COUNT_CAP = 1000;
const LISTED_COUNT_TTL_MS = 5_000;
/** Past this many distinct words starting with the search, it reads the whole prefix range. */
const MAX_SEARCH_TOKENS = 8;
/** The view trail keeps this many latest visits of one HR user to one listing. */
export const VIEW_TRAIL_PER_VIEWER = 50;

/** A name search: the typed words, the first one's matching tokens, and the page order. */
interface Search {
  words: string[];
  tokens: string[] | null;
  col: 'listed_at' | 'view_count' | 'full_name_lower';
  dir: 'asc' | 'desc';
}

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

/** The listing columns each token row carries (migration 008), so search stays on tokens. */
type TokenCopy = Pick<
  ListingRow,
  'id' | 'full_name' | 'full_name_lower' | 'is_listed' | 'gender' | 'listed_at' | 'view_count'
>;

/** The token rows of one listing, each with its copy of the browse columns. */
export function nameTokenRows(row: TokenCopy) {
  return nameTokens(row.full_name).map((token) => ({
    public_cv_id: row.id,
    token,
    is_listed: row.is_listed,
    gender: row.gender,
    listed_at: row.listed_at,
    view_count: row.view_count,
    full_name_lower: row.full_name_lower,
  }));
}

/**
 * Rewrites the search tokens of one listing (names are short: a handful of rows) under the
 * listing's row lock: two rewrites that interleave would insert one key twice or leave an
 * older name's words behind. Pass a `row` read under that lock.
 */
export async function writeNameTokens(db: Db, row: TokenCopy) {
  await inTransaction(db, async (trx) => {
    await lockRow(trx, 'public_cvs', row.id);
    await trx.deleteFrom('public_cv_name_tokens').where('public_cv_id', '=', row.id).execute();
    const rows = nameTokenRows(row);
    if (rows.length) await trx.insertInto('public_cv_name_tokens').values(rows).execute();
  });
}

const listingById = (db: Db, id: string) =>
  db.selectFrom('public_cvs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) await writeNameTokens(trx, row);
    });
    return (await byUser(userId))!;
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

  /** The HR user's saved listings: few rows, so filters are driven from them. */
  const savedIds = (hrUserId: string) =>
    db
      .selectFrom('hr_saved_cvs as s2')
      .select('s2.public_cv_id')
      .where('s2.hr_user_id', '=', hrUserId);

  /** Browse without a search: the listings table, read in the order of a sort index. */
  function listFilter(q: BrowseQuery, hrUserId: string) {
    let base = db.selectFrom('public_cvs as p').where('p.is_listed', '=', 1);
    if (q.gender === 'male' || q.gender === 'female') base = base.where('p.gender', '=', q.gender);
    if (q.gender === 'other') base = base.where('p.gender', 'not in', ['male', 'female']);
    if (q.savedOnly) base = base.where('p.id', 'in', savedIds(hrUserId));
    return base;
  }
  const listPage = (q: BrowseQuery, hrUserId: string) =>
    listFilter(q, hrUserId)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);

  /**
   * The distinct indexed words starting with `word`, one index probe each; null past
   * MAX_SEARCH_TOKENS (a very short prefix) or with none, where search reads the whole range.
   */
  async function tokensStarting(word: string): Promise<string[] | null> {
    const r = prefixRange(word);
    const found: string[] = [];
    for (;;) {
      const row = await db
        .selectFrom('public_cv_name_tokens')
        .select('token')
        .where('token', '>=', r.from)
        .where('token', '<', r.to)
        .where('token', '>', found.at(-1) ?? '')
        .orderBy('token')
        .limit(1)
        .executeTakeFirst();
      // None: the (empty) range is as cheap as anything.
      if (!row) return found.length ? found : null;
      if (found.length === MAX_SEARCH_TOKENS) return null;
      found.push(row.token);
    }
  }

  /**
   * The token rows of listings matching a search, with the sort key as `k`. `tokens` are
   * the first word's exact matches (or its prefix range); the token rows carry the filter
   * and sort columns (migration 008), so one token reads its page straight off an index.
   * Every further typed word must also start one of the name's words.
   */
  function tokenHits(search: Search, q: BrowseQuery, hrUserId: string, tokens: string[] | null) {
    let hits = db.selectFrom('public_cv_name_tokens as t').where('t.is_listed', '=', 1);
    if (tokens?.length === 1) hits = hits.where('t.token', '=', tokens[0]!);
    else if (tokens) hits = hits.where('t.token', 'in', tokens);
    else {
      const r = prefixRange(search.words[0]!);
      hits = hits.where('t.token', '>=', r.from).where('t.token', '<', r.to);
    }
    for (const word of search.words.slice(1)) {
      const r = prefixRange(word);
      // A probe of the (public_cv_id, token) key per candidate, so a page can stop early.
      hits = hits.where((eb) =>
        eb.exists(
          eb
            .selectFrom('public_cv_name_tokens as t2')
            .select('t2.token')
            .whereRef('t2.public_cv_id', '=', 't.public_cv_id')
            .where('t2.token', '>=', r.from)
            .where('t2.token', '<', r.to),
        ),
      );
    }
    if (q.gender === 'male' || q.gender === 'female') hits = hits.where('t.gender', '=', q.gender);
    if (q.gender === 'other') hits = hits.where('t.gender', 'not in', ['male', 'female']);
    if (q.savedOnly) hits = hits.where('t.public_cv_id', 'in', savedIds(hrUserId));
    return hits.select((eb) => ['t.public_cv_id', eb.ref(`t.${search.col}`).as('k')]);
  }

  /**
   * One page of search matches, cut before the listings are joined. One matching token:
   * read in index order, stopping after the page. A few: each token's first pages, merged
   * (a name may hold two of them, hence DISTINCT). Many: every match, sorted.
   */
  function searchPage(search: Search, q: BrowseQuery, hrUserId: string) {
    const { tokens, dir } = search;
    const skip = (q.page - 1) * q.limit;
    let page;
    if (tokens?.length === 1) {
      page = tokenHits(search, q, hrUserId, tokens)
        .orderBy(`t.${search.col}`, dir)
        .orderBy('t.public_cv_id', dir)
        .limit(q.limit)
        .offset(skip);
    } else {
      const source = tokens
        ? tokens
            .map((token, i) =>
              db
                .selectFrom(
                  tokenHits(search, q, hrUserId, [token])
                    .orderBy(`t.${search.col}`, dir)
                    .orderBy('t.public_cv_id', dir)
                    .limit(skip + q.limit)
                    .as(`b${i}`),
                )
                .selectAll(),
            )
            .reduce((all, branch) => all.unionAll(branch))
        : tokenHits(search, q, hrUserId, null);
      page = db
        .selectFrom(source.as('u'))
        .select(['u.public_cv_id', 'u.k'])
        .distinct()
        .orderBy('u.k', dir)
        .orderBy('u.public_cv_id', dir)
        .limit(q.limit)
        .offset(skip);
    }
    return db.selectFrom(page.as('h')).innerJoin('public_cvs as p', 'p.id', 'h.public_cv_id');
  }

  /** How many listings match a search, up to the cap. */
  function searchCount(search: Search, q: BrowseQuery, hrUserId: string) {
    let ids = tokenHits(search, q, hrUserId, search.tokens).clearSelect().select('t.public_cv_id');
    // One token has one row per listing; several may share a listing.
    if (search.tokens?.length !== 1) ids = ids.distinct();
    return db
      .selectFrom(ids.limit(BROWSE_COUNT_CAP + 1).as('m'))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
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
        await writeNameTokens(trx, after);
        return after;
      });
      listedCache = null;
      return updated;
    },

    /** Keeps the browse copy in step with the owner's personal info. */
    async refreshPersonalInfo(userId: string): Promise<void> {
      const row = await byUser(userId);
      if (!row) return;
      // Under the listing's lock, like a toggle: the copy and its words come from one read.
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'public_cvs', row.id);
        await trx
          .updateTable('public_cvs')
          .set({ ...(await personalCopy(trx, userId)), updated_at: nowIso() })
          .where('id', '=', row.id)
          .execute();
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
      visit: { counted: boolean; at: string },
    ): Promise<HrView & { viewCount: number }> {
      if (visit.counted) {
        await db
          .updateTable('public_cvs')
          .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        // The token rows' copy, for the "most viewed" sort of a search.
        await db
          .updateTable('public_cv_name_tokens')
          .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
          .where('public_cv_id', '=', row.id)
          .execute();
      }
      await db
        .insertInto('public_cv_views')
        .values({
          id: newId(),
          public_cv_id: row.id,
          hr_user_id: hr.id,
          hr_user_name: hr.name,
          viewed_at: visit.at,
        })
        .execute();
      // Reloads cannot grow the trail without bound (index public_cv_views_viewer).
      await db
        .deleteFrom('public_cv_views')
        .where('public_cv_id', '=', row.id)
        .where('hr_user_id', '=', hr.id)
        .where(
          'id',
          'not in',
          db
            .selectFrom('public_cv_views')
            .select('id')
            .where('public_cv_id', '=', row.id)
            .where('hr_user_id', '=', hr.id)
            .orderBy('viewed_at', 'desc')
            .orderBy('id', 'desc')
            .limit(VIEW_TRAIL_PER_VIEWER),
        )
        .execute();
      const { view_count } = await db
        .selectFrom('public_cvs')
        .select('view_count')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { hrUserName: hr.name, viewedAt: visit.at, viewCount: view_count };
    },

    /**
     * One page of listed CVs for an HR user: two indexed queries (count + page) and
     * one for the stats, whatever the page size; `isSaved` comes from a join.
     */
    async browse(hrUserId: string, q: BrowseQuery): Promise<BrowsePage> {
      const words = nameTokens(q.search).slice(0, 3);
      const dir = q.sort === 'name' || q.sort === 'oldest' ? 'asc' : 'desc';
      const sortCol =
        q.sort === 'name' ? 'full_name_lower' : q.sort === 'views' ? 'view_count' : 'listed_at';
      const search: Search | null = words[0]
        ? { words, tokens: await tokensStarting(words[0]), col: sortCol, dir }
        : null;
      const [rows, filtered, available, saved] = await Promise.all([
        (search ? searchPage(search, q, hrUserId) : listPage(q, hrUserId))
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
          ])
          .orderBy(`p.${sortCol}`, dir)
          .orderBy('p.id', dir)
          .execute(),
        // Counting every match grows with the table; past the cap the count says "at least".
        search
          ? searchCount(search, q, hrUserId)
          : q.gender === 'all' && !q.savedOnly
            ? null
            : db
                .selectFrom(
                  listFilter(q, hrUserId)
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
