import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, type UnlockedCv } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { logCapture } from '../test/auth-test-helpers.ts';
import { UNLOCK_COOKIE } from './unlock-grant.ts';
import { expiryLine } from './share-email.ts';
import { outboxMailer, type Mailer } from '../plugins/mailer.ts';

const logs = logCapture();
let t: TestApp;
/** The outbox, except that mail to a `bounce@` address is refused, as a relay may. */
let outbox: Mailer | undefined;
const bouncingMailer: Mailer = {
  send: (mail) =>
    mail.to.startsWith('bounce@')
      ? Promise.reject(new Error('550 mailbox unavailable'))
      : outbox!.send(mail),
  describe: () => 'outbox, bouncing bounce@',
};
beforeAll(async () => {
  t = await buildTestApp({ logStream: logs, mailer: bouncingMailer });
  outbox = outboxMailer(t.dataDir);
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

type Owner = { cookie: string; userId: string; cvId: string };
let ipCounter = 0;
const freshIp = () => `172.16.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function owner(fullName = 'Naledi Dlamini'): Promise<Owner> {
  const me = await loginAs(t, { fullName });
  const headers = { cookie: me.cookie };
  await t.app.inject({
    method: 'POST',
    url: '/api/personal-info',
    headers,
    payload: { fullName },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/personal-summary',
    headers,
    payload: { content: 'Seasoned analyst with a decade of delivery.' },
  });
  const cv = await t.app.inject({ method: 'GET', url: '/api/curriculum-vitae', headers });
  return { ...me, cvId: (cv.json() as { _id: string })._id };
}

const payload = (cvId: string, over: Record<string, unknown> = {}) => ({
  curriculumVitaeID: cvId,
  subject: 'CV Application - Naledi Dlamini',
  message: 'Dear Hiring Manager,\n\nPlease consider my CV.\n\nNaledi Dlamini',
  recipients: [
    { email: 'hr@acme.example', key: 'a' },
    { email: 'boss@globex.example', key: 'b' },
  ],
  assignedPhotoUrl: null,
  CVTemplate: 'template05',
  ...over,
});

const share = (o: Owner, over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv',
    headers: { cookie: o.cookie },
    payload: payload(o.cvId, over),
  });

async function pinFor(email: string): Promise<{ pin: string; text: string; html: string }> {
  const mail = (await t.outbox()).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const pin = /View pin: (\d{6})/.exec(mail.text)?.[1];
  if (!pin) throw new Error('no pin in mail');
  return { pin, text: mail.text, html: mail.html };
}

/** Unlock by CV id alone, as links sent before links named their share do. */
const unlock = (cvId: string, pin: string, ip = '10.200.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv/unlock',
    payload: { cvId, pin },
    remoteAddress: ip,
  });

/**
 * Makes the CV's shares as those mailed before links named their share (migration 023 marks
 * them): only such shares open by CV id alone.
 */
const mailedBeforeShareLinks = (cvId: string) =>
  t.db.updateTable('cv_shares').set({ opens_by_cv_id: 1 }).where('cv_id', '=', cvId).execute();

/** Unlock through a share's own link, as the viewer does with `?share=`. */
const unlockShare = (cvId: string, shareId: string, pin: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/share-cv/unlock',
    payload: { cvId, shareId, pin },
    remoteAddress: ip,
  });

/** Shares the CV with one recipient: the share id and pin as the recipient's mail has them. */
async function shareWith(o: Owner, email: string): Promise<{ id: string; pin: string }> {
  const res = await share(o, { recipients: [{ email }] });
  expect(res.statusCode).toBe(201);
  const mail = await pinFor(email);
  const link = new URL(/Open it here: (\S+)/.exec(mail.text)?.[1] ?? 'http://x/');
  expect(link.pathname).toBe(`/view-shared-cv/${o.cvId}`);
  const id = link.searchParams.get('share') ?? '';
  expect(id).toBe(res.json().data._id);
  return { id, pin: mail.pin };
}

const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

const unlockCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === UNLOCK_COOKIE);
  if (!c) throw new Error('no unlock cookie');
  return `${UNLOCK_COOKIE}=${c.value}`;
};

describe('POST /api/share-cv validation', () => {
  let o: Owner;
  beforeAll(async () => {
    o = await owner();
  });

  it.each([
    ['subject', { subject: '' }, SHARE_MESSAGES.subjectRequired],
    ['subject', { subject: 'x'.repeat(101) }, 'Subject must be 100 characters or less'],
    ['message', { message: '   ' }, SHARE_MESSAGES.messageRequired],
    ['message', { message: 'x'.repeat(1001) }, 'Message must be 1000 characters or less'],
    ['recipients', { recipients: [] }, SHARE_MESSAGES.recipientsRequired],
    [
      'recipients',
      { recipients: [{ email: 'not an@email', key: 'k' }] },
      SHARE_MESSAGES.emailInvalid,
    ],
    ['recipients', { recipients: [{ email: 'a,b@evil.example' }] }, SHARE_MESSAGES.emailInvalid],
    [
      'recipients',
      { recipients: [{ email: 'a@b.co' }, { email: 'A@b.co' }] },
      SHARE_MESSAGES.emailDuplicate,
    ],
    [
      'recipients',
      { recipients: Array.from({ length: 21 }, (_, i) => ({ email: `r${i}@x.example` })) },
      SHARE_MESSAGES.recipientsTooMany,
    ],
  ])('%s %j → %s', async (field, over, message) => {
    const res = await share(o, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('needs a session and the CV to be yours', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv',
      payload: payload(o.cvId),
    });
    expect(anon.statusCode).toBe(401);
    const other = await owner('Someone Else');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv',
      headers: { cookie: other.cookie },
      payload: payload(o.cvId),
    });
    expect(res.statusCode).toBe(404);
    expect(await t.outbox()).toHaveLength(0);
  });
});

describe('sharing and unlocking', () => {
  let o: Owner;
  let pin: string;
  let shareId: string;
  let created: { expiresAt: string | null };
  beforeAll(async () => {
    o = await owner();
    const res = await share(o);
    expect(res.statusCode).toBe(201);
    shareId = res.json().data._id;
    created = res.json().data;
    pin = (await pinFor('hr@acme.example')).pin;
    await mailedBeforeShareLinks(o.cvId);
  });

  it('mails each recipient once with their own absolute link and pin', async () => {
    const mails = (await t.outbox()).filter((m) =>
      ['hr@acme.example', 'boss@globex.example'].includes(m.to),
    );
    expect(mails).toHaveLength(2);
    // One share per recipient: each link names its own share, checked against it alone.
    const links = mails.map((m) => /Open it here: (\S+)/.exec(m.text)?.[1]);
    expect(links[mails.findIndex((m) => m.to === 'hr@acme.example')]).toBe(
      `http://localhost:5000/view-shared-cv/${o.cvId}?share=${shareId}`,
    );
    expect(new Set(links).size).toBe(2);
    for (const [i, m] of mails.entries()) {
      expect(m.subject).toBe('CV Application - Naledi Dlamini');
      expect(m.text).toContain('Please consider my CV.');
      // The recipient learns how long the link works (30 days by default).
      expect(m.text).toContain(expiryLine(created.expiresAt));
      expect(m.text).toMatch(/The link works until \d{1,2} \w{3} \d{4}\./);
      expect(m.html).toContain(links[i]);
      expect(m.html).toContain((await pinFor(m.to)).pin);
    }
  });

  it('the owner reads the share without its pin; another user cannot', async () => {
    const mine = await t.app.inject({
      url: `/api/share-cv/${shareId}`,
      headers: { cookie: o.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      _id: shareId,
      curriculumVitaeID: o.cvId,
      CVTemplate: 'template05',
      recipients: [{ email: 'hr@acme.example' }],
    });
    expect(mine.body).not.toContain(pin);
    expect(mine.body).not.toMatch(/pin/i);
    const other = await owner('Other Person');
    const theirs = await t.app.inject({
      url: `/api/share-cv/${shareId}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const anon = await t.app.inject({ url: `/api/share-cv/${shareId}` });
    expect(anon.statusCode).toBe(401);
  });

  it('by-cv-id says only that the CV exists and whose it is', async () => {
    const res = await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      exists: true,
      curriculumVitaeID: o.cvId,
      fullName: 'Naledi Dlamini',
    });
    expect(res.body).not.toContain(pin);
    expect(res.body).not.toContain('Seasoned analyst');
    const missing = await t.app.inject({ url: `/api/share-cv/by-cv-id/${'0'.repeat(24)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(SHARE_MESSAGES.cvNotFound);
  });

  it("by-cv-id with ?share= confirms that share is this CV's, and nothing more", async () => {
    const own = await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}?share=${shareId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      exists: true,
      curriculumVitaeID: o.cvId,
      fullName: 'Naledi Dlamini',
      expiresAt: expect.stringMatching(/^\d{4}-/),
    });
    const other = await owner('Share Elsewhere');
    const foreign = (await shareWith(other, 'foreign@acme.example')).id;
    for (const bad of [foreign, '0'.repeat(24), 'not-an-id', '']) {
      const res = await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}?share=${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error).toBe(SHARE_MESSAGES.cvNotFound);
    }
  });

  it("a share's link unlocks with that share's pin alone", async () => {
    const me = await owner();
    const first = await shareWith(me, 'first@acme.example');
    const second = await shareWith(me, 'second@acme.example');
    expect((await unlockShare(me.cvId, first.id, first.pin, freshIp())).statusCode).toBe(200);
    expect((await unlockShare(me.cvId, second.id, second.pin, freshIp())).statusCode).toBe(200);
    // Another share's pin, or a share of another CV, does not open this link.
    const crossed = await unlockShare(me.cvId, first.id, second.pin, freshIp());
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error).toBe(SHARE_MESSAGES.pinInvalid);
    expect((await unlockShare(o.cvId, first.id, first.pin, freshIp())).statusCode).toBe(400);
    expect((await unlockShare(me.cvId, shareId, pin, freshIp())).statusCode).toBe(400);
    const malformed = await unlockShare(me.cvId, 'zz', first.pin, freshIp());
    expect(malformed.statusCode).toBe(400);
    // The grant records the share: track-view names its recipient.
    const ip = freshIp();
    const cookie = unlockCookie(await unlockShare(me.cvId, second.id, second.pin, ip));
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/track-view',
      headers: { cookie },
      payload: { curriculumVitaeID: me.cvId },
      remoteAddress: ip,
    });
    expect(tracked.statusCode).toBe(200);
    const reload = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      headers: { cookie },
      payload: { id: me.cvId },
    });
    expect(reload.statusCode).toBe(200);
    const view = await t.db
      .selectFrom('cv_views')
      .selectAll()
      .where('share_id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(view.recipient_email).toBe('second@acme.example');
  });

  it('a wrong pin does not unlock; the right one returns the CV in the chosen template', async () => {
    const bad = await unlock(o.cvId, wrongPin(pin), freshIp());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid view pin. Please check and try again.');
    expect(bad.cookies.find((c) => c.name === UNLOCK_COOKIE)).toBeUndefined();

    const good = await unlock(o.cvId, pin, freshIp());
    expect(good.statusCode).toBe(200);
    const body = good.json() as UnlockedCv;
    expect(body.cv).toEqual({ _id: o.cvId, template: 'template05' });
    expect(body.data.personalInfo?.fullName).toBe('Naledi Dlamini');
    expect(body.data.personalSummary?.summary).toContain('Seasoned analyst');
    const cookie = good.cookies.find((c) => c.name === UNLOCK_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie!.value).not.toContain(pin);
  });

  it('the unlock cookie lets this browser reload the CV; a forged one does not', async () => {
    const good = await unlock(o.cvId, pin, freshIp());
    const cookie = unlockCookie(good);
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      headers: { cookie },
      payload: { id: o.cvId },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().cv.template).toBe('template05');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      headers: { cookie: cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      payload: { id: o.cvId },
    });
    expect(forged.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      payload: { id: o.cvId },
    });
    expect(none.statusCode).toBe(403);
  });

  it('track-view is refused without unlocking, and after it notifies the owner', async () => {
    const body = { curriculumVitaeID: o.cvId, recipientEmail: 'x@y.z', recipientName: 'Spoof' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/track-view',
      payload: body,
    });
    expect(refused.statusCode).toBe(403);

    const events: unknown[] = [];
    const off = t.events.subscribe('cv.viewed', (e) => void events.push(e));
    const ip = freshIp();
    const cookie = unlockCookie(await unlock(o.cvId, pin, ip));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/track-view',
      headers: { cookie, 'user-agent': 'Recruiter Browser/1.0' },
      payload: body,
      remoteAddress: ip,
    });
    off();
    expect(res.statusCode).toBe(200);
    expect(events).toEqual([
      expect.objectContaining({
        userId: o.userId,
        curriculumVitaeID: o.cvId,
        recipientEmail: 'hr@acme.example',
        recipientName: 'hr@acme.example',
      }),
    ]);
    const view = await t.db
      .selectFrom('cv_views')
      .selectAll()
      .where('cv_id', '=', o.cvId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      ip_address: ip,
      user_agent: 'Recruiter Browser/1.0',
      recipient_email: 'hr@acme.example',
      share_id: shareId,
    });
    const list = await t.app.inject({ url: '/api/notifications', headers: { cookie: o.cookie } });
    const [n] = list.json().data;
    expect(n).toMatchObject({
      type: 'cv-viewed',
      title: 'Your CV was viewed',
      recipientEmail: 'hr@acme.example',
      shareCVId: shareId,
      isRead: false,
    });
    // The recipient is known: named, not "Anonymous Viewer (hr@acme.example)".
    expect(n.message).toBe('hr@acme.example viewed your CV.');
    // The time is data (the owner's browser shows it in their zone), the view's own time.
    expect(n.occurredAt).toBe(view!.created_at);
  });

  it('a pin unlocks only the CV it was issued for', async () => {
    const other = await owner('Third Person');
    const res = await unlock(other.cvId, pin, freshIp());
    expect(res.statusCode).toBe(400);
  });
});

