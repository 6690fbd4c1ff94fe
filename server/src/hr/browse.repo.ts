import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { cefrRank, type BrowseItem, type BrowsePage, type BrowseQuery } from '@vitae/core';
import type { Database, Db } from '../db/database.ts';
import { listedCount, nameTokens, prefixRange } from '../public-cv/public-cv.repo.ts';
import { normText } from '../public-cv/listing-facets.ts';

/** Filtered counts stop here (the UI says "1000+"): bounded work at any table size. */
export const BROWSE_COUNT_CAP = 1000;
/**
 * With skill, language, place, years or video filters, the count looks at this many
 * candidates of its index range at most and then says "at least": rare combinations would
 * otherwise read tens of thousands of rows to count them.
 */
export const BROWSE_COUNT_SCAN = 1000;
/** Past this many distinct words starting with the search, it reads the whole prefix range. */
const MAX_SEARCH_TOKENS = 8;

type Dir = 'asc' | 'desc';
/** The columns a page is ordered by, on the token rows (`t`) and the listings (`p`) alike. */
type KeyCol = 'listed_at' | 'view_count' | 'full_name_lower' | 'hits';
interface SortKey {
  col: KeyCol;
  dir: Dir;
}

/** A search: the typed words, the first one's matching tokens, and the page order. */
interface Search {
  words: string[];
  tokens: string[] | null;
  keys: SortKey[];
}

const eb = expressionBuilder<Database>();

/** The HR user's saved listings: few rows, so filters are driven from them. */
const savedIds = (db: Db, hrUserId: string) =>
  db
    .selectFrom('hr_saved_cvs as s2')
    .select('s2.public_cv_id')
    .where('s2.hr_user_id', '=', hrUserId);

/** Whether the query narrows the listings beyond gender and saved-only (issue 18 filters). */
const hasFacetFilters = (q: BrowseQuery) =>
  q.skills.length > 0 ||
  normText(q.language) !== '' ||
  normText(q.province) !== '' ||
  normText(q.city) !== '' ||
  q.minYears > 0 ||
  q.hasVideo;

/** The listing's skill and language conditions, probing their (listing, name) keys. */
function childFilters(q: BrowseQuery, listingId: Expression<string>, skip = 0) {
  const out: Expression<SqlBool>[] = [];
  const skills = q.skills.map(normText);
  const skillRow = () =>
    eb
      .selectFrom('listing_skills as ls')
      .select('ls.skill_norm')
      .where('ls.listing_id', '=', listingId);
  if (q.skillMode === 'all' || skills.length === 1) {
    for (const s of skills.slice(skip))
      out.push(eb.exists(skillRow().where('ls.skill_norm', '=', s)));
  } else if (skills.length > 1) {
    out.push(eb.exists(skillRow().where('ls.skill_norm', 'in', skills)));
  }
  const language = normText(q.language);
  if (language) {
    let row = eb
      .selectFrom('listing_languages as ll')
      .select('ll.level')
      .where('ll.listing_id', '=', listingId)
      .where('ll.language_norm', '=', language);
    if (q.languageLevel) row = row.where('ll.level', '>=', cefrRank(q.languageLevel));
    out.push(eb.exists(row));
  }
  return out;
}

/** The conditions on the listing row itself (place, years, video), on alias `p`. */
function rowFilters(q: BrowseQuery) {
  const out: Expression<SqlBool>[] = [];
  const province = normText(q.province);
  const city = normText(q.city);
  if (province) out.push(eb(sql.ref<string | number>('p.province_norm'), '=', province));
  if (city) out.push(eb(sql.ref<string | number>('p.city_norm'), '=', city));
  if (q.minYears > 0)
    out.push(eb(sql.ref<string | number>('p.years_experience'), '>=', q.minYears));
  if (q.hasVideo) out.push(eb(sql.ref<string | number>('p.has_video'), '=', 1));
  return out;
}

/** Where a query reads listing ids from, and the id's column there. */
type Source = 'p' | 't' | 's' | 'c';
const SOURCE_ID = { p: 'p.id', t: 't.public_cv_id', s: 's.listing_id', c: 'c.id' } as const;

/**
 * The picked filters, once for each source: the listings (`p`), the token rows (`t`), the
 * skill rows (`s`) or a count's candidate ids (`c`). Token and skill rows carry copies of
 * the listed flag (migrations 008, 013); the rest is checked on the listing by its key, so
 * the source's index order holds.
 */
