import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/create-db.ts';
import type { Db } from '../db/database.ts';
import { redisJobs } from '../jobs/index.ts';
import type { Jobs } from '../plugins/jobs.ts';
import { domainEvents } from '../plugins/domain-events.ts';
import { outboxMailer } from '../plugins/mailer.ts';
import { memoryRateLimiter } from '../plugins/rate-limit.ts';
import type { Role } from '../config.ts';
import { buildTestApp, loginAs, testDbKind, type TestApp } from '../test/build-test-app.ts';
import { jobQueueRedis, queuePrefixes } from '../test/job-queue-kit.ts';
import { nextEvent, testSocket, type TestSocket } from '../test/socket-test-client.ts';

/*
 * Issue 33: an account export asked of one web instance is built by a worker process and the
 * user hears of it on a socket connected to another web instance, which serves the file. The
 * instances share one PostgreSQL database, the media folder and Redis, as a cluster does.
 */
const REDIS_URL = jobQueueRedis('account exports on the job queue');
const freshPrefix = queuePrefixes(REDIS_URL);
const shared = testDbKind === 'postgres' && REDIS_URL !== undefined;
if (!shared && REDIS_URL) {
  console.info('account exports on the job queue: skipped, it needs PostgreSQL (TEST_DB=postgres)');
}

interface Instance {
  app: FastifyInstance;
  db: Db;
  url: string;
}

describe.skipIf(!shared)('account exports on the job queue (PostgreSQL + Redis)', () => {
  let t: TestApp;
  const instances: Instance[] = [];
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const i of instances) {
      await i.app.close();
      await i.db.destroy();
    }
    await t?.close();
  });

  async function start(role: Role, jobs: Jobs): Promise<Instance> {
    const db = createDb(t.config.database);
    const app = await buildApp({
      config: { ...t.config, role, redisUrl: REDIS_URL },
      db,
      jobs,
      mailer: outboxMailer(t.dataDir),
      limiter: memoryRateLimiter(),
      events: domainEvents(),
      sessionSecret: t.sessionSecret,
      webDist: path.join(t.dataDir, 'no-web'),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const instance = {
      app,
      db,
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    };
    instances.push(instance);
    return instance;
  }

  it('is built by a worker, and its notification and file reach the user on another instance', async () => {
    t = await buildTestApp();
    const prefix = freshPrefix();
    const jobs = () => redisJobs({ url: REDIS_URL!, prefix });
    const webJobs = await jobs();
    const [one, two] = [await start('web', webJobs), await start('web', await jobs())];
    const user = await loginAs(t, { fullName: 'Queue Exporter' });
    const onTwo = await testSocket(two.url, { cookie: user.cookie, claim: user.userId });
    sockets.push(onTwo.socket);

    const asked = await one.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: { cookie: user.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    // No worker yet: the job waits in the queue; neither web instance builds it.
    const kind = webJobs.define<{ exportId: string }>({
      name: 'account-export',
      attempts: 1,
      backoffMs: 1,
      concurrency: 1,
      label: () => '',
      run: () => Promise.reject(new Error('only counting')),
    });
    expect(await kind.waiting()).toBe(1);

    const told = nextEvent(onTwo.socket, 'notification', 30_000);
    await start('worker', await jobs());
    expect(await told).toMatchObject({ type: 'account-export' });
    const status = await two.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: user.cookie },
    });
    expect(status.json()).toMatchObject({ export: { status: 'ready', progress: 100 } });
    const file = await two.app.inject({
      method: 'GET',
      url: '/api/account/export/download',
      headers: { cookie: user.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  }, 60_000);
});
