import { expressionBuilder, PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import { cefrRank, type BrowseItem, type BrowsePage, type BrowseQuery } from '@vitae/core';
import type { Database, Db } from '../db/database.ts';
import { listedCount, nameTokens, prefixRange, normText } from '../public-cv/index.ts';

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

/** No filters: a driver's own conditions are added to it. */
const PLAIN = {
  skills: [],
  language: '',
  province: '',
  city: '',
  minYears: 0,
  hasVideo: false,
  savedOnly: false,
  gender: 'all',
} satisfies Partial<BrowseQuery>;

/** Whether the query narrows the listings beyond gender and saved-only (issue 18 filters). */
const hasFacetFilters = (q: BrowseQuery) =>
  q.skills.length > 0 ||
  normText(q.language) !== '' ||
  normText(q.province) !== '' ||
  normText(q.city) !== '' ||
  q.minYears > 0 ||
  q.hasVideo;

/**
 * A count's candidates are each checked by a probe of a key: `LIMIT 1 OFFSET 0` keeps an
 * EXISTS a per-row probe on PostgreSQL, which otherwise may turn it into a hash join over
 * every row of the word or skill (83,000 index entries for "engineer" against 1,000
 * candidates at a million listings, 27 ms). SQLite probes either way, and given a LIMIT it
 * plans the probe on the table's key, not the covering index.
 */
const PER_ROW = { limit: 1, offset: 0 };
/** Whether a count's checks need PER_ROW: on PostgreSQL. (On SQLite it would read the row.) */
const perRowOn = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The listing's skill and language conditions, probing their (listing, name) keys. */
function childFilters(q: BrowseQuery, listingId: Expression<string>, skip = 0, perRow = false) {
  const out: Expression<SqlBool>[] = [];
  const skills = q.skills.map(normText);
  const skillRow = () =>
    eb
      .selectFrom('listing_skills as ls')
      .select('ls.skill_norm')
      .where('ls.listing_id', '=', listingId)
      .$if(perRow, (b) => b.limit(PER_ROW.limit).offset(PER_ROW.offset));
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
    out.push(eb.exists(row.$if(perRow, (b) => b.limit(PER_ROW.limit).offset(PER_ROW.offset))));
  }
  return out;
}

/** The conditions on the listing row itself (place, years, video), on alias `p` (or `c`). */
function rowFilters(q: BrowseQuery, on: 'p' | 'c' = 'p') {
  const out: Expression<SqlBool>[] = [];
  const col = (name: CarriedCol) => sql.ref<string | number>(`${on}.${name}`);
  const province = normText(q.province);
  const city = normText(q.city);
  if (province) out.push(eb(col('province_norm'), '=', province));
  if (city) out.push(eb(col('city_norm'), '=', city));
  if (q.minYears > 0) out.push(eb(col('years_experience'), '>=', q.minYears));
  if (q.hasVideo) out.push(eb(col('has_video'), '=', 1));
  return out;
}

/**
 * The listing columns a count's candidates carry when they are read off a place index
 * (migration 018 put them in it): then they are checked on the candidate, not by a probe.
 */
const CARRIED = ['gender', 'years_experience', 'has_video'] as const;
type CarriedCol = (typeof CARRIED)[number] | 'province_norm' | 'city_norm';

/** Where a query reads listing ids from, and the id's column there. */
type Source = 'p' | 't' | 's' | 'c';
const SOURCE_ID = { p: 'p.id', t: 't.public_cv_id', s: 's.listing_id', c: 'c.id' } as const;

/**
 * The picked filters, once for each source: the listings (`p`), the token rows (`t`), the
 * skill rows (`s`) or a count's candidate ids (`c`). Token and skill rows carry copies of
 * the listed flag (migrations 008, 013); the rest is checked on the listing by its key, so
 * the source's index order holds.
 */
