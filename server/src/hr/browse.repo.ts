import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { BrowseItem, BrowsePage, BrowseQuery } from '@vitae/core';
import type { Database, Db } from '../db/database.ts';
import { listedCount, nameTokens, prefixRange } from '../public-cv/public-cv.repo.ts';

/** Filtered counts stop here (the UI says "1000+"): bounded work at any table size. */
export const BROWSE_COUNT_CAP = 1000;
/** Past this many distinct words starting with the search, it reads the whole prefix range. */
const MAX_SEARCH_TOKENS = 8;

type SortCol = 'listed_at' | 'view_count' | 'full_name_lower';
type Dir = 'asc' | 'desc';

/** A name search: the typed words, the first one's matching tokens, and the page order. */
interface Search {
  words: string[];
  tokens: string[] | null;
  col: SortCol;
  dir: Dir;
}

type Count = { n: string | number };

const eb = expressionBuilder<Database>();

/** The HR user's saved listings: few rows, so filters are driven from them. */
const savedIds = (db: Db, hrUserId: string) =>
  db
    .selectFrom('hr_saved_cvs as s2')
    .select('s2.public_cv_id')
    .where('s2.hr_user_id', '=', hrUserId);

/**
 * The picked filters (gender, saved only), once for both sources: the listings (`p`) and
 * the token rows (`t`), which carry their own copy of the filter columns (migration 008).
 */
function filters(db: Db, q: BrowseQuery, hrUserId: string, on: 'p' | 't') {
  const gender = sql.ref(`${on}.gender`);
  const id = sql.ref(on === 'p' ? 'p.id' : 't.public_cv_id');
  const out: Expression<SqlBool>[] = [];
  if (q.gender === 'male' || q.gender === 'female') out.push(eb(gender, '=', q.gender));
  if (q.gender === 'other') out.push(eb(gender, 'not in', ['male', 'female']));
  if (q.savedOnly) out.push(eb(id, 'in', savedIds(db, hrUserId)));
  return out;
}

/** Browse without a search: the listings table, read in the order of a sort index. */
function listFilter(db: Db, q: BrowseQuery, hrUserId: string) {
  let base = db.selectFrom('public_cvs as p').where('p.is_listed', '=', 1);
  for (const f of filters(db, q, hrUserId, 'p')) base = base.where(f);
  return base;
}

/**
 * The distinct indexed words starting with `word`, one index probe each; null past
 * MAX_SEARCH_TOKENS (a very short prefix) or with none, where search reads the whole range.
 */
