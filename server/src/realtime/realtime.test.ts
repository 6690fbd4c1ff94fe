import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieFrom, loginAs, type TestApp } from '../test/build-test-app.ts';
import { notifyUser } from '../notifications/index.ts';
import {
  disconnection,
  nextEvent,
  settle,
  testSocket,
  type TestSocket,
} from '../test/socket-test-client.ts';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];

async function socketFor(opts: Parameters<typeof testSocket>[1] = {}) {
  const s = await testSocket(url, opts);
  open.push(s.socket);
  return s;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  open.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => t.close());

describe('realtime channel', () => {
  it("delivers a user's section change to both of their tabs and never to another user", async () => {
    const a = await loginAs(t, { fullName: 'Ada' });
    const b = await loginAs(t, { fullName: 'Bob' });
    const a1 = await socketFor({ cookie: a.cookie, claim: a.userId });
    const a2 = await socketFor({ cookie: a.cookie, claim: a.userId, transport: 'polling' });
    const b1 = await socketFor({ cookie: b.cookie, claim: b.userId });
    expect([a1.userId, a2.userId, b1.userId]).toEqual([a.userId, a.userId, b.userId]);

    const got = Promise.all([
      nextEvent(a1.socket, 'data-updated'),
      nextEvent(a2.socket, 'data-updated'),
    ]);
    t.events.publish('section.changed', { userId: a.userId, dataType: 'skill' });
    const [e1, e2] = await got;
    expect(e1).toMatchObject({ dataType: 'skill' });
    expect(Date.parse(e1.timestamp)).toBeGreaterThan(Date.now() - 5000);
    expect(e2).toEqual(e1);

    await settle();
    expect(b1.socket.received).toEqual([]);
  });

  it('gives a socket without a session nothing private', async () => {
    const a = await loginAs(t);
    const hr = await loginAs(t, { isHr: true });
    const anon = await socketFor({ claim: a.userId });
    const forgedCookie = await socketFor({ cookie: 'vitae_sid=not-a-session', claim: a.userId });
    expect(anon.userId).toBeNull();
    expect(forgedCookie.userId).toBeNull();
    const hrSocket = await socketFor({ cookie: hr.cookie, claim: hr.userId });

    const hrGot = nextEvent(hrSocket.socket, 'public-cv-list-updated');
    t.events.publish('section.changed', { userId: a.userId, dataType: 'experience' });
    await notifyUser(t, a.userId, { type: 'cv-shared', title: 'Hi', message: 'Private' });
    t.events.publish('public-cv.toggled', { userId: a.userId, isListed: true, fullName: 'Ada' });
    t.events.publish('public-cv.viewed', {
      userId: a.userId,
      hrUserName: 'Hanna',
      viewedAt: new Date().toISOString(),
      viewCount: 1,
    });
    await hrGot;
    await settle();
    expect(anon.socket.received).toEqual([]);
    expect(forgedCookie.socket.received).toEqual([]);
  });

  it('ignores an authenticate that names another user', async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    const forger = await socketFor({ cookie: a.cookie, claim: b.userId });
    expect(forger.userId).toBe(a.userId);
    // Asking again, after the resync window, still cannot switch identity.
    await settle(1100);
    const again = await forger.socket.timeout(3000).emitWithAck('authenticate', b.userId);
    expect(again.userId).toBe(a.userId);
    const anonForger = await socketFor({ claim: b.userId });
    expect(anonForger.userId).toBeNull();

    const bSocket = await socketFor({ cookie: b.cookie, claim: b.userId });
    const bGot = nextEvent(bSocket.socket, 'notification');
    t.events.publish('section.changed', { userId: b.userId, dataType: 'language' });
    await notifyUser(t, b.userId, { type: 'cv-viewed', title: 'Viewed', message: 'for B only' });
    await bGot;
    await settle();
    expect(forger.socket.received).toEqual([]);
    expect(anonForger.socket.received).toEqual([]);
  });

  it('sends listing changes to HR users and the owner, and views to the owner', async () => {
    const owner = await loginAs(t, { fullName: 'Olive Owner' });
    const hr = await loginAs(t, { isHr: true });
    const other = await loginAs(t);
    const ownerSocket = await socketFor({ cookie: owner.cookie, claim: owner.userId });
    const hrSocket = await socketFor({ cookie: hr.cookie, claim: hr.userId });
    const otherSocket = await socketFor({ cookie: other.cookie, claim: other.userId });

    const toggled = nextEvent(ownerSocket.socket, 'public-cv-toggled');
    const listed = nextEvent(hrSocket.socket, 'public-cv-list-updated');
    t.events.publish('public-cv.toggled', {
      userId: owner.userId,
      isListed: false,
      fullName: 'Olive Owner',
    });
    expect(await toggled).toMatchObject({ isListed: false });
    expect(await listed).toMatchObject({ action: 'removed', fullName: 'Olive Owner' });

    const viewed = nextEvent(ownerSocket.socket, 'public-cv-viewed');
    const viewedAt = new Date().toISOString();
    t.events.publish('public-cv.viewed', {
      userId: owner.userId,
      hrUserName: 'Hanna',
      viewedAt,
      viewCount: 4,
    });
    expect(await viewed).toEqual({ hrUserName: 'Hanna', viewedAt, viewCount: 4 });

    const cvViewed = nextEvent(ownerSocket.socket, 'cv-viewed');
    t.events.publish('cv.viewed', {
      userId: owner.userId,
      curriculumVitaeID: 'a'.repeat(24),
      recipientEmail: 'r@example.com',
      recipientName: 'Rita',
      viewedAt,
    });
    expect(await cvViewed).toMatchObject({
      recipientName: 'Rita',
      recipientEmail: 'r@example.com',
    });

    await settle();
    expect(otherSocket.socket.received).toEqual([]);
    expect(hrSocket.socket.received.map((r) => r.event)).toEqual(['public-cv-list-updated']);
  });

  it('pushes a stored notification to its owner', async () => {
    const a = await loginAs(t);
    const s = await socketFor({ cookie: a.cookie, claim: a.userId });
    const got = nextEvent(s.socket, 'notification');
    const stored = await notifyUser(t, a.userId, {
      type: 'cv-viewed',
      title: 'CV Viewed',
      message: 'Rita viewed your CV',
      recipientEmail: 'rita@example.com',
      shareCVId: 'b'.repeat(24),
    });
    expect(await got).toEqual(stored);
    expect(stored).toMatchObject({ isRead: false, recipientEmail: 'rita@example.com' });
  });

  it('does not send an unknown dataType', async () => {
    const a = await loginAs(t);
    const s = await socketFor({ cookie: a.cookie, claim: a.userId });
    t.events.publish('section.changed', { userId: a.userId, dataType: 'not-a-section' });
    await settle();
    expect(s.socket.received).toEqual([]);
  });

  it('refuses a connection from another site', async () => {
    const a = await loginAs(t);
    await expect(
      testSocket(url, { cookie: a.cookie, origin: 'https://evil.example', transport: 'polling' }),
    ).rejects.toThrow();
    const ours = await socketFor({
      cookie: a.cookie,
      origin: 'http://localhost:5000',
      claim: a.userId,
    });
    expect(ours.userId).toBe(a.userId);
  });
});