function filters(db: Db, q: BrowseQuery, hrUserId: string, on: Source, skip = 0) {
  const id = sql.ref<string>(SOURCE_ID[on]);
  // Skill rows and count candidates carry no gender copy: it is checked on the listing.
  const copied = on === 'p' || on === 't';
  const gender = sql.ref<string>(copied ? `${on}.gender` : 'p.gender');
  const genders: Expression<SqlBool>[] = [];
  if (q.gender === 'male' || q.gender === 'female') genders.push(eb(gender, '=', q.gender));
  if (q.gender === 'other') genders.push(eb(gender, 'not in', ['male', 'female']));
  const onListing = [...rowFilters(q), ...(copied ? [] : genders)];
  const out: Expression<SqlBool>[] = copied ? genders : [];
  if (q.savedOnly) out.push(eb(id, 'in', savedIds(db, hrUserId)));
  out.push(...childFilters(q, id, skip));
  if (on === 'p') return [...out, ...onListing];
  if (onListing.length) {
    const listing = eb.selectFrom('public_cvs as p').select('p.id').where('p.id', '=', id);
    out.push(eb.exists(listing.where(eb.and(onListing))));
  }
  return out;
}

/** Browse without a search: the listings table, read in the order of a sort index. */
function listFilter(db: Db, q: BrowseQuery, hrUserId: string) {
  let base = db.selectFrom('public_cvs as p').where('p.is_listed', '=', 1);
  for (const f of filters(db, q, hrUserId, 'p')) base = base.where(f);
  return base;
}

/**
 * A skill filter with the listing-date sort reads the first skill's rows in date order
 * (index listing_skills_browse) and stops after the page: cheaper than walking every
 * listing when the skill is rare. Null when the query does not suit it.
 */
function skillDriver(q: BrowseQuery): string | null {
  const sorts = q.sort === 'newest' || q.sort === 'oldest' || q.sort === 'relevance';
  if (!sorts || q.skills.length === 0) return null;
  if (q.skills.length > 1 && q.skillMode !== 'all') return null;
  return normText(q.skills[0]!);
}

function skillFilter(db: Db, q: BrowseQuery, hrUserId: string, skill: string) {
  let base = db
    .selectFrom('listing_skills as s')
    .where('s.skill_norm', '=', skill)
    .where('s.is_listed', '=', 1);
  for (const f of filters(db, q, hrUserId, 's', 1)) base = base.where(f);
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
    const last = found.at(-1);
    // One lower bound: given both `>= from` and `> last`, SQLite seeks to `from` and walks
    // every row of the words already found (a common word's is a quarter of the table).
    const row = await db
      .selectFrom('public_cv_name_tokens')
      .select('token')
      .where('token', last === undefined ? '>=' : '>', last ?? r.from)
      .where('token', '<', r.to)
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
  return { words, tokens: await tokensStarting(db, words[0]), keys: sortKeys(q, true) };
}

/** The page order: relevance (search only) is most hits, then newest. */
function sortKeys(q: BrowseQuery, searching: boolean): SortKey[] {
  if (q.sort === 'relevance' && searching) {
    return [
      { col: 'hits', dir: 'desc' },
      { col: 'listed_at', dir: 'desc' },
    ];
  }
  const dir = q.sort === 'name' || q.sort === 'oldest' ? 'asc' : 'desc';
  const col =
    q.sort === 'name' ? 'full_name_lower' : q.sort === 'views' ? 'view_count' : 'listed_at';
  return [{ col, dir }];
}

/** The page's rows, one more than shown: whether it exists answers "is there more". */
const pageWindow = (q: BrowseQuery) => ({ skip: (q.page - 1) * q.limit, take: q.limit + 1 });

/** The last key's direction also orders the id that breaks ties. */
const tieDir = (keys: SortKey[]) => keys.at(-1)!.dir;

/**
 * The token rows of listings matching a search, with the sort keys as `k0`, `k1`. `tokens`
 * are the first word's exact matches (or its prefix range); the token rows carry the filter
 * and sort columns (migrations 008, 015), so one token reads its page straight off an index.
 * Every further typed word must also start one of the listing's words.
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
  const [k0, k1 = k0] = search.keys;
  return hits.select((eb) => [
    't.public_cv_id',
    eb.ref(`t.${k0!.col}`).as('k0'),
    eb.ref(`t.${k1!.col}`).as('k1'),
  ]);
}

/** One token's hits in sort order: read straight off its index. */
function orderedHits(db: Db, search: Search, q: BrowseQuery, hrUserId: string, token: string) {
  let hits = tokenHits(db, search, q, hrUserId, [token]);
  for (const k of search.keys) hits = hits.orderBy(`t.${k.col}`, k.dir);
  return hits.orderBy('t.public_cv_id', tieDir(search.keys));
}

