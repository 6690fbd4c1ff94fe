import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/create-db.ts';
import type { Db } from '../db/database.ts';
import { domainEvents, type DomainEvents } from '../plugins/domain-events.ts';
import { outboxMailer } from '../plugins/mailer.ts';
import { memoryRateLimiter } from '../plugins/rate-limit.ts';
import { buildTestApp, loginAs, testDbKind, type TestApp } from '../test/build-test-app.ts';
import { notifyUser } from '../notifications/index.ts';
import {
  disconnection,
  nextEvent,
  settle,
  testSocket,
  type TestSocket,
} from '../test/socket-test-client.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const multiInstance = testDbKind === 'postgres';
if (!multiInstance) {
  console.info(
    'realtime across instances: skipped, it needs PostgreSQL and Redis (run with TEST_DB=postgres; CI does)',
  );
}

interface Instance {
  app: FastifyInstance;
  db: Db;
  events: DomainEvents;
  url: string;
}

/** One more app process-equivalent: its own pool, event bus and Socket.IO server, same database. */
async function startInstance(t: TestApp): Promise<Instance> {
  const db = createDb(t.config.database);
  const events = domainEvents();
  const app = await buildApp({
    config: { ...t.config, redisUrl: REDIS_URL },
    db,
    mailer: outboxMailer(t.dataDir),
    limiter: memoryRateLimiter(),
    events,
    sessionSecret: t.sessionSecret,
    webDist: path.join(t.dataDir, 'no-web'),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, db, events, url: `http://127.0.0.1:${port}` };
}

describe.skipIf(!multiInstance)('an instance on Redis stopped as it starts', () => {
  it('closes its connections without leaving a failed Redis command unhandled', async () => {
    const t = await buildTestApp();
    const unhandled: unknown[] = [];
    const keep = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', keep);
    try {
      for (let i = 0; i < 3; i++) {
        const one = await startInstance(t);
        await one.app.close();
        await one.db.destroy();
      }
      // Rejections are reported once the current turn's promises have settled.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', keep);
      await t.close();
    }
  });
});

describe.skipIf(!multiInstance)('realtime across instances (PostgreSQL + Redis)', () => {
  let t: TestApp;
  const instances: Instance[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    instances.push(await startInstance(t), await startInstance(t));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const i of instances) {
      await i.app.close();
      await i.db.destroy();
    }
    await t.close();
  });

  it('a change made through instance 1 reaches a socket connected to instance 2', async () => {
    const [one, two] = instances as [Instance, Instance];
    const a = await loginAs(t, { fullName: 'Ada' });
    const b = await loginAs(t, { fullName: 'Bob' });
    const hr = await loginAs(t, { isHr: true });
    const onTwo = await testSocket(two.url, { cookie: a.cookie, claim: a.userId });
    const onOne = await testSocket(one.url, { cookie: a.cookie, claim: a.userId });
    const bOnTwo = await testSocket(two.url, { cookie: b.cookie, claim: b.userId });
    const hrOnTwo = await testSocket(two.url, { cookie: hr.cookie, claim: hr.userId });
    sockets.push(onTwo.socket, onOne.socket, bOnTwo.socket, hrOnTwo.socket);
    expect(onTwo.userId).toBe(a.userId);
    // The Redis subscription of a fresh adapter settles asynchronously.
    await settle(300);

    const both = Promise.all([
      nextEvent(onTwo.socket, 'data-updated'),
      nextEvent(onOne.socket, 'data-updated'),
    ]);
    one.events.publish('section.changed', { userId: a.userId, dataType: 'reference' });
    const [fromTwo, fromOne] = await both;
    expect(fromTwo).toMatchObject({ dataType: 'reference' });
    expect(fromOne).toEqual(fromTwo);

    // A notification stored through instance 1 (shared database) is pushed by way of Redis.
    const pushed = nextEvent(onTwo.socket, 'notification');
    const stored = await notifyUser(one, a.userId, {
      type: 'cv-viewed',
      title: 'CV Viewed',
      message: 'Seen on another instance',
    });
    expect(await pushed).toEqual(stored);
    const listed = await two.app.inject({
      url: '/api/notifications',
      headers: { cookie: a.cookie },
    });
    expect(listed.json().data[0]).toEqual(stored);

    const hrGot = nextEvent(hrOnTwo.socket, 'public-cv-list-updated');
    one.events.publish('public-cv.toggled', { userId: a.userId, isListed: true, fullName: 'Ada' });
    expect(await hrGot).toMatchObject({ action: 'added', fullName: 'Ada' });

    await settle();
    expect(bOnTwo.socket.received).toEqual([]);
  });

  it("signing out through instance 1 closes the session's socket on instance 2", async () => {
    const [one, two] = instances as [Instance, Instance];
    const a = await loginAs(t);
    const b = await loginAs(t);
    const aOnTwo = await testSocket(two.url, { cookie: a.cookie, claim: a.userId });
    const bOnTwo = await testSocket(two.url, { cookie: b.cookie, claim: b.userId });
    sockets.push(aOnTwo.socket, bOnTwo.socket);
    await settle(300);

    const closed = disconnection(aOnTwo.socket);
    const out = await one.app.inject({
      method: 'POST',
      url: '/auth/user/logout',
      headers: { cookie: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bOnTwo.socket.connected).toBe(true);
  });
});
