import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WriteClock } from '../db/write-clock.ts';

/**
 * Answers of the busiest reads (the one-request CV, section lists and statuses, the session
 * behind a cookie) kept in memory while none of the tables they were read from has been
 * written since (decision 0008 §0015). Only with a write clock: on SQLite the process owns
 * the database; on PostgreSQL other instances write too, and every read goes to the database.
 */
export interface AnswerCache {
  /** The kept answer for `key` if `tables` are unwritten since it was read, else `load()`'s. */
  get<T extends object>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T>;
  /** The kept answer for `key` if `tables` are unwritten since it was read; never loads. */
  peek<T extends object>(key: string, tables: readonly string[]): T | undefined;
}

/**
 * Bounded in entries, and in age: a writer the clock cannot see (another process opening the
 * file, an operator's sqlite3 shell) is seen within TTL_MS; signed media URLs in the CV live
 * 12 hours, so a kept one has nearly all its life left. Only users active in the last
 * seconds have entries; 2,000 of them (a full CV is ~8 KB) stay within a few MB.
 */
const MAX_ENTRIES = 2000;
const TTL_MS = 10_000;

interface Kept {
  stamp: number;
  value: object;
}

export function answerCache(clock: WriteClock | undefined): AnswerCache {
  if (!clock) return { get: (_key, _tables, load) => load(), peek: () => undefined };
  const kept = new LRUCache<string, Kept>({ max: MAX_ENTRIES, ttl: TTL_MS });
  const fresh = (key: string, stamp: number) => {
    const hit = kept.get(key);
    return hit && hit.stamp === stamp ? hit.value : undefined;
  };
  return {
    async get(key, tables, load) {
      // Stamped before the read: a write that lands while it runs makes the kept copy stale.
      const stamp = clock.stamp(tables);
      const hit = fresh(key, stamp);
      if (hit) return hit as Awaited<ReturnType<typeof load>>;
      const value = await load();
      kept.set(key, { stamp, value: Object.freeze(value) });
      return value;
    },
    peek: <T extends object>(key: string, tables: readonly string[]) =>
      fresh(key, clock.stamp(tables)) as T | undefined,
  };
}

/**
 * Sends an answer kept as the JSON text the route's serializer made from it (and checked
 * against the schema, outside production): serialised once per change of `tables`, not on
 * every read of the busiest routes.
 */
export async function sendKeptJson(
  reply: FastifyReply,
  answers: AnswerCache,
  key: string,
  tables: readonly string[],
  load: () => Promise<object>,
): Promise<FastifyReply> {
  const { json } = await answers.get(`${key}:json`, tables, async () => ({
    json: reply.serialize(await load()),
  }));
  // Fastify sends a string as it is; the type provider only knows the answer's object type.
  return reply.type('application/json; charset=utf-8').send(json as never);
}