/**
 * One page of search matches, cut before the listings are joined. One matching token:
 * read in index order, stopping after the page. A few: each token's first pages, merged
 * (a listing may hold two of them, hence DISTINCT). Many: every match, sorted.
 */
function searchPage(db: Db, search: Search, q: BrowseQuery, hrUserId: string) {
  const { tokens, keys } = search;
  const { skip, take } = pageWindow(q);
  const [first, second = first] = keys;
  const page =
    tokens?.length === 1
      ? orderedHits(db, search, q, hrUserId, tokens[0]!).limit(take).offset(skip)
      : db
          .selectFrom(mergedHits(db, search, q, hrUserId, skip).as('u'))
          .select(['u.public_cv_id', 'u.k0', 'u.k1'])
          .distinct()
          .orderBy('u.k0', first!.dir)
          .orderBy('u.k1', second!.dir)
          .orderBy('u.public_cv_id', tieDir(keys))
          .limit(take)
          .offset(skip);
  return db.selectFrom(page.as('h')).innerJoin('public_cvs as p', 'p.id', 'h.public_cv_id');
}

/** A few tokens: the first `skip + take` hits of each, unioned; many: every hit. */
function mergedHits(db: Db, search: Search, q: BrowseQuery, hrUserId: string, skip: number) {
  if (!search.tokens) return tokenHits(db, search, q, hrUserId, null);
  return search.tokens
    .map((token, i) =>
      db
        .selectFrom(
          orderedHits(db, search, q, hrUserId, token)
            .limit(skip + pageWindow(q).take)
            .as(`b${i}`),
        )
        .selectAll(),
    )
    .reduce((all, branch) => all.unionAll(branch));
}

/** The matching listing ids of a search (one row per listing). */
function idsOf(db: Db, search: Search, q: BrowseQuery, hrUserId: string) {
  const ids = tokenHits(db, search, q, hrUserId, search.tokens)
    .clearSelect()
    .select('t.public_cv_id as id');
  // One token has one row per listing; several may share a listing.
  return search.tokens?.length !== 1 ? ids.distinct() : ids;
}

/** Counts the ids a source yields, up to the cap. */
const capped = (db: Db, ids: ReturnType<typeof idsOf>) =>
  db
    .selectFrom(ids.limit(BROWSE_COUNT_CAP + 1).as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();

type Counted = { n: number; partial: boolean };

/** How many of a source's ids match, up to the cap. */
async function cappedCount(db: Db, ids: ReturnType<typeof idsOf>): Promise<Counted> {
  const { n } = await capped(db, ids);
  return { n: Number(n), partial: false };
}

/**
 * The candidates a facet-filtered count looks at: the driving source's rows with only its
 * own (indexed) conditions, at most BROWSE_COUNT_SCAN of them, and the query's other
 * filters, which each candidate is then checked against.
 */
function candidates(db: Db, search: Search | null, q: BrowseQuery, hrUserId: string) {
  const plain: BrowseQuery = {
    ...q,
    skills: [],
    language: '',
    minYears: 0,
    hasVideo: false,
    savedOnly: false,
    gender: 'all',
  };
  // Province and city stay in the driver: their indexes (or the listing probe) narrow it.
  const rest: BrowseQuery = { ...q, province: '', city: '' };
  if (search) return { ids: idsOf(db, search, plain, hrUserId), rest };
  const skill = q.skills.length && (q.skills.length === 1 || q.skillMode === 'all');
  if (skill) {
    const ids = db
      .selectFrom('listing_skills as s')
      .select('s.listing_id as id')
      .where('s.skill_norm', '=', normText(q.skills[0]!))
      .where('s.is_listed', '=', 1)
      // In index order: PostgreSQL would otherwise read a common skill's rows off the table.
      .orderBy('s.listed_at', 'desc')
      .orderBy('s.listing_id', 'desc');
    return { ids, rest: { ...q, skills: q.skills.slice(1) } };
  }
  const ids = listFilter(db, { ...plain, province: q.province, city: q.city }, hrUserId)
    .select('p.id as id')
    .orderBy('p.listed_at', 'desc')
    .orderBy('p.id', 'desc');
  return { ids, rest };
}

/** Whether a query has any condition beyond "listed". */
const narrows = (q: BrowseQuery) => hasFacetFilters(q) || q.gender !== 'all' || q.savedOnly;

/**
 * A facet-filtered count: each candidate is checked against the filters its driver did not
 * already apply, by their keys. When the candidates ran out before the scan limit the count
 * is exact (up to the cap), else it is "at least". With nothing left to check, the driver's
 * own rows are counted (up to the cap) off its index.
 */
async function scannedCount(
  db: Db,
  search: Search | null,
  q: BrowseQuery,
  hrUserId: string,
): Promise<Counted> {
  const { rest, ...driver } = candidates(db, search, q, hrUserId);
  // One row per listing whichever the driver; the builders' types differ only in their tables.
  const ids = driver.ids as ReturnType<typeof idsOf>;
  if (!narrows(rest)) return cappedCount(db, ids);
  // The candidates once (a driver with a place filter probes each of them), then the checks
  // in a WHERE, not a CASE in the SELECT list: SQLite plans an EXISTS there as a semi-join
  // on the covering indexes (migration 018), in a CASE as a scalar subquery that reads each
  // candidate's table row.
  const row = await db
    .with(
      (cte) => cte('c').materialized(),
      () => ids.limit(BROWSE_COUNT_SCAN),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom('c').select(eb.fn.countAll<string | number>().as('n')).as('scanned'),
      eb
        .selectFrom('c')
        .where(eb.and(filters(db, rest, hrUserId, 'c')))
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n ?? 0), partial: Number(row.scanned) >= BROWSE_COUNT_SCAN };
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
): Promise<Counted> | null {
  if (hasFacetFilters(q)) return scannedCount(db, search, q, hrUserId);
  if (search) return cappedCount(db, idsOf(db, search, q, hrUserId));
  if (q.gender === 'all' && !q.savedOnly) return null;
  return cappedCount(db, listFilter(db, q, hrUserId).select('p.id as id') as never);
}

