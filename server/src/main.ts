import pino from 'pino';
import { buildApp } from './app.ts';
import {
  ConfigError,
  loadConfig,
  productionRefusal,
  runsBackgroundWork,
  servesHttp,
} from './config.ts';
import { createDb } from './db/create-db.ts';
import { upgradeDatabase } from './upgrade.ts';
import { describeOutboxAccess, outboxAccess } from './dev/index.ts';
import { domainEvents } from './plugins/domain-events.ts';
import { outboxMailer, smtpMailer } from './plugins/mailer.ts';
import { memoryRateLimiter, redisRateLimiter, scaledRateLimiter } from './plugins/rate-limit.ts';
import { loadOrCreateSecret } from './secrets.ts';
import { createLifecycle, shutdownOnSignals } from './ops/index.ts';
import { inProcessJobs, redisJobs } from './jobs/index.ts';

/** The periodic work a worker runs and a web instance leaves to it (docs/operations.md, "Roles"). */
const BACKGROUND_WORK =
  'queued jobs (mail, video conversion, account exports), removal of unattached uploads and of expired account exports';

async function main() {
  let config;
  try {
    config = loadConfig();
    const refusal = productionRefusal(config);
    if (refusal) throw new ConfigError(refusal);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const db = createDb(config.database);
  await upgradeDatabase(db);
  // Loaded only with REDIS_URL: ioredis costs a server without Redis some 4-9 MiB (decision 0008 §0012).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false })
    : undefined;
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.dataDir);

  // With Redis, mail goes through BullMQ: retried, dead-lettered, run by ROLE=worker or all.
  const jobs = config.redisUrl ? await redisJobs({ url: config.redisUrl }) : inProcessJobs();

  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    lifecycle,
    db,
    mailer,
    jobs,
    limiter: scaledRateLimiter(
      redis ? redisRateLimiter(redis) : memoryRateLimiter(),
      config.rateLimitMultiplier,
    ),
    events: domainEvents(),
    sessionSecret: loadOrCreateSecret(config.dataDir, config.sessionSecret),
    // Log lines go out asynchronously: while one write is under way the next lines gather and
    // leave together, instead of one blocking write per line (two per request; 9 % of the
    // server's CPU under load, decision 0008 §0012). pino writes what is left on exit.
    logStream: pino.destination({ dest: 1, sync: false }),
  });

  shutdownOnSignals({
    app,
    lifecycle,
    timeoutMs: config.shutdownTimeoutMs,
    async closeRest() {
      await db.destroy();
      redis?.disconnect();
    },
  });

  const where =
    config.database.kind === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  if (!servesHttp(config)) {
    // A worker: the app's background work starts when it is ready; nothing listens. Its
    // timers are unref'd (a server's socket keeps it alive), so this one does until a signal.
    await app.ready();
    setInterval(() => undefined, 2 ** 30);
    console.log(
      `Vitae worker is running (ROLE=worker, no HTTP) · data: ${where} · jobs: ${jobs.describe()} · runs: ${BACKGROUND_WORK}`,
    );
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const outboxNote = describeOutboxAccess(outboxAccess(config), config.publicUrl);
  const roleNote = runsBackgroundWork(config)
    ? ''
    : ` · ROLE=web: ${BACKGROUND_WORK} left to a worker`;
  // ROLE=web with the queue on Redis hands mail to a worker; it sends none itself.
  const mailNote =
    jobs.backend === 'redis' && !runsBackgroundWork(config)
      ? 'a worker (mail queue)'
      : mailer.describe();
  console.log(
    `Vitae is running at ${config.publicUrl} · data: ${where} · mail goes to ${mailNote} · jobs: ${jobs.describe()} · ${outboxNote}${roleNote}`,
  );
}

main().catch((err: unknown) => {
  console.error(`Vitae failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
