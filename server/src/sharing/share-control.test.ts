import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SHARE_MESSAGES,
  SHARES_PAGE_SIZE,
  type SharePage,
  type ShareSummary,
  type ShareView,
  type LatestView,
} from '@vitae/core';
import { Migrator, sql } from 'kysely';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { UNLOCK_COOKIE } from './unlock-grant.ts';
import { createdEntry, png, upload } from '../test/media-test-kit.ts';

/** Issue 14: one share per recipient, the sender's list, revoke, expiry, resend, view trail. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

type Owner = { cookie: string; userId: string; cvId: string };
let ipCounter = 0;
const freshIp = () => `172.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let mailCounter = 0;
const freshEmail = (name: string) => `${name}-${++mailCounter}@acme.example`;

async function owner(fullName = 'Naledi Dlamini'): Promise<Owner> {
  const me = await loginAs(t, { fullName });
  const headers = { cookie: me.cookie };
  await t.app.inject({ method: 'POST', url: '/api/personal-info', headers, payload: { fullName } });
  const cv = await t.app.inject({ method: 'GET', url: '/api/curriculum-vitae', headers });
  return { ...me, cvId: (cv.json() as { _id: string })._id };
}

const share = (o: Owner, emails: string[], over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv',
    headers: { cookie: o.cookie },
    payload: {
      curriculumVitaeID: o.cvId,
      subject: 'CV Application - Naledi Dlamini',
      message: 'Dear Hiring Manager,\n\nPlease consider my CV.',
      recipients: emails.map((email) => ({ email })),
      assignedPhotoUrl: null,
      ...over,
    },
  });

/** The newest mail to `email`: its share id (from the link) and pin. */
async function mailTo(email: string): Promise<{ shareId: string; pin: string; link: string }> {
  // The outbox lists newest first.
  const mail = (await t.outbox()).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /Open it here: (\S+)/.exec(mail.text)?.[1] ?? '';
  const pin = /View pin: (\d{6})/.exec(mail.text)?.[1] ?? '';
  return { shareId: new URL(link).searchParams.get('share') ?? '', pin, link };
}

/** Shares with one new recipient; that recipient's share id and pin. */
async function shareOne(o: Owner, over: Record<string, unknown> = {}) {
  const email = freshEmail('one');
  const res = await share(o, [email], over);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(await mailTo(email)), email, summary: res.json().data as ShareSummary };
}

const unlock = (cvId: string, shareId: string, pin: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv/unlock',
    payload: { cvId, shareId, pin },
    remoteAddress: ip,
  });

const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === UNLOCK_COOKIE);
  if (!c) throw new Error('no unlock cookie');
  return `${UNLOCK_COOKIE}=${c.value}`;
};

/** A recipient's browser that unlocked its share: its unlock cookie and address. */
async function viewer(o: Owner, s: { shareId: string; pin: string }) {
  const ip = freshIp();
  const res = await unlock(o.cvId, s.shareId, s.pin, ip);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieOf(res), ip };
}

type Viewer = { cookie: string; ip: string };
const reload = (v: Viewer, cvId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/curriculum-vitae/view',
    headers: { cookie: v.cookie },
    payload: { id: cvId },
    remoteAddress: v.ip,
  });
const trackView = (v: Viewer, cvId: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv/track-view',
    headers: { cookie: v.cookie, 'user-agent': userAgent },
    payload: { curriculumVitaeID: cvId },
    remoteAddress: v.ip,
  });
const progress = (v: Viewer | null, viewId: string, percent: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv/video-progress',
    headers: v ? { cookie: v.cookie } : {},
    payload: { viewId, percent },
    remoteAddress: v?.ip ?? freshIp(),
  });