/** The listings of a page that is not a search, in the sort's index order. */
function listPage(db: Db, q: BrowseQuery, hrUserId: string) {
  const { skip, take } = pageWindow(q);
  const skill = skillDriver(q);
  if (!skill) return listFilter(db, q, hrUserId).limit(take).offset(skip);
  const dir = q.sort === 'oldest' ? 'asc' : 'desc';
  const page = skillFilter(db, q, hrUserId, skill)
    .select('s.listing_id as public_cv_id')
    .orderBy('s.listed_at', dir)
    .orderBy('s.listing_id', dir)
    .limit(take)
    .offset(skip);
  return db.selectFrom(page.as('h')).innerJoin('public_cvs as p', 'p.id', 'h.public_cv_id');
}

/** The page's listings, each with whether this HR user saved it (a join, not a query each). */
function pageRows(db: Db, search: Search | null, q: BrowseQuery, hrUserId: string) {
  const keys = search?.keys ?? sortKeys(q, false);
  const source = search ? searchPage(db, search, q, hrUserId) : listPage(db, q, hrUserId);
  let rows = source
    .leftJoin('hr_saved_cvs as s', (j) =>
      j.onRef('s.public_cv_id', '=', 'p.id').on('s.hr_user_id', '=', hrUserId),
    )
    .selectAll('p')
    .select('s.id as saved_id');
  // The token rows' copies order a search page (hits live there); the listing the rest.
  for (const k of keys) {
    rows =
      k.col === 'hits' ? rows.orderBy(sql.ref('h.k0'), k.dir) : rows.orderBy(`p.${k.col}`, k.dir);
  }
  return rows.orderBy('p.id', tieDir(keys)).execute();
}

type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

const parseList = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

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
  headline: r.headline,
  topSkills: parseList<string[]>(r.top_skills, []),
  languages: parseList<BrowseItem['languages']>(r.languages, []),
  city: r.city,
  province: r.province,
  yearsExperience: r.years_experience,
  summaryExcerpt: r.summary_excerpt,
  hasVideo: r.has_video === 1,
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
  const shown = rows.slice(0, q.limit);
  const skip = (q.page - 1) * q.limit;
  // A partial count is at least what this page reaches.
  const matched = filtered
    ? Math.max(filtered.n, filtered.partial ? skip + shown.length : 0)
    : available;
  const totalCapped = matched > BROWSE_COUNT_CAP || !!filtered?.partial;
  return {
    data: shown.map(toItem),
    total: Math.min(matched, BROWSE_COUNT_CAP),
    page: q.page,
    hasMore: rows.length > q.limit,
    totalCapped,
    stats: { available, saved: Number(saved.n) },
  };
}