function filters(db: Db, q: BrowseQuery, hrUserId: string, on: Source, skip = 0, carried = false) {
  const id = sql.ref<string>(SOURCE_ID[on]);
  // Skill rows and count candidates carry no gender copy (unless `carried`): it is checked
  // on the listing.
  const copied = on === 'p' || on === 't' || carried;
  const gender = sql.ref<string>(copied ? `${on}.gender` : 'p.gender');
  const genders: Expression<SqlBool>[] = [];
  if (q.gender === 'male' || q.gender === 'female') genders.push(eb(gender, '=', q.gender));
  if (q.gender === 'other') genders.push(eb(gender, 'not in', ['male', 'female']));
  const onListing = [...rowFilters(q), ...(copied ? [] : genders)];
  const out: Expression<SqlBool>[] = copied ? genders : [];
  if (q.savedOnly) out.push(eb(id, 'in', savedIds(db, hrUserId)));
  const perRow = on === 'c' && perRowOn(db);
  const skills = childFilters({ ...q, language: '' }, id, skip, perRow);
  const language = childFilters({ ...q, skills: [] }, id, 0, perRow);
  if (on === 'p') return [...out, ...skills, ...language, ...onListing];
  // Checked in turn, each only for the candidates the last one passed: the skills, then
  // the listing's place, years, video and gender, then the language (more often common:
  // English at a minimum level holds for half the listings, a city for a few in a hundred).
  out.push(...skills);
  // The candidate's own copies: no probe of the listing.
  if (carried) out.push(...rowFilters(q, 'c'));
  else if (onListing.length) {
    const listing = eb.selectFrom('public_cvs as p').select('p.id').where('p.id', '=', id);
    const checked = listing.where(eb.and(onListing));
    out.push(eb.exists(checked.$if(perRow, (b) => b.limit(PER_ROW.limit).offset(PER_ROW.offset))));
  }
  return [...out, ...language];
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
  for (const f of wordChecks(search.words.slice(1), sql.ref('t.public_cv_id')))
    hits = hits.where(f);
  for (const f of filters(db, q, hrUserId, 't')) hits = hits.where(f);
  const [k0, k1 = k0] = search.keys;
  return hits.select((eb) => [
    't.public_cv_id',
    eb.ref(`t.${k0!.col}`).as('k0'),
    eb.ref(`t.${k1!.col}`).as('k1'),
  ]);
}

/**
 * Each further typed word must start one of the listing's words: a probe of the
 * (public_cv_id, token) key per candidate, so a page can stop early.
 */
function wordChecks(words: string[], listingId: Expression<string>, perRow = false) {
  return words.map((word) => {
    const r = prefixRange(word);
    return eb.exists(
      eb
        .selectFrom('public_cv_name_tokens as t2')
        .select('t2.token')
        .where('t2.public_cv_id', '=', listingId)
        .where('t2.token', '>=', r.from)
        .where('t2.token', '<', r.to)
        .$if(perRow, (b) => b.limit(PER_ROW.limit).offset(PER_ROW.offset)),
    );
  });
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
  const plain: BrowseQuery = { ...q, ...PLAIN };
  // A search's first word alone drives: the place and further words are checked on each of
  // its matches like the other filters. (With the place in the driver, "reliable" + Gauteng
  // probed 4,300 word matches for the place to find 1,000 candidates at a million listings.)
  if (search) {
    const first = { ...search, words: search.words.slice(0, 1) };
    const ids = idsOf(db, first, plain, hrUserId);
    return { ids, rest: q, words: search.words.slice(1), carried: false };
  }
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
    return { ids, rest: { ...q, skills: q.skills.slice(1) }, words: [], carried: false };
  }
  // Province and city stay in the driver: their indexes narrow it, and carry the gender,
  // years and video the candidates are then checked against (no probe of the listing).
  const carried = normText(q.province) !== '' || normText(q.city) !== '';
  const listings = listFilter(db, { ...plain, province: q.province, city: q.city }, hrUserId);
  const ids = (
    carried
      ? listings.select(['p.id as id', ...CARRIED.map((c) => `p.${c}` as const)])
      : listings.select('p.id as id')
  )
    .orderBy('p.listed_at', 'desc')
    .orderBy('p.id', 'desc');
  return { ids, rest: { ...q, province: '', city: '' }, words: [], carried };
}

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
  const { rest, carried, words, ...driver } = candidates(db, search, q, hrUserId);
  // One row per listing whichever the driver; the builders' types differ only in their tables.
  const ids = driver.ids as ReturnType<typeof idsOf>;
  const checks = [
    ...wordChecks(words, sql.ref('c.id'), perRowOn(db)),
    ...filters(db, rest, hrUserId, 'c', 0, carried),
  ];
  if (!checks.length) return cappedCount(db, ids);
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
        .where(eb.and(checks))
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n ?? 0), partial: Number(row.scanned) >= BROWSE_COUNT_SCAN };
}

/**
 * The first BROWSE_COUNT_SCAN candidates of the page's own driver, in the page's order (with
 * the sort keys as `k0`, `k1`), and what is left to check on each; null when the count's
 * driver and the page's differ (another sort, several words' tokens) or nothing is left.
 */