const asOwner = (o: { cookie: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: o.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const views = async (o: Owner, shareId: string) =>
  (await asOwner(o, 'GET', `/api/share-cv/${shareId}/views`)).json().data as ShareView[];
const summaryOf = async (o: Owner, shareId: string) => {
  const page = (await asOwner(o, 'GET', '/api/share-cv')).json() as SharePage;
  return page.data.find((s) => s._id === shareId)!;
};

const expectClosed = (res: { statusCode: number; json(): unknown }, reason: string) => {
  expect(res.statusCode).toBe(410);
  expect(res.json()).toEqual({
    error: reason === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired,
    reason,
  });
};

describe('one share per recipient', () => {
  it('gives three recipients three links and pins; each pin opens only its own link', async () => {
    const o = await owner();
    const emails = [freshEmail('a'), freshEmail('b'), freshEmail('c')];
    const res = await share(o, emails);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { success: true; data: ShareSummary; shares: ShareSummary[] };
    expect(body.shares.map((s) => s.recipientEmail)).toEqual(emails);
    expect(body.data).toEqual(body.shares[0]);
    expect(body.shares.map((s) => s.recipients)).toEqual(
      emails.map((email) => [{ email, key: expect.any(String) }]),
    );
    const mails = await Promise.all(emails.map(mailTo));
    expect(new Set(mails.map((m) => m.shareId)).size).toBe(3);
    expect(new Set(mails.map((m) => m.pin)).size).toBe(3);
    expect(mails.map((m) => m.shareId)).toEqual(body.shares.map((s) => s._id));
    for (const [i, m] of mails.entries()) {
      expect(m.link).toBe(`http://localhost:5000/view-shared-cv/${o.cvId}?share=${m.shareId}`);
      for (const [j, other] of mails.entries()) {
        const r = await unlock(o.cvId, m.shareId, other.pin);
        expect(r.statusCode, `${i}/${j}`).toBe(i === j ? 200 : 400);
      }
    }
  });

  it("names the recipient who opened in the owner's notification and event", async () => {
    const o = await owner();
    const emails = [freshEmail('first'), freshEmail('second')];
    await share(o, emails);
    const second = await mailTo(emails[1]!);
    const events: Array<{ recipientEmail: string }> = [];
    const off = t.events.subscribe('cv.viewed', (e) => void events.push(e));
    const res = await trackView(await viewer(o, second), o.cvId);
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, viewId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(events).toEqual([expect.objectContaining({ recipientEmail: emails[1] })]);
    const [n] = (await asOwner(o, 'GET', '/api/notifications')).json().data;
    expect(n).toMatchObject({ recipientEmail: emails[1], shareCVId: second.shareId });
    expect(n.message).toBe(`${emails[1]} viewed your CV.`);
    expect(n.message).not.toContain(emails[0]);
  });
});

describe('expiry at creation', () => {
  it('defaults to 30 days, takes 7/90 or never, and refuses anything else', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T10:00:00.000Z') });
    const o = await owner();
    expect((await shareOne(o)).summary.expiresAt).toBe('2026-12-23T10:00:00.000Z');
    expect((await shareOne(o, { expiresInDays: 7 })).summary.expiresAt).toBe(
      '2026-11-30T10:00:00.000Z',
    );
    const never = await shareOne(o, { expiresInDays: null });
    expect(never.summary.expiresAt).toBeNull();
    const bad = await share(o, [freshEmail('bad')], { expiresInDays: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.expiresInDays).toBeDefined();
    // The recipient's viewer learns when the share stops working.
    const unlocked = await unlock(o.cvId, never.shareId, never.pin);
    expect(unlocked.json().expiresAt).toBeNull();
    const by = await t.app.inject({
      url: `/api/share-cv/by-cv-id/${o.cvId}?share=${never.shareId}`,
    });
    expect(by.json().expiresAt).toBeNull();
  });
});

describe("the sender's list", () => {
  it('pages newest first with status, view count and last view', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-01T09:00:00.000Z') });
    const o = await owner();
    const many = Array.from({ length: 20 }, (_, i) => freshEmail(`page${i}`));
    expect((await share(o, many)).statusCode).toBe(201);
    vi.setSystemTime(Date.parse('2026-11-02T09:00:00.000Z'));
    const newest = await shareOne(o, { expiresInDays: 7 });

    const p1 = (await asOwner(o, 'GET', '/api/share-cv')).json() as SharePage;
    expect(p1).toMatchObject({ total: 21, page: 1, pageSize: SHARES_PAGE_SIZE });
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0]).toMatchObject({
      _id: newest.shareId,
      recipientEmail: newest.email,
      subject: 'CV Application - Naledi Dlamini',
      status: 'sent',
      viewCount: 0,
      lastViewedAt: null,
      revokedAt: null,
      expiresAt: '2026-11-09T09:00:00.000Z',
    });
    expect(JSON.stringify(p1)).not.toMatch(/pin/i);
    const p2 = (await asOwner(o, 'GET', '/api/share-cv?page=2')).json() as SharePage;
    expect(p2.data).toHaveLength(1);
    const ids = [...p1.data, ...p2.data].map((s) => s._id);
    expect(new Set(ids).size).toBe(21);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await asOwner(o, 'GET', `/api/share-cv?page=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }

    // sent → opened (views counted, last one shown) → expired → revoked.
    const v = await viewer(o, newest);
    vi.setSystemTime(Date.parse('2026-11-02T10:00:00.000Z'));
    await trackView(v, o.cvId);
    vi.setSystemTime(Date.parse('2026-11-02T11:00:00.000Z'));
    await trackView(v, o.cvId);
    expect(await summaryOf(o, newest.shareId)).toMatchObject({
      status: 'opened',
      viewCount: 2,
      lastViewedAt: '2026-11-02T11:00:00.000Z',
    });
    vi.setSystemTime(Date.parse('2026-11-09T09:00:00.000Z'));
    expect((await summaryOf(o, newest.shareId)).status).toBe('expired');
    await asOwner(o, 'POST', `/api/share-cv/${newest.shareId}/revoke`);
    expect(await summaryOf(o, newest.shareId)).toMatchObject({
      status: 'revoked',
      revokedAt: '2026-11-09T09:00:00.000Z',
      viewCount: 2,
    });
  });

  it("another user cannot list, revoke, change, resend or read the views of one's share", async () => {
    const o = await owner();
    const s = await shareOne(o);
    const other = await owner('Someone Else');
    const theirList = (await asOwner(other, 'GET', '/api/share-cv')).json() as SharePage;
    expect(theirList).toMatchObject({ total: 0, data: [] });
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `/api/share-cv/${s.shareId}/revoke`],
      ['PATCH', `/api/share-cv/${s.shareId}/expiry`, { expiresInDays: 90 }],
      ['POST', `/api/share-cv/${s.shareId}/resend`],
      ['GET', `/api/share-cv/${s.shareId}/views`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await asOwner(other, method, url, payload)).statusCode, url).toBe(404);
      expect((await asOwner({ cookie: '' }, method, url, payload)).statusCode, url).toBe(401);
    }
    // Nothing changed: the pin still opens, no second mail went out.
    expect((await unlock(o.cvId, s.shareId, s.pin)).statusCode).toBe(200);
    expect((await t.outbox()).filter((m) => m.to === s.email)).toHaveLength(1);
    expect((await summaryOf(o, s.shareId)).expiresAt).toBe(s.summary.expiresAt);
  });
});

describe('revoke', () => {
  it('closes the link, the pin and every unlocked browser of that share at once', async () => {
    const o = await owner();
    const s = await shareOne(o);
    const sibling = await shareOne(o);
    const v = await viewer(o, s);
    const viewId = (await trackView(v, o.cvId)).json().viewId as string;

    const revoked = await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ _id: s.shareId, status: 'revoked' });
    const again = await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/revoke`);
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);

    expectClosed(
      await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}?share=${s.shareId}` }),
      'revoked',
    );
    expectClosed(await unlock(o.cvId, s.shareId, s.pin), 'revoked');
    expectClosed(await reload(v, o.cvId), 'revoked');
    expectClosed(await trackView(v, o.cvId), 'revoked');
    expectClosed(await progress(v, viewId, 50), 'revoked');
    // The owner cannot change or resend it; the sibling share is untouched.
    for (const [method, url, payload] of [
      ['PATCH', `/api/share-cv/${s.shareId}/expiry`, { expiresInDays: 90 }],
      ['POST', `/api/share-cv/${s.shareId}/resend`],
    ] as const) {
      const res = await asOwner(o, method, url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(SHARE_MESSAGES.shareClosed);
    }
    expect((await unlock(o.cvId, sibling.shareId, sibling.pin)).statusCode).toBe(200);
    // Closed-link answers count no pin failures: the lockout never engages.
    for (let i = 0; i < 12; i++) {
      expect((await unlock(o.cvId, s.shareId, '000000', v.ip)).statusCode).toBe(410);
    }
  });
});

describe('media URLs of a share', () => {
  /** A share that includes the owner's assigned photo; the URL its recipient is given. */
  async function photoShare(o: Owner) {
    const file = await upload(
      t,
      o.cookie,
      'image',
      { data: await png(), filename: 'p.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    const photo = await createdEntry(t, o.cookie, '/api/photo', {
      title: 'Portrait',
      photoUrl: file.json().url,
      publicId: file.json().public_id,
    });
    const s = await shareOne(o, { assignedPhotoUrl: photo.photoUrl });
    const res = await unlock(o.cvId, s.shareId, s.pin);
    const url = res.json().data.assignedPhotoUrl as string;
    expect(url).toContain(`share=${s.shareId}.`);
    return { s, url };
  }
  const fetchMedia = (url: string) => t.app.inject({ url });

  it('work while the share is open and stop the moment it is revoked', async () => {
    const o = await owner();
    const { s, url } = await photoShare(o);
    const sibling = await photoShare(o);
    expect((await fetchMedia(url)).statusCode).toBe(200);
    // The share part is signed: dropping or swapping it voids the URL.
    expect((await fetchMedia(url.replace(/&share=[^&]+/, ''))).statusCode).toBe(404);
    expect((await fetchMedia(url.replace(s.shareId, sibling.s.shareId))).statusCode).toBe(404);
    expect((await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/revoke`)).statusCode).toBe(200);
    expect((await fetchMedia(url)).statusCode).toBe(404);
    expect((await fetchMedia(sibling.url)).statusCode).toBe(200);
  });

  it('stop when the share expires, and when a new pin is sent', async () => {
    const o = await owner();
    const { s, url } = await photoShare(o);
    expect((await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/resend`)).statusCode).toBe(200);
    expect((await fetchMedia(url)).statusCode).toBe(404);
    const fresh = await unlock(o.cvId, s.shareId, (await mailTo(s.email)).pin);
    const freshUrl = fresh.json().data.assignedPhotoUrl as string;
    expect((await fetchMedia(freshUrl)).statusCode).toBe(200);
    await t.db
      .updateTable('cv_shares')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', s.shareId)
      .execute();
    expect((await fetchMedia(freshUrl)).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('closes the share when due, and extending it reopens it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T10:00:00.000Z') });
    const o = await owner();
    const s = await shareOne(o, { expiresInDays: 7 });
    // Unlocked an hour before the share expires (a grant lasts 12 hours).
    vi.setSystemTime(Date.parse('2026-11-30T09:00:00.000Z'));
    const v = await viewer(o, s);
    expect((await reload(v, o.cvId)).json().expiresAt).toBe('2026-11-30T10:00:00.000Z');
    const viewId = (await trackView(v, o.cvId)).json().viewId as string;
    vi.setSystemTime(Date.parse('2026-11-30T09:59:59.000Z'));
    expect((await reload(v, o.cvId)).statusCode).toBe(200);
    vi.setSystemTime(Date.parse('2026-11-30T10:00:00.000Z'));
    expectClosed(
      await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}?share=${s.shareId}` }),
      'expired',
    );
    expectClosed(await unlock(o.cvId, s.shareId, s.pin), 'expired');
    expectClosed(await reload(v, o.cvId), 'expired');
    expectClosed(await trackView(v, o.cvId), 'expired');
    expectClosed(await progress(v, viewId, 10), 'expired');
    const resend = await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/resend`);
    expect(resend.statusCode).toBe(409);

    const changed = await asOwner(o, 'PATCH', `/api/share-cv/${s.shareId}/expiry`, {
      expiresInDays: 90,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'opened',
      expiresAt: '2027-02-28T10:00:00.000Z',
    });
    expect((await reload(v, o.cvId)).statusCode).toBe(200);
    expect((await unlock(o.cvId, s.shareId, s.pin)).statusCode).toBe(200);
    const never = await asOwner(o, 'PATCH', `/api/share-cv/${s.shareId}/expiry`, {
      expiresInDays: null,
    });
    expect(never.json().expiresAt).toBeNull();
    const bad = await asOwner(o, 'PATCH', `/api/share-cv/${s.shareId}/expiry`, {
      expiresInDays: 5,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('resend', () => {
  it('mails a new pin on the same link; the old pin and unlocked browsers stop working', async () => {
    const o = await owner();
    const s = await shareOne(o);
    const v = await viewer(o, s);
    const viewId = (await trackView(v, o.cvId)).json().viewId as string;
    const res = await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: s.shareId, status: 'opened' });
    const fresh = await mailTo(s.email);
    expect(fresh.link).toBe(s.link);
    expect(fresh.pin).not.toBe(s.pin);

    const old = await unlock(o.cvId, s.shareId, s.pin);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe(SHARE_MESSAGES.pinInvalid);
    for (const r of [
      await reload(v, o.cvId),
      await trackView(v, o.cvId),
      await progress(v, viewId, 5),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe(SHARE_MESSAGES.notUnlocked);
    }
    const again = await viewer(o, fresh);
    expect((await reload(again, o.cvId)).statusCode).toBe(200);
  });
});

describe('resend under parallel requests, and links naming no share', () => {
  it('two parallel resends mail one new pin, and that pin works', async () => {
    const o = await owner();
    const s = await shareOne(o);
    const url = `/api/share-cv/${s.shareId}/resend`;
    const generation = async () =>
      Number(
        (
          await t.db
            .selectFrom('cv_shares')
            .select('pin_generation')
            .where('id', '=', s.shareId)
            .executeTakeFirstOrThrow()
        ).pin_generation,
      );
    const before = await generation();
    const [a, b] = await Promise.all([asOwner(o, 'POST', url), asOwner(o, 'POST', url)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // One mail per pin that took effect: resends that overlap make one; one that reads the
    // share after the other's new pin is a resend of its own (both are right).
    const resends = (await generation()) - before;
    expect(resends === 1 || resends === 2).toBe(true);
    expect((await t.outbox()).filter((m) => m.to === s.email)).toHaveLength(1 + resends);
    const fresh = await mailTo(s.email);
    expect((await unlock(o.cvId, s.shareId, fresh.pin)).statusCode).toBe(200);
  });

  it('a CV-id link (sent before links named their share) of a revoked share answers 410', async () => {
    const o = await owner();
    const s = await shareOne(o);
    // As migration 023 marks the shares of that time.
    await t.db
      .updateTable('cv_shares')
      .set({ opens_by_cv_id: 1 })
      .where('id', '=', s.shareId)
      .execute();
    await asOwner(o, 'POST', `/api/share-cv/${s.shareId}/revoke`);
    expectClosed(await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}` }), 'revoked');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/unlock',
      payload: { cvId: o.cvId, pin: s.pin },
      remoteAddress: freshIp(),
    });
    expectClosed(res, 'revoked');
    expect(res.cookies.find((c) => c.name === UNLOCK_COOKIE)).toBeUndefined();
  });
});

