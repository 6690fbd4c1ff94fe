import type { SkillSuggestion } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { prefixRange, normText } from '../public-cv/index.ts';
import { BROWSE_COUNT_CAP } from './browse.repo.ts';

/** The distinct skills looked at per prefix, and how many are suggested. */
const CANDIDATES = 25;
const SUGGESTED = 8;
const TTL_MS = 60_000;
const CACHE_MAX = 500;

/** Per database: suggestions by prefix, reused for a minute (they feed a type-ahead). */
const caches = new WeakMap<Db, Map<string, { at: number; list: SkillSuggestion[] }>>();

/**
 * The next distinct listed skill after `after` (or the first) in the prefix range: one index
 * probe. One lower bound only: given `>= from` and `> after`, SQLite seeks to `from` and
 * walks the rows of every skill already found (thousands each at a million listings).
 */
const nextSkill = (db: Db, range: { from: string; to: string }, after?: string) =>
  db
    .selectFrom('listing_skills')
    .select(['skill_norm', 'skill'])
    .where('skill_norm', after === undefined ? '>=' : '>', after ?? range.from)
    .where('skill_norm', '<', range.to)
    .where('is_listed', '=', 1)
    .orderBy('skill_norm')
    .limit(1)
    .executeTakeFirst();

/** Listed CVs with the skill, counted off the index up to the cap. */
const countOf = async (db: Db, skillNorm: string) => {
  const { n } = await db
    .selectFrom(
      db
        .selectFrom('listing_skills')
        .select('listing_id')
        .where('skill_norm', '=', skillNorm)
        .where('is_listed', '=', 1)
        .limit(BROWSE_COUNT_CAP)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
};

/**
 * The most listed skills starting with `prefix`, most common first: the first CANDIDATES
 * distinct skills of the prefix range, each counted up to BROWSE_COUNT_CAP, so the work is
 * bounded at any table size.
 */
export async function suggestSkills(db: Db, prefix: string): Promise<SkillSuggestion[]> {
  const key = normText(prefix);
  if (!key) return [];
  const cache = caches.get(db) ?? new Map();
  caches.set(db, cache);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.list;
  const range = prefixRange(key);
  const found: { skill_norm: string; skill: string }[] = [];
  while (found.length < CANDIDATES) {
    const row = await nextSkill(db, range, found.at(-1)?.skill_norm);
    if (!row) break;
    found.push(row);
  }
  const counted = await Promise.all(
    found.map(async (s) => ({ skill: s.skill, count: await countOf(db, s.skill_norm) })),
  );
  const list = counted
    .sort((a, b) => b.count - a.count || a.skill.localeCompare(b.skill))
    .slice(0, SUGGESTED);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { at: Date.now(), list });
  return list;
}
