import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';
import { AUTH_MESSAGES } from '@vitae/core';

export interface RateLimiter {
  /** Counts one hit on `key`; true while the count within the window is at most `limit`. */
  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; retryAfterS: number }>;
  reset(key: string): Promise<void>;
}

/** One process's counters: right for a single machine. */
export function memoryRateLimiter(): RateLimiter {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let b = buckets.get(key);
      if (!b || b.resetAt <= now) {
        b = { count: 0, resetAt: now + windowMs };
        buckets.set(key, b);
        if (buckets.size > 50_000) {
          for (const [k, v] of buckets) if (v.resetAt <= now) buckets.delete(k);
        }
      }
      b.count += 1;
      return { allowed: b.count <= limit, retryAfterS: Math.ceil((b.resetAt - now) / 1000) };
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}

/** Counters in Redis, shared by every app instance. */
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
    async reset(key) {
      await redis.del(`vitae:rl:${key}`);
    },
  };
}

/** The same limiter with every limit multiplied (RATE_LIMIT_MULTIPLIER). */
export function scaledRateLimiter(inner: RateLimiter, factor: number): RateLimiter {
  if (factor === 1) return inner;
  return { hit: (k, limit, w) => inner.hit(k, limit * factor, w), reset: (k) => inner.reset(k) };
}

/** Hits every key; throws 429 if any is over its limit. */
export async function enforceLimits(
  limiter: RateLimiter,
  rules: Array<{ key: string; limit: number; windowMs: number }>,
  message: string = AUTH_MESSAGES.tooManyAttempts,
): Promise<void> {
  let blocked = false;
  let retry = 1;
  for (const r of rules) {
    const res = await limiter.hit(r.key, r.limit, r.windowMs);
    if (!res.allowed) {
      blocked = true;
      retry = Math.max(retry, res.retryAfterS);
    }
  }
  if (blocked) throw new HttpError(429, message, undefined, { 'retry-after': String(retry) });
}