describe('view trail', () => {
  it('records one view per track-view call, with the device kind from the user agent', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T10:00:00.000Z') });
    const o = await owner();
    const s = await shareOne(o);
    const v = await viewer(o, s);
    const agents: Array<[string, string]> = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36', 'desktop'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148', 'phone'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36', 'phone'],
      ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148', 'tablet'],
      ['Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/131.0 Safari/537.36', 'tablet'],
      ['curl/8.5.0', 'other'],
    ];
    for (const [i, [ua]] of agents.entries()) {
      vi.setSystemTime(Date.parse('2026-11-23T10:00:00.000Z') + (i + 1) * 1000);
      expect((await trackView(v, o.cvId, ua)).statusCode).toBe(200);
    }
    const trail = await views(o, s.shareId);
    expect(trail.map((x) => x.deviceKind)).toEqual(agents.map(([, kind]) => kind).reverse());
    expect(trail[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      viewedAt: '2026-11-23T10:00:06.000Z',
      deviceKind: 'other',
      videoPercent: 0,
    });
    // A browser that never unlocked records nothing.
    const stranger = await trackView({ cookie: '', ip: freshIp() }, o.cvId);
    expect(stranger.statusCode).toBe(403);
    expect(await views(o, s.shareId)).toHaveLength(agents.length);
  });

  it("takes video progress only from that share's unlocked browser, clamped and only rising", async () => {
    const o = await owner();
    const s = await shareOne(o);
    const sibling = await shareOne(o);
    const v = await viewer(o, s);
    const viewId = (await trackView(v, o.cvId)).json().viewId as string;
    const percent = async () => (await views(o, s.shareId))[0]!.videoPercent;

    expect((await progress(v, viewId, 33.6)).statusCode).toBe(204);
    expect(await percent()).toBe(34);
    expect((await progress(v, viewId, 20)).statusCode).toBe(204);
    expect(await percent()).toBe(34);
    await progress(v, viewId, -5);
    expect(await percent()).toBe(34);
    await progress(v, viewId, 250);
    expect(await percent()).toBe(100);

    // Another share's browser (same CV), no browser, or an unknown view: refused.
    const otherViewer = await viewer(o, sibling);
    const view2 = (await trackView(v, o.cvId)).json().viewId as string;
    for (const res of [
      await progress(otherViewer, view2, 80),
      await progress(null, view2, 80),
      await progress(v, '0'.repeat(24), 80),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(SHARE_MESSAGES.notUnlocked);
    }
    expect((await views(o, s.shareId))[0]).toMatchObject({ _id: view2, videoPercent: 0 });
    expect((await progress(v, 'nope', 10)).statusCode).toBe(400);
  });
});

