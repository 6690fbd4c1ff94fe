import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../deps.ts';

/** Each check gets this long; they run together, so readyz answers within about as long. */
export const CHECK_TIMEOUT_MS = 1_500;

export type CheckName = 'database' | 'redis' | 'storage';
export type CheckState = 'ok' | 'down';
export type Checks = Partial<Record<CheckName, CheckState>>;

interface Probe {
  name: CheckName;
  run(signal: AbortSignal): Promise<unknown>;
}

/** A Redis connection of its own, opened on the first check: PING answers, or Redis is down. */
function redisProbe(url: string) {
  let client: Promise<Redis> | undefined;
  const connect = () =>
    (client ??= import('ioredis').then((ioredis) => {
      const c = new ioredis.Redis(url, {
        connectTimeout: CHECK_TIMEOUT_MS,
        // A PING waits through one reconnection at most; the check's timeout bounds it anyway.
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      });
      // Reported by the check; without a listener ioredis prints every failed reconnection.
      c.on('error', () => undefined);
      return c;
    }));
  return {
    ping: async () => (await connect()).ping(),
    async close() {
      if (client) (await client).disconnect();
    },
  };
}

function timeout(ms: number, signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new Error('check timed out')), ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

/**
 * The dependencies a request needs, each asked something trivial with a short timeout: the
 * database (SELECT 1), Redis when REDIS_URL is set (PING), the media store (the folder is
 * writable, or the bucket answers HeadBucket). Checks running when another readyz arrives
 * are shared, so a flood of readyz costs one round of checks at a time.
 */
export function readiness(deps: Pick<AppDeps, 'config' | 'db' | 'storage'>) {
  const redis = deps.config.redisUrl ? redisProbe(deps.config.redisUrl) : undefined;
  const probes: Probe[] = [
    { name: 'database', run: () => sql`select 1`.execute(deps.db) },
    ...(redis ? [{ name: 'redis' as const, run: () => redis.ping() }] : []),
    { name: 'storage', run: (signal) => deps.storage.check(signal) },
  ];

  async function runAll(): Promise<Checks> {
    const states = await Promise.all(
      probes.map(async (probe) => {
        const done = new AbortController();
        try {
          await Promise.race([probe.run(done.signal), timeout(CHECK_TIMEOUT_MS, done.signal)]);
          return [probe.name, 'ok'] as const;
        } catch {
          return [probe.name, 'down'] as const;
        } finally {
          done.abort();
        }
      }),
    );
    return Object.fromEntries(states);
  }

  let running: Promise<Checks> | null = null;
  return {
    check(): Promise<Checks> {
      running ??= runAll().finally(() => {
        running = null;
      });
      return running;
    },
    close: async () => redis?.close(),
  };
}

export const allOk = (checks: Checks): boolean =>
  Object.values(checks).every((state) => state === 'ok');