describe('a send whose mail fails', () => {
  it('answers 502 and keeps no share, so a retry mails each recipient one live link', async () => {
    const o = await owner();
    const recipients = [
      { email: 'delivered@acme.example', key: 'a' },
      { email: 'bounce@acme.example', key: 'b' },
    ];
    const failed = await share(o, { recipients });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(SHARE_MESSAGES.shareFailed);
    const list = await t.app.inject({ url: '/api/share-cv', headers: { cookie: o.cookie } });
    expect(list.json().data).toEqual([]);
    // The recipient whose mail went out has a link that no longer opens…
    const mail = await pinFor('delivered@acme.example');
    const link = new URL(/Open it here: (\S+)/.exec(mail.text)![1]!);
    const shareId = link.searchParams.get('share')!;
    expect((await unlockShare(o.cvId, shareId, mail.pin, freshIp())).statusCode).toBe(400);
    // …and the retry, without the bouncing address, sends the one share that counts.
    const retry = await share(o, { recipients: recipients.slice(0, 1) });
    expect(retry.statusCode).toBe(201);
    const again = await t.app.inject({ url: '/api/share-cv', headers: { cookie: o.cookie } });
    expect(again.json().data).toHaveLength(1);
  });
});

describe('track-view', () => {
  it('counts views per share, so one unlocked browser cannot flood the owner from many addresses', async () => {
    const o = await owner();
    const a = await shareWith(o, 'flood@acme.example');
    const cookie = unlockCookie(await unlockShare(o.cvId, a.id, a.pin, freshIp()));
    const track = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/share-cv/track-view',
        headers: { cookie },
        payload: { curriculumVitaeID: o.cvId },
        remoteAddress: freshIp(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await track()).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', o.userId)
      .execute();
    expect(notes).toHaveLength(10);
  });
});