describe('migration 012', () => {
  it('gives existing shares their first recipient, no expiry and pin generation 0', async () => {
    const t2 = await buildTestApp();
    try {
      const me = await loginAs(t2);
      const migrator = new Migrator({ db: t2.db, provider: migrationProvider });
      const down = await migrator.migrateTo('011-employment-location');
      expect(down.results?.map((r) => r.migrationName)).toContain('012-share-control');
      const recipients = JSON.stringify([
        { email: 'first@old.example', key: 'a' },
        { email: 'second@old.example', key: 'b' },
      ]);
      await sql`insert into cv_shares (id, cv_id, user_id, subject, message, recipients,
        template, include_photo, pin_hash, created_at)
        values (${'a'.repeat(24)}, ${'b'.repeat(24)}, ${me.userId}, 'S', 'M', ${recipients},
        'template01', 0, 'x', '2026-01-01T00:00:00.000Z')`.execute(t2.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const row = await t2.db
        .selectFrom('cv_shares')
        .selectAll()
        .where('id', '=', 'a'.repeat(24))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        recipient_email: 'first@old.example',
        recipients,
        expires_at: null,
        revoked_at: null,
        pin_generation: 0,
        // Made before 012 ran, so it may have been mailed with a link naming only the CV (023).
        opens_by_cv_id: 1,
      });
      const list = (await asOwnerOf(t2, me.cookie)).json() as SharePage;
      expect(list.data[0]).toMatchObject({ status: 'sent', recipientEmail: 'first@old.example' });
    } finally {
      await t2.close();
    }
  });
});