function pageCandidates(db: Db, search: Search | null, q: BrowseQuery, hrUserId: string) {
  const keys = search?.keys ?? sortKeys(q, false);
  const dir = tieDir(keys);
  const [k0, k1 = k0] = keys;
  if (search) {
    if (search.tokens?.length !== 1) return null;
    // The gender is on the token rows (and their sort indexes): it stays in the driver.
    let ids = db
      .selectFrom('public_cv_name_tokens as t')
      .where('t.is_listed', '=', 1)
      .where('t.token', '=', search.tokens[0]!);
    for (const f of filters(db, { ...q, ...PLAIN, gender: q.gender }, hrUserId, 't'))
      ids = ids.where(f);
    const ordered = ids
      .select(['t.public_cv_id as id', `t.${k0!.col} as k0`, `t.${k1!.col} as k1`])
      .orderBy(`t.${k0!.col}`, k0!.dir)
      .orderBy(`t.${k1!.col}`, k1!.dir)
      .orderBy('t.public_cv_id', dir);
    const cols = [k0!.col, ...(k1!.col === k0!.col ? [] : [k1!.col]), 'public_cv_id'];
    return {
      ids: ordered,
      keyCols: cols.map((c) => `t.${c}`),
      rest: { ...q, gender: 'all' as const },
      words: search.words.slice(1),
      carried: false,
    };
  }
  if (keys.length !== 1 || keys[0]!.col !== 'listed_at') return null;
  const skill = skillDriver(q);
  if (skill) {
    const ids = db
      .selectFrom('listing_skills as s')
      .where('s.skill_norm', '=', skill)
      .where('s.is_listed', '=', 1)
      .select(['s.listing_id as id', 's.listed_at as k0', 's.listed_at as k1'])
      .orderBy('s.listed_at', dir)
      .orderBy('s.listing_id', dir);
    const keyCols = ['s.listed_at', 's.listing_id'];
    return { ids, keyCols, rest: { ...q, skills: q.skills.slice(1) }, words: [], carried: false };
  }
  const carried = normText(q.province) !== '' || normText(q.city) !== '';
  const place = { ...q, ...PLAIN, province: q.province, city: q.city };
  const ids = listFilter(db, place, hrUserId)
    .select(['p.id as id', 'p.listed_at as k0', 'p.listed_at as k1'])
    .$if(carried, (b) => b.select(CARRIED.map((c) => `p.${c}` as const)))
    .orderBy('p.listed_at', dir)
    .orderBy('p.id', dir);
  const keyCols = ['p.listed_at', 'p.id'];
  return { ids, keyCols, rest: { ...q, province: '', city: '' }, words: [], carried };
}

/** What a merged scan found: the count and the page's ids. */
interface Scanned {
  counted: Counted;
  /** The page's listing ids in order (one more than shown when there is more). */
  page: string[];
}

/**
 * A filtered count and its page in one scan (decision 0008 §0013): the page's driver is read in the
 * page's order up to BROWSE_COUNT_SCAN candidates, each checked against the filters the
 * driver did not apply; the matches are the count, and their first rows past `skip` are the
 * page when there are enough of them (or the candidates ran out). Otherwise (a rare
 * combination, a deep page) the page goes on after the last candidate scanned. Null: the
 * count and page drivers differ, or there is nothing to check.
 */