describe('a link naming only the CV', () => {
  it('never opens a share mailed with its own link, so no guess meets every pin at once', async () => {
    const o = await owner();
    const shares = await Promise.all(
      ['one', 'two', 'three'].map((n) => shareWith(o, `cv-id-${n}@acme.example`)),
    );
    for (const sh of shares) {
      // Even the right pin: the share opens by its own link alone.
      const byCv = await unlock(o.cvId, sh.pin, freshIp());
      expect(byCv.statusCode).toBe(400);
      expect(byCv.json().error).toBe(SHARE_MESSAGES.pinInvalid);
      expect((await unlockShare(o.cvId, sh.id, sh.pin, freshIp())).statusCode).toBe(200);
    }
    const summary = await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}` });
    expect(summary.statusCode).toBe(404);
    expect(summary.json().error).toBe(SHARE_MESSAGES.cvNotFound);
  });

  it('still opens a share mailed before links named their share', async () => {
    const o = await owner();
    const old = await shareWith(o, 'cv-id-old@acme.example');
    await mailedBeforeShareLinks(o.cvId);
    const recent = await shareWith(o, 'cv-id-new@acme.example');
    expect((await unlock(o.cvId, old.pin, freshIp())).statusCode).toBe(200);
    expect((await unlock(o.cvId, recent.pin, freshIp())).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/share-cv/by-cv-id/${o.cvId}` })).statusCode).toBe(200);
  });
});

