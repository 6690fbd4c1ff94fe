import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/** The Redis the job queue tests use; unset, they are skipped with `reason` printed once. */
export function jobQueueRedis(reason: string): string | undefined {
  const url = process.env.REDIS_URL;
  if (!url) console.info(`${reason}: skipped, REDIS_URL is unset (CI sets it)`);
  return url;
}

/**
 * A fresh key prefix per call, so parallel test files never share a queue; every prefix the
 * file made is deleted from Redis after its tests.
 */
export function queuePrefixes(url: string | undefined): () => string {
  const made: string[] = [];
  afterAll(async () => {
    if (!url || made.length === 0) return;
    const redis = new Redis(url);
    for (const p of made) {
      const keys = await redis.keys(`${p}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });
  return () => {
    const p = `vitae-test-${randomBytes(4).toString('hex')}`;
    made.push(p);
    return p;
  };
}