async function tokensStarting(db: Db, word: string): Promise<string[] | null> {
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

/** The search a query asks for (its first three words), or null for none. */
async function searchOf(db: Db, q: BrowseQuery): Promise<Search | null> {
  const words = nameTokens(q.search).slice(0, 3);
  if (!words[0]) return null;
  const { col, dir } = sortOf(q);
  return { words, tokens: await tokensStarting(db, words[0]), col, dir };
}

function sortOf(q: BrowseQuery): { col: SortCol; dir: Dir } {
  const dir = q.sort === 'name' || q.sort === 'oldest' ? 'asc' : 'desc';
  const col =
    q.sort === 'name' ? 'full_name_lower' : q.sort === 'views' ? 'view_count' : 'listed_at';
  return { col, dir };
}

/**
 * The token rows of listings matching a search, with the sort key as `k`. `tokens` are
 * the first word's exact matches (or its prefix range); the token rows carry the filter
 * and sort columns (migration 008), so one token reads its page straight off an index.
 * Every further typed word must also start one of the name's words.
 */
function tokenHits(
  db: Db,
  search: Search,
  q: BrowseQuery,
  hrUserId: string,
  tokens: string[] | null,
) {
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
  for (const f of filters(db, q, hrUserId, 't')) hits = hits.where(f);
  return hits.select((eb) => ['t.public_cv_id', eb.ref(`t.${search.col}`).as('k')]);
}

/** One token's hits in sort order: read straight off its index. */
const orderedHits = (db: Db, search: Search, q: BrowseQuery, hrUserId: string, token: string) =>
  tokenHits(db, search, q, hrUserId, [token])
    .orderBy(`t.${search.col}`, search.dir)
    .orderBy('t.public_cv_id', search.dir);

/**
 * One page of search matches, cut before the listings are joined. One matching token:
 * read in index order, stopping after the page. A few: each token's first pages, merged
 * (a name may hold two of them, hence DISTINCT). Many: every match, sorted.
 */
function searchPage(db: Db, search: Search, q: BrowseQuery, hrUserId: string) {
  const { tokens, dir } = search;
  const skip = (q.page - 1) * q.limit;
  const page =
    tokens?.length === 1
      ? orderedHits(db, search, q, hrUserId, tokens[0]!).limit(q.limit).offset(skip)
      : db
          .selectFrom(mergedHits(db, search, q, hrUserId, skip).as('u'))
          .select(['u.public_cv_id', 'u.k'])
          .distinct()
          .orderBy('u.k', dir)
          .orderBy('u.public_cv_id', dir)
          .limit(q.limit)
          .offset(skip);
  return db.selectFrom(page.as('h')).innerJoin('public_cvs as p', 'p.id', 'h.public_cv_id');
}

/** A few tokens: the first `skip + limit` hits of each, unioned; many: every hit. */
function mergedHits(db: Db, search: Search, q: BrowseQuery, hrUserId: string, skip: number) {
  if (!search.tokens) return tokenHits(db, search, q, hrUserId, null);
  return search.tokens
    .map((token, i) =>
      db
        .selectFrom(
          orderedHits(db, search, q, hrUserId, token)
            .limit(skip + q.limit)
            .as(`b${i}`),
        )
        .selectAll(),
    )
    .reduce((all, branch) => all.unionAll(branch));
}

/** How many listings match a search, up to the cap. */
function searchCount(db: Db, search: Search, q: BrowseQuery, hrUserId: string) {
  let ids = tokenHits(db, search, q, hrUserId, search.tokens)
    .clearSelect()
    .select('t.public_cv_id');
  // One token has one row per listing; several may share a listing.
  if (search.tokens?.length !== 1) ids = ids.distinct();
  return db
    .selectFrom(ids.limit(BROWSE_COUNT_CAP + 1).as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
}

/**
 * How many listings match, up to the cap; null when nothing narrows the listed ones
 * (counting every match grows with the table; past the cap the count says "at least").
 */
function matchCount(
  db: Db,
  search: Search | null,
  q: BrowseQuery,
  hrUserId: string,
): Promise<Count> | null {
  if (search) return searchCount(db, search, q, hrUserId);
  if (q.gender === 'all' && !q.savedOnly) return null;
  return db
    .selectFrom(
      listFilter(db, q, hrUserId)
        .select('p.id')
        .limit(BROWSE_COUNT_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
}

/** The page's listings, each with whether this HR user saved it (a join, not a query each). */
function pageRows(db: Db, search: Search | null, q: BrowseQuery, hrUserId: string) {
  const { col, dir } = sortOf(q);
  const source = search
    ? searchPage(db, search, q, hrUserId)
    : listFilter(db, q, hrUserId)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
  return source
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
    .orderBy(`p.${col}`, dir)
    .orderBy('p.id', dir)
    .execute();
}

type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

const toItem = (r: PageRow): BrowseItem => ({
  _id: r.id,
  curriculumVitaeID: r.cv_id,
  fullName: r.full_name,
  dateOfBirth: r.date_of_birth,
  gender: r.gender,
  nationality: r.nationality,
  listedAt: r.listed_at ?? '',
  viewCount: r.view_count,
  isSaved: r.saved_id !== null,
});

const savedCount = (db: Db, hrUserId: string) =>
  db
    .selectFrom('hr_saved_cvs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('hr_user_id', '=', hrUserId)
    .executeTakeFirstOrThrow();

/**
 * One page of listed CVs for an HR user: two indexed queries (count + page) and
 * one for the stats, whatever the page size; `isSaved` comes from a join.
 */
export async function browseListings(
  db: Db,
  hrUserId: string,
  q: BrowseQuery,
): Promise<BrowsePage> {
  const search = await searchOf(db, q);
  const [rows, filtered, available, saved] = await Promise.all([
    pageRows(db, search, q, hrUserId),
    matchCount(db, search, q, hrUserId),
    listedCount(db),
    savedCount(db, hrUserId),
  ]);
  const matched = filtered ? Number(filtered.n) : available;
  const totalCapped = matched > BROWSE_COUNT_CAP;
  return {
    data: rows.map(toItem),
    total: totalCapped ? BROWSE_COUNT_CAP : matched,
    page: q.page,
    hasMore: q.page * q.limit < matched,
    totalCapped,
    stats: { available, saved: Number(saved.n) },
  };
}