describe('lockout by CV id (links sent before links named their share)', () => {
  it('engages after 5 wrong pins from one client and releases after 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const o = await owner();
    const { pin } = await shareWith(o, 'lock1@acme.example');
    await mailedBeforeShareLinks(o.cvId);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await unlock(o.cvId, wrongPin(pin), ip)).statusCode).toBe(400);
    }
    const locked = await unlock(o.cvId, pin, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(SHARE_MESSAGES.lockedOut);
    // Another client is not locked out by this one (below the per-CV total).
    expect((await unlock(o.cvId, pin, freshIp())).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    expect((await unlock(o.cvId, pin, ip)).statusCode).toBe(200);
  });

  it('engages for every CV-id link after 20 wrong pins in total', async () => {
    const o = await owner();
    const { pin } = await shareWith(o, 'lock2@acme.example');
    await mailedBeforeShareLinks(o.cvId);
    for (let i = 0; i < 20; i++) {
      expect((await unlock(o.cvId, wrongPin(pin), freshIp())).statusCode).toBe(400);
    }
    expect((await unlock(o.cvId, pin, freshIp())).statusCode).toBe(429);
  });

  it('never locks out the real recipient opening their share link', async () => {
    const o = await owner();
    const { id, pin } = await shareWith(o, 'lock3@acme.example');
    await mailedBeforeShareLinks(o.cvId);
    for (let i = 0; i < 25; i++) await unlock(o.cvId, wrongPin(pin), freshIp());
    expect((await unlock(o.cvId, pin, freshIp())).statusCode).toBe(429);
    const res = await unlockShare(o.cvId, id, pin, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.personalInfo.fullName).toBe('Naledi Dlamini');
  });
});