describe('when a session ends', () => {
  let addr = 0;
  /** Another session of the same user, signed in through the API (loginAs's password). */
  async function signInAgain(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/user/login-web',
      payload: { email, password: 'secret123' },
      remoteAddress: `10.200.0.${++addr}`,
    });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res);
  }

  /** Publishes a private event to each user; resolves once `witness` got its copy. */
  async function privateEventsTo(userIds: string[], witness: TestSocket) {
    const got = nextEvent(witness, 'data-updated');
    for (const userId of userIds)
      t.events.publish('section.changed', { userId, dataType: 'skill' });
    await got;
    await settle();
  }

  it('sign-out closes every socket of that session, and only of that session', async () => {
    const a = await loginAs(t);
    const other = await loginAs(t);
    const aTab1 = await socketFor({ cookie: a.cookie, claim: a.userId });
    const aTab2 = await socketFor({ cookie: a.cookie, claim: a.userId, transport: 'polling' });
    const aPhone = await socketFor({ cookie: await signInAgain(a.email), claim: a.userId });
    const otherSocket = await socketFor({ cookie: other.cookie, claim: other.userId });

    const closed = [disconnection(aTab1.socket), disconnection(aTab2.socket)];
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/user/logout',
      headers: { cookie: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);

    await privateEventsTo([a.userId, other.userId], otherSocket.socket);
    expect(aTab1.socket.received).toEqual([]);
    expect(aTab2.socket.received).toEqual([]);
    // The user's other session (another device) and another user keep their channel.
    expect(aPhone.socket.connected).toBe(true);
    expect(aPhone.socket.received.map((r) => r.event)).toEqual(['data-updated']);
    expect(otherSocket.socket.received.map((r) => r.event)).toEqual(['data-updated']);
  });

  it("a password reset closes every socket of the user's sessions, no one else's", async () => {
    const a = await loginAs(t);
    const other = await loginAs(t);
    const aLaptop = await socketFor({ cookie: a.cookie, claim: a.userId });
    const aPhone = await socketFor({ cookie: await signInAgain(a.email), claim: a.userId });
    const otherSocket = await socketFor({ cookie: other.cookie, claim: other.userId });

    await t.app.inject({ method: 'POST', url: '/auth/user/forgot', payload: { email: a.email } });
    const mail = (await t.outbox()).find((m) => m.to === a.email);
    const token = /\/reset-password\/([^\s"<]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const closed = Promise.all([disconnection(aLaptop.socket), disconnection(aPhone.socket)]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/user/reset',
      payload: { token, password: 'new-secret-1', password2: 'new-secret-1' },
    });
    expect(reset.statusCode).toBe(200);
    await closed;

    await privateEventsTo([a.userId, other.userId], otherSocket.socket);
    expect(aLaptop.socket.received).toEqual([]);
    expect(aPhone.socket.received).toEqual([]);
    expect(otherSocket.socket.connected).toBe(true);
  });

  it('a socket reconnecting with the ended cookie joins no private room', async () => {
    const a = await loginAs(t);
    const s = await socketFor({ cookie: a.cookie, claim: a.userId });
    const closed = disconnection(s.socket);
    await t.app.inject({ method: 'POST', url: '/auth/user/logout', headers: { cookie: a.cookie } });
    await closed;
    const again = await socketFor({ cookie: a.cookie, claim: a.userId });
    expect(again.userId).toBeNull();
  });
});
