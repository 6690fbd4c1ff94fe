import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { HttpError } from './errors.ts';
import { AUTH_MESSAGES } from '@vitae/core';

export interface RateLimiter {
  /** Counts one hit on `key`; true while the count within the window is at most `limit`. */
  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; retryAfterS: number }>;
  /** Whether one more hit on `key` would be allowed, without counting it or creating the key. */
  peek(key: string, limit: number): Promise<{ allowed: boolean; retryAfterS: number }>;
  /** Takes back one hit on `key` (one that turned out not to count), within its window. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Sign-in and view-pin failures: the counters that hold a guesser back. In memory they get a
 * store of their own, so no other traffic (a flood of forgot-password requests) can push them out.
 */
export const GUARD_KEY = /^(login|share-unlock):/;

export interface MemoryRateLimiterOptions {
  /** Keys under their limit kept at most, per store; the least valuable one makes room. */
  maxKeys?: number;
  /** Keys at their limit kept at most, per store; the earliest blocked makes room. */
  maxBlockedKeys?: number;
  /** Which keys live in the guard store (default GUARD_KEY); every other key in the other. */
  isGuard?: (key: string) => boolean;
}

export interface MemoryRateLimiter extends RateLimiter {
  /** Table sizes, and how many keys were evicted to make room: for tests and metrics. */
  stats(): { keys: number; blockedKeys: number; evicted: number };
}

/**
 * One store's tables, each bounded: keys hit once, keys hit more often (under their limit),
 * and keys at their limit. A new key makes room by evicting a key hit once if there is one,
 * so a flood of fresh keys evicts only other fresh keys: to push out a key with several
 * failures an attacker would first have to fill the whole store with repeated keys.
 */
function counterStore(maxKeys: number, maxBlockedKeys: number) {
  let evicted = 0;
  const once = new LRUCache<string, Bucket>({ max: maxKeys });
  const repeat = new LRUCache<string, Bucket>({ max: maxKeys });
  // Read with peek() only, so its order stays the order keys were blocked in.
  const blocked = new LRUCache<string, Bucket>({
    max: maxBlockedKeys,
    dispose: (_b, _k, reason) => {
      if (reason === 'evict') evicted += 1;
    },
  });
  const drop = (key: string) => {
    once.delete(key);
    repeat.delete(key);
    blocked.delete(key);
  };
  return {
    peek: (key: string) => once.peek(key) ?? repeat.peek(key) ?? blocked.peek(key),
    drop,
    /** Files `b` (just counted) in the table its count belongs in. */
    place(key: string, b: Bucket, limit: number) {
      if (blocked.has(key)) return; // Counted in place: a blocked key neither moves nor takes room.
      if (b.count >= limit) {
        // Its next hit is refused: keep it where a flood of fresh keys cannot reach it.
        once.delete(key);
        repeat.delete(key);
        blocked.set(key, b);
      } else if (once.has(key) || repeat.has(key) || b.count > 1) {
        once.delete(key);
        repeat.set(key, b);
      } else {
        if (once.size + repeat.size >= maxKeys) {
          (once.size > 0 ? once : repeat).pop();
          evicted += 1;
        }
        once.set(key, b);
      }
    },
    stats: () => ({ keys: once.size + repeat.size, blockedKeys: blocked.size, evicted }),
  };
}

/**
 * One process's counters: right for a single machine. Every operation is O(1) and memory is
 * capped: two stores (guard keys and the rest) of bounded tables, each new key evicting one
 * entry at most.
 *
 * Keys at their limit live in a table of their own. A flood of fresh keys then evicts only
 * other fresh keys and never lifts a block; to push one block out, an attacker would first
 * have to drive `maxBlockedKeys` other keys to their limits, each through every other rule of
 * its request (an address that many keys come from is blocked itself after a few), which
 * costs far more than waiting for the window to end.
 */