describe('lockout of a share link', () => {
  it("one client's wrong pins lock that client out with a plain message, not the others", async () => {
    const o = await owner();
    const a = await shareWith(o, 'client-a@acme.example');
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await unlockShare(o.cvId, a.id, wrongPin(a.pin), guesser)).statusCode).toBe(400);
    }
    // Further requests from the locked client do not count toward the share's total.
    for (let i = 0; i < 10; i++) {
      const locked = await unlockShare(o.cvId, a.id, a.pin, guesser);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe(
        'Too many incorrect pins for this link. Please try again in 15 minutes, or ask the sender to share the CV again.',
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await unlockShare(o.cvId, a.id, a.pin, freshIp())).statusCode).toBe(200);
  });

  it('locks a share after 10 wrong pins in total, and never its sibling share', async () => {
    const o = await owner();
    const a = await shareWith(o, 'sib-a@acme.example');
    const b = await shareWith(o, 'sib-b@acme.example');
    for (let i = 0; i < 9; i++) {
      expect((await unlockShare(o.cvId, a.id, wrongPin(a.pin), freshIp())).statusCode).toBe(400);
    }
    // A recipient's unlock neither counts nor wipes the guessers' failures.
    expect((await unlockShare(o.cvId, a.id, a.pin, freshIp())).statusCode).toBe(200);
    expect((await unlockShare(o.cvId, a.id, wrongPin(a.pin), freshIp())).statusCode).toBe(400);
    const locked = await unlockShare(o.cvId, a.id, a.pin, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(SHARE_MESSAGES.lockedOut);
    for (let i = 0; i < 15; i++) await unlockShare(o.cvId, a.id, wrongPin(a.pin), freshIp());
    // The owner hears of it once, naming the link's recipient.
    const told = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: o.cookie },
    });
    const guessing = (
      told.json() as { data: Array<{ type: string; message: string }> }
    ).data.filter((n) => n.type === 'share-pin-guessing');
    expect(guessing).toHaveLength(1);
    expect(guessing[0]!.message).toContain('the link you sent to sib-a@acme.example');
    expect((await unlockShare(o.cvId, b.id, b.pin, freshIp())).statusCode).toBe(200);
    // Nor does guessing on a share's link lock the CV-id path.
    await mailedBeforeShareLinks(o.cvId);
    expect((await unlock(o.cvId, b.pin, freshIp())).statusCode).toBe(200);
  });

  it('counts failures only: many recipients opening one link are never locked out', async () => {
    const o = await owner();
    const a = await shareWith(o, 'popular@acme.example');
    for (let i = 0; i < 25; i++) {
      expect((await unlockShare(o.cvId, a.id, a.pin, freshIp())).statusCode).toBe(200);
    }
  });

  it('parallel guesses cannot outrun the limits', async () => {
    const o = await owner();
    const a = await shareWith(o, 'parallel@acme.example');
    const one = freshIp();
    const fromOne = await Promise.all(
      Array.from({ length: 12 }, () => unlockShare(o.cvId, a.id, wrongPin(a.pin), one)),
    );
    expect(fromOne.filter((r) => r.statusCode === 400)).toHaveLength(5);
    const fromMany = await Promise.all(
      Array.from({ length: 20 }, () => unlockShare(o.cvId, a.id, wrongPin(a.pin), freshIp())),
    );
    expect(fromMany.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(fromMany.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });
});