const asOwnerOf = (app: TestApp, cookie: string) =>
  app.app.inject({ url: '/api/share-cv', headers: { cookie } });

describe('latest views across everything', () => {
  const latest = async (o: { cookie: string }) => {
    const res = await asOwner(o, 'GET', '/api/views/latest');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: LatestView[] }).data;
  };

  it("lists the owner's share views with their recipient, newest first, at most 10", async () => {
    const start = Date.parse('2026-11-23T11:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const o = await owner();
    const first = await shareOne(o);
    const second = await shareOne(o);
    const v1 = await viewer(o, first);
    const v2 = await viewer(o, second);
    for (let i = 1; i <= 11; i++) {
      vi.setSystemTime(start + i * 1000);
      const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148';
      expect((await trackView(i === 11 ? v2 : v1, o.cvId, ua)).statusCode).toBe(200);
    }
    const list = await latest(o);
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      viewedAt: '2026-11-23T11:00:11.000Z',
      source: 'share',
      who: second.email,
      deviceKind: 'phone',
      videoPercent: 0,
    });
    expect(list.slice(1).every((x) => x.who === first.email)).toBe(true);
    const times = list.map((x) => x.viewedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.at(-1)).toBe('2026-11-23T11:00:02.000Z');
  });

  it("merges HR views of the owner's public listing with share views, newest first", async () => {
    const start = Date.parse('2026-11-23T12:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const o = await owner();
    const s = await shareOne(o);
    const v = await viewer(o, s);
    expect((await asOwner(o, 'POST', '/api/public-cv/toggle')).statusCode).toBe(200);
    const hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true });
    const saved = await asOwner(hr, 'POST', `/api/public-cv/save/${o.cvId}`);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    vi.setSystemTime(start + 1000);
    expect((await trackView(v, o.cvId)).statusCode).toBe(200);
    vi.setSystemTime(start + 2000);
    const savedId = (saved.json() as { data: { _id: string } }).data._id;
    expect((await asOwner(hr, 'POST', `/hr/saved-cv/${savedId}/views`)).statusCode).toBe(200);

    const list = await latest(o);
    expect(list.map((x) => [x.source, x.who, x.viewedAt])).toEqual([
      ['hr', 'Rita Recruiter', '2026-11-23T12:00:02.000Z'],
      ['share', s.email, '2026-11-23T12:00:01.000Z'],
    ]);
    // HR views carry the device kind and video percentage too (migration 017).
    expect(list[0]).toMatchObject({ deviceKind: 'other', videoPercent: 0 });
  });

  it('shows the video figure the share trail shows: one stored percentage per view', async () => {
    const o = await owner();
    const s = await shareOne(o);
    const v = await viewer(o, s);
    const tracked = await trackView(v, o.cvId);
    const { viewId } = tracked.json() as { viewId: string };
    expect((await progress(v, viewId, 82)).statusCode).toBe(204);

    const trail = await asOwner(o, 'GET', `/api/share-cv/${s.shareId}/views`);
    expect((trail.json() as { data: { videoPercent: number }[] }).data[0]?.videoPercent).toBe(82);
    expect((await latest(o))[0]).toMatchObject({ _id: viewId, videoPercent: 82 });
  });

  it("never shows another user's views, and needs a session", async () => {
    const o = await owner();
    const s = await shareOne(o);
    expect((await trackView(await viewer(o, s), o.cvId)).statusCode).toBe(200);
    const other = await owner('Thabo Mokoena');
    expect(await latest(other)).toEqual([]);
    expect((await latest(o)).map((x) => x.who)).toEqual([s.email]);
    const anon = await t.app.inject({ method: 'GET', url: '/api/views/latest' });
    expect(anon.statusCode).toBe(401);
  });
});