export function memoryRateLimiter({
  maxKeys = 100_000,
  maxBlockedKeys = 100_000,
  isGuard = (key) => GUARD_KEY.test(key),
}: MemoryRateLimiterOptions = {}): MemoryRateLimiter {
  const guard = counterStore(maxKeys, maxBlockedKeys);
  const other = counterStore(maxKeys, maxBlockedKeys);
  const storeOf = (key: string) => (isGuard(key) ? guard : other);

  /** The key's bucket while its window lasts; a passed one is dropped. */
  const live = (key: string, now: number): Bucket | undefined => {
    const store = storeOf(key);
    const b = store.peek(key);
    if (b && b.resetAt > now) return b;
    if (b) store.drop(key);
    return undefined;
  };

  const answer = (b: Bucket | undefined, allowed: boolean, now: number) => ({
    allowed,
    retryAfterS: b ? Math.ceil((b.resetAt - now) / 1000) : 0,
  });

  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      const b = live(key, now) ?? { count: 0, resetAt: now + windowMs };
      b.count += 1;
      storeOf(key).place(key, b, limit);
      return answer(b, b.count <= limit, now);
    },
    async peek(key, limit) {
      const now = Date.now();
      const b = live(key, now);
      return answer(b, (b?.count ?? 0) < limit, now);
    },
    async refund(key) {
      const b = live(key, Date.now());
      // A refunded key may stay in the blocked table until its window ends; its count decides.
      if (b && b.count > 0) b.count -= 1;
    },
    async reset(key) {
      storeOf(key).drop(key);
    },
    stats: () => {
      const [g, o] = [guard.stats(), other.stats()];
      return {
        keys: g.keys + o.keys,
        blockedKeys: g.blockedKeys + o.blockedKeys,
        evicted: g.evicted + o.evicted,
      };
    },
  };
}

const REFUND_SCRIPT =
  "if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0";

/** Counters in Redis, shared by every app instance; each key expires with its window. */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = `vitae:rl:${key}`;
      // One MULTI: the window starts with the first hit (SET NX PX) and INCR keeps its TTL,
      // so no key can be left without an expiry whatever happens between the commands.
      const res = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      if (!res) throw new Error('rate limit transaction was aborted');
      const failed = res.find(([err]) => err);
      if (failed) throw failed[0] as Error;
      const count = Number(res[1]![1]);
      const ttl = Number(res[2]![1]);
      return { allowed: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key, limit) {
      const k = `vitae:rl:${key}`;
      // Reads only: a key that does not exist is not created.
      const res = await redis.multi().get(k).pttl(k).exec();
      if (!res) throw new Error('rate limit transaction was aborted');
      const failed = res.find(([err]) => err);
      if (failed) throw failed[0] as Error;
      const count = Number(res[0]![1] ?? 0);
      const ttl = Number(res[1]![1]);
      return { allowed: count < limit, retryAfterS: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
    },
    async refund(key) {
      // DECR keeps the TTL; the script never creates a key (which would have no expiry).
      await redis.eval(REFUND_SCRIPT, 1, `vitae:rl:${key}`);
    },
    async reset(key) {
      await redis.del(`vitae:rl:${key}`);
    },
  };
}

/** The same limiter with every limit multiplied (RATE_LIMIT_MULTIPLIER). */
export function scaledRateLimiter(inner: RateLimiter, factor: number): RateLimiter {
  if (factor === 1) return inner;
  return {
    hit: (k, limit, w) => inner.hit(k, limit * factor, w),
    peek: (k, limit) => inner.peek(k, limit * factor),
    refund: (k) => inner.refund(k),
    reset: (k) => inner.reset(k),
  };
}

/** A limit on one key: at most `limit` counted hits per `windowMs`. */
export interface LimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit on every rule's key; throws 429 (with the longest retry-after) if any is over.
 * It checks before it counts: a refused request is counted on the keys that refuse it, which
 * exist already, and creates no key, so a flood of refused requests cannot grow the table.
 */
export async function enforceLimits(
  limiter: RateLimiter,
  rules: LimitRule[],
  message: string = AUTH_MESSAGES.tooManyAttempts,
): Promise<void> {
  const before = await Promise.all(rules.map((r) => limiter.peek(r.key, r.limit)));
  const refusing = rules.filter((_, i) => !before[i]!.allowed);
  const counted = refusing.length > 0 ? refusing : rules;
  const after = await Promise.all(counted.map((r) => limiter.hit(r.key, r.limit, r.windowMs)));
  const refusals = [...before, ...after].filter((res) => !res.allowed);
  if (refusals.length === 0) return;
  const retry = Math.max(1, ...refusals.map((res) => res.retryAfterS));
  throw new HttpError(429, message, undefined, { 'retry-after': String(retry) });
}

/** Takes back the hits `enforceLimits` counted on these rules (for an attempt that succeeded). */
export async function refundLimits(limiter: RateLimiter, rules: LimitRule[]): Promise<void> {
  await Promise.all(rules.map((r) => limiter.refund(r.key)));
}