describe('logs', () => {
  it('never contain a view pin', async () => {
    const o = await owner();
    await share(o, { recipients: [{ email: 'logs@acme.example' }] });
    const { pin } = await pinFor('logs@acme.example');
    await mailedBeforeShareLinks(o.cvId);
    await unlock(o.cvId, wrongPin(pin), freshIp());
    await unlock(o.cvId, pin, freshIp());
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain(pin);
    expect(logs.text()).not.toContain(wrongPin(pin));
  });
});

describe('more sharing rules', () => {
  it('escapes the message in the HTML email and keeps the subject on one line', async () => {
    const o = await owner();
    const res = await share(o, {
      subject: 'Hello\r\nBcc: victim@example.com',
      message: '<script>alert(1)</script>\nThanks',
      recipients: [{ email: "o'brien@html.example" }],
    });
    expect(res.statusCode).toBe(201);
    const mail = (await t.outbox()).find((m) => m.to === "o'brien@html.example")!;
    expect(mail.subject).toBe('Hello Bcc: victim@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it('the owner can read a share by its CV id, and reload their own CV', async () => {
    const o = await owner();
    const created = (await share(o, { recipients: [{ email: 'byid@acme.example' }] })).json();
    const res = await t.app.inject({
      url: `/api/share-cv/${o.cvId}`,
      headers: { cookie: o.cookie },
    });
    expect(res.json()._id).toBe(created.data._id);
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      headers: { cookie: o.cookie },
      payload: { id: o.cvId },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.personalInfo.fullName).toBe('Naledi Dlamini');
  });

  it('limits how often one user can share', async () => {
    const o = await owner();
    for (let i = 0; i < 10; i++) {
      expect(
        (await share(o, { recipients: [{ email: `many${i}@acme.example` }] })).statusCode,
      ).toBe(201);
    }
    const res = await share(o, { recipients: [{ email: 'many-last@acme.example' }] });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(SHARE_MESSAGES.tooManyShares);
  });
});

describe('OpenAPI', () => {
  it('documents every sharing endpoint', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/share-cv',
        '/api/share-cv/{id}',
        '/api/share-cv/by-cv-id/{id}',
        '/api/share-cv/unlock',
        '/api/share-cv/track-view',
        '/api/curriculum-vitae/view',
        '/api/share-cv/{id}/revoke',
        '/api/share-cv/{id}/expiry',
        '/api/share-cv/{id}/resend',
        '/api/share-cv/{id}/views',
        '/api/share-cv/video-progress',
      ]),
    );
  });
});