async function scanCountAndPage(
  db: Db,
  search: Search | null,
  q: BrowseQuery,
  hrUserId: string,
): Promise<Scanned | null> {
  const driver = pageCandidates(db, search, q, hrUserId);
  if (!driver) return null;
  const checks = [
    ...wordChecks(driver.words, sql.ref('c.id'), perRowOn(db)),
    ...filters(db, driver.rest, hrUserId, 'c', 0, driver.carried),
  ];
  if (!checks.length) return null;
  const keys = search?.keys ?? sortKeys(q, false);
  const [k0, k1 = k0] = keys;
  const { skip, take } = pageWindow(q);
  // The matches in page order up to the page's end, each with how many matched in all
  // (a window count, taken before the LIMIT); a left join from the number of candidates
  // keeps one row when nothing matched.
  const rows = await db
    .with(
      (cte) => cte('c').materialized(),
      () => (driver.ids as ReturnType<typeof idsOf>).limit(BROWSE_COUNT_SCAN),
    )
    .with('m', (w) =>
      w
        .selectFrom('c')
        .where(eb.and(checks))
        .select((eb) => [
          'c.id',
          sql.ref<string | number>('c.k0').as('k0'),
          sql.ref<string | number>('c.k1').as('k1'),
          eb.fn.countAll<string | number>().over().as('n'),
        ])
        .orderBy(sql.ref('c.k0'), k0!.dir)
        .orderBy(sql.ref('c.k1'), k1!.dir)
        .orderBy('c.id', tieDir(keys))
        .limit(skip + take),
    )
    .selectFrom((w) =>
      w
        .selectFrom('c')
        .select((eb) => eb.fn.countAll<string | number>().as('scanned'))
        .as('sc'),
    )
    .leftJoin(
      (w) =>
        w
          .selectFrom('c')
          .select([
            sql.ref<string | number>('c.k0').as('l0'),
            sql.ref<string | number>('c.k1').as('l1'),
            'c.id as lid',
          ])
          .orderBy(sql.ref('c.k0'), back(k0!.dir))
          .orderBy(sql.ref('c.k1'), back(k1!.dir))
          .orderBy('c.id', back(tieDir(keys)))
          .limit(1)
          .as('l'),
      (j) => j.onTrue(),
    )
    .leftJoin('m', (j) => j.onTrue())
    .select(['sc.scanned', 'l.l0', 'l.l1', 'l.lid', 'm.id', 'm.n'])
    .orderBy(sql.ref('m.k0'), k0!.dir)
    .orderBy(sql.ref('m.k1'), k1!.dir)
    .orderBy('m.id', tieDir(keys))
    .execute();
  const first = rows[0];
  const partial = Number(first?.scanned ?? 0) >= BROWSE_COUNT_SCAN;
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  const n = Number(first?.n ?? 0);
  // Enough matches for the page and the "is there more" row, or every candidate seen.
  if (ids.length >= skip + take || !partial || !first) {
    return { counted: { n, partial }, page: ids.slice(skip) };
  }
  // Too few: the rest of the page from the candidates after the last one scanned (its sort
  // keys and id, one row value in the driver's index order), stopping once it is found.
  const last = [first.l0, ...(driver.keyCols.length === 3 ? [first.l1] : []), first.lid];
  const after = sql<SqlBool>`(${sql.join(driver.keyCols.map((c) => sql.ref(c)))}) ${sql.raw(
    tieDir(keys) === 'desc' ? '<' : '>',
  )} (${sql.join(last)})`;
  const need = skip + take - ids.length;
  const more = await db
    .selectFrom((driver.ids as ReturnType<typeof idsOf>).clearOrderBy().where(after).as('c'))
    .where(eb.and(checks))
    .select('c.id')
    .orderBy(sql.ref('c.k0'), k0!.dir)
    .orderBy(sql.ref('c.k1'), k1!.dir)
    .orderBy('c.id', tieDir(keys))
    .limit(need)
    .execute();
  // Found in full: the driver ran out, so the count is exact.
  const counted = { n: n + more.length, partial: more.length >= need };
  return { counted, page: [...ids, ...more.map((r) => r.id)].slice(skip) };
}

const back = (dir: Dir): Dir => (dir === 'desc' ? 'asc' : 'desc');

/** The page's listings by id, in the given order, each with whether this HR user saved it. */
async function rowsById(db: Db, ids: string[], hrUserId: string) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('public_cvs as p')
    .leftJoin('hr_saved_cvs as s', (j) =>
      j.onRef('s.public_cv_id', '=', 'p.id').on('s.hr_user_id', '=', hrUserId),
    )
    .selectAll('p')
    .select('s.id as saved_id')
    .where('p.id', 'in', ids)
    .execute();
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
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
  // Several words: the first one's matches are checked for the others (bounded like filters).
  if (hasFacetFilters(q) || (search?.words.length ?? 0) > 1)
    return scannedCount(db, search, q, hrUserId);
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

/** A JSON list the listing copies (migration 015); the fallback when it does not parse. */
export const parseList = <T>(json: string, fallback: T): T => {
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
  contactMode: r.contact_mode === 'on-request' ? 'on-request' : 'open',
});

const savedCount = (db: Db, hrUserId: string) =>
  db
    .selectFrom('hr_saved_cvs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('hr_user_id', '=', hrUserId)
    .executeTakeFirstOrThrow();

/**
 * The page and its count: from one scan where a filtered count reads the page's own driver
 * (scanCountAndPage), else side by side.
 */
async function pageAndCount(
  db: Db,
  search: Search | null,
  q: BrowseQuery,
  hrUserId: string,
  merge: boolean,
) {
  const scans = merge && (hasFacetFilters(q) || (search?.words.length ?? 0) > 1);
  const scanned = scans ? await scanCountAndPage(db, search, q, hrUserId) : null;
  if (scanned) {
    return { rows: await rowsById(db, scanned.page, hrUserId), filtered: scanned.counted };
  }
  const [rows, filtered] = await Promise.all([
    pageRows(db, search, q, hrUserId),
    matchCount(db, search, q, hrUserId),
  ]);
  return { rows, filtered };
}

/**
 * One page of listed CVs for an HR user: two indexed queries (count + page) and
 * one for the stats, whatever the page size; `isSaved` comes from a join.
 */
export async function browseListings(
  db: Db,
  hrUserId: string,
  q: BrowseQuery,
  /** `merge: false` reads the page and its count apart (tests compare the two ways). */
  { merge = true }: { merge?: boolean } = {},
): Promise<BrowsePage> {
  const search = await searchOf(db, q);
  const [{ rows, filtered }, available, saved] = await Promise.all([
    pageAndCount(db, search, q, hrUserId, merge),
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
