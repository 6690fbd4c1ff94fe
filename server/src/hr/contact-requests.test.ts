import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  type BrowsePage,
  MAX_PENDING_CONTACT_REQUESTS,
  SECTIONS,
  type ContactRequest,
  type LatestView,
  type Notification,
  type PublicCvStatus,
  type SavedCv,
  type SavedCvDetail,
} from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import type { PdfRenderer, PrintPayload } from '../pdf/index.ts';

/**
 * Contact details in the public pool (issue 14): an owner who puts them on request shows an
 * HR user no email or phone, in any answer, until they approve that HR user's request.
 */

let t: TestApp;
/** What the HR PDF route handed the renderer, newest last. */
const printed: PrintPayload[] = [];
const fakeRenderer: PdfRenderer = {
  async render(payload) {
    printed.push(payload);
    return Buffer.from('%PDF-1.4 fake');
  },
  async warm() {},
  async close() {},
};

const EMAIL = 'naledi.private@example.com';
const PHONE = '071 555 0199';
const PHONE_DIGITS = '0715550199';

const call = callAs(() => t);

/** A job seeker with contact details and a listed CV; `mode` sets who sees email and phone. */
async function candidate(name: string, mode: 'open' | 'on-request') {
  const who = await loginAs(t, { fullName: name });
  const info = { ...(SECTIONS['personal-info'].sample[0] as Record<string, unknown>) };
  expect(
    (await call(who, 'POST', '/api/personal-info', { ...info, fullName: name })).statusCode,
  ).toBeLessThan(300);
  const contact = { ...(SECTIONS['contact-info'].sample[0] as Record<string, unknown>) };
  const res = await call(who, 'POST', '/api/contact-info', {
    ...contact,
    email: EMAIL,
    phone: PHONE,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const mode1 = await call(who, 'PUT', '/api/public-cv/contact-mode', { mode });
  expect(mode1.statusCode, mode1.body).toBe(200);
  expect(mode1.json<PublicCvStatus>().contactMode).toBe(mode);
  const on = await call(who, 'POST', '/api/public-cv/toggle');
  const status = on.json<PublicCvStatus>();
  expect(status.isListed).toBe(true);
  return { ...who, listingId: status.publicCV!._id };
}

async function hrUser(name: string) {
  return loginAs(t, { fullName: name, isHr: true });
}

/** The HR user saves the listing; the saved CV's id. */
async function save(hr: Who, listingId: string): Promise<string> {
  const res = await call(hr, 'POST', `/api/public-cv/save/${listingId}`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SavedCv }>().data._id;
}

const STREET = SECTIONS['contact-info'].sample[0]!.address as string;
const holdsContact = (body: string) =>
  body.includes(EMAIL) || body.includes(STREET) || body.replace(/\s+/g, '').includes(PHONE_DIGITS);

/** Every answer that hands this HR user CV data, each as its raw text, plus the PDF payload. */
async function everyHrAnswer(hr: Who, savedId: string) {
  const answers: Record<string, string> = {};
  for (const [method, url] of [
    ['GET', '/api/public-cv/browse?limit=100'],
    ['GET', '/api/public-cv/browse?limit=100&search=naledi'],
    ['GET', '/hr/saved-cv/saved-cvs'],
    ['GET', `/hr/saved-cv/${savedId}`],
    ['POST', `/hr/saved-cv/${savedId}/views`],
  ] as const) {
    const res = await call(hr, method, url);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    answers[`${method} ${url}`] = res.body;
  }
  const pdf = await call(hr, 'GET', `/hr/saved-cv/${savedId}/pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  answers['PDF payload'] = JSON.stringify(printed.at(-1)!.data);
  return answers;
}

const expectNoContact = (answers: Record<string, string>) => {
  for (const [where, body] of Object.entries(answers)) {
    expect(holdsContact(body), `${where} holds the email, phone or street address`).toBe(false);
  }
};

const detail = async (hr: Who, savedId: string) => {
  const res = await call(hr, 'GET', `/hr/saved-cv/${savedId}`);
  expect(res.statusCode).toBe(200);
  return res.json<SavedCvDetail>();
};

const requestsOf = async (owner: Who) => {
  const res = await call(owner, 'GET', '/api/public-cv/contact-requests');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ContactRequest[] }>().data;
};

const notices = async (who: Who, type: string) => {
  const res = await call(who, 'GET', '/api/notifications?limit=100');
  return res.json<{ data: Notification[] }>().data.filter((n) => n.type === type);
};

beforeAll(async () => {
  t = await buildTestApp({ pdfRenderer: fakeRenderer });
});
afterAll(() => t.close());

describe('contact details on request', () => {
  it('shows them at once by default, as before', async () => {
    const owner = await candidate('Naledi Open', 'open');
    const hr = await hrUser('Open Recruiter');
    const savedId = await save(hr, owner.listingId);
    const d = await detail(hr, savedId);
    expect(d.contactAccess).toBe('open');
    expect(d.curriculumVitae!.contactInfo).toMatchObject({ email: EMAIL, phone: PHONE });
    const req = await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    expect(req.statusCode).toBe(409);
    expect(req.json()).toEqual({ error: CONTACT_MESSAGES.alreadyOpen });
  });

  it("tells browsing HR users each listing's contact mode, so the preview says what is true", async () => {
    const open = await candidate('Browse Open', 'open');
    const asked = await candidate('Browse Asked', 'on-request');
    const hr = await hrUser('Browse Recruiter');
    const res = await call(hr, 'GET', '/api/public-cv/browse?limit=100&search=browse');
    expect(res.statusCode, res.body).toBe(200);
    const modes = Object.fromEntries(
      res.json<BrowsePage>().data.map((i) => [i._id, i.contactMode] as const),
    );
    expect(modes).toEqual({ [open.listingId]: 'open', [asked.listingId]: 'on-request' });
  });

  it('hides them everywhere until approved, shows them once approved, hides them on revoke', async () => {
    const owner = await candidate('Naledi Khumalo', 'on-request');
    const hr = await hrUser('Rita Recruiter');
    const savedId = await save(hr, owner.listingId);

    expectNoContact(await everyHrAnswer(hr, savedId));
    const before = await detail(hr, savedId);
    expect(before.contactAccess).toBe('not-requested');
    // The rest of the contact section still shows.
    expect(before.curriculumVitae!.contactInfo).toMatchObject({ email: '', phone: '' });
    expect(before.curriculumVitae!.contactInfo!.city).not.toBe('');

    const asked = await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<SavedCv>().contactAccess).toBe('requested');
    expectNoContact(await everyHrAnswer(hr, savedId));

    // The owner hears of it, with the request to answer and the time as data.
    const [notice] = await notices(owner, 'contact-requested');
    const [request] = await requestsOf(owner);
    expect(request).toMatchObject({
      hrUserName: 'Rita Recruiter',
      status: 'pending',
      decidedAt: null,
    });
    expect(notice).toMatchObject({
      title: CONTACT_MESSAGES.requestTitle,
      message: CONTACT_MESSAGES.requestMessage('Rita Recruiter'),
      contactRequestId: request!._id,
      occurredAt: request!.requestedAt,
    });

    const ok = await call(owner, 'POST', `/api/public-cv/contact-requests/${request!._id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ContactRequest>()).toMatchObject({
      status: 'approved',
      decidedAt: expect.any(String),
    });
    const after = await everyHrAnswer(hr, savedId);
    for (const where of [
      `GET /hr/saved-cv/${savedId}`,
      `POST /hr/saved-cv/${savedId}/views`,
      'PDF payload',
    ]) {
      expect(after[where]).toContain(EMAIL);
      expect(after[where]).toContain(PHONE);
      expect(after[where]).toContain(STREET);
    }
    expect((await detail(hr, savedId)).contactAccess).toBe('approved');
    expect(await notices(hr, 'contact-approved')).toHaveLength(1);

    const revoke = await call(
      owner,
      'POST',
      `/api/public-cv/contact-requests/${request!._id}/decline`,
    );
    expect(revoke.statusCode).toBe(200);
    expectNoContact(await everyHrAnswer(hr, savedId));
    expect((await detail(hr, savedId)).contactAccess).toBe('declined');
    // A declined request is not sent again, and the owner is not notified again.
    const again = await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: CONTACT_MESSAGES.declined });
    expect(await notices(owner, 'contact-requested')).toHaveLength(1);
    expect(await requestsOf(owner)).toHaveLength(1);

    // Switching the listing back to open shows them to everyone who saved it.
    await call(owner, 'PUT', '/api/public-cv/contact-mode', { mode: 'open' });
    expect((await detail(hr, savedId)).curriculumVitae!.contactInfo!.email).toBe(EMAIL);
  });

  it('mails the candidate about a new request, once, with a link to answer it', async () => {
    const owner = await candidate('Naledi Mailed', 'on-request');
    const hr = await hrUser('Mpho Mailer');
    const savedId = await save(hr, owner.listingId);
    const mailsTo = async () => (await t.outbox()).filter((m) => m.to === owner.email);
    expect(await mailsTo()).toEqual([]);

    const asked = await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    expect(asked.statusCode, asked.body).toBe(201);
    const [mail, ...more] = await mailsTo();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'An HR user asks for your contact details' });
    expect(mail!.text).toContain('Hi Naledi Mailed,');
    expect(mail!.text).toContain(CONTACT_MESSAGES.requestMessage('Mpho Mailer'));
    expect(mail!.text).toMatch(/Answer the request: https?:\/\/\S+\/app\/dashboard\n/);
    expect(mail!.html).toContain('Mpho Mailer');

    // Asking again answers the request as it stands: no second mail.
    expect((await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`)).statusCode).toBe(
      200,
    );
    expect(await mailsTo()).toHaveLength(1);
  });

  it('mails only while the candidate wants it: Settings and the one-click link turn it off (issue 32)', async () => {
    const owner = await candidate('Naledi Optout', 'on-request');
    const other = await loginAs(t);
    const mailsTo = async () => (await t.outbox()).filter((m) => m.to === owner.email);
    const ask = async (name: string) => {
      const hr = await hrUser(name);
      const res = await call(
        hr,
        'POST',
        `/hr/saved-cv/${await save(hr, owner.listingId)}/contact-request`,
      );
      expect(res.statusCode, res.body).toBe(201);
    };
    const prefs = async (who: Who) =>
      (await call(who, 'GET', '/api/account/email-preferences')).json().preferences;
    expect(await prefs(owner)).toEqual({ contactRequests: true });

    await ask('First Asker');
    const [mail] = await mailsTo();
    const link = /Stop these emails: (\S+) /.exec(mail!.text)![1]!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toContain('Unsubscribe from these emails');
    const path = new URL(link).pathname + new URL(link).search;

    // Opening the link shows a page and changes nothing (a mail scanner may open it).
    const shown = await t.app.inject({ method: 'GET', url: path });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Stop emails about HR users asking for your contact details?');
    expect(await prefs(owner)).toEqual({ contactRequests: true });

    // A token changed to name another user is refused; nobody's setting changes.
    const token = new URL(link).searchParams.get('token')!;
    const forged = `${other.userId}${token.slice(24)}`;
    for (const bad of [forged, token.slice(0, -1), 'nonsense', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(await prefs(other)).toEqual({ contactRequests: true });
    expect(await prefs(owner)).toEqual({ contactRequests: true });

    // RFC 8058 one-click: a POST without a session turns it off.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You will no longer get emails about HR users');
    expect(await prefs(owner)).toEqual({ contactRequests: false });
    expect(await prefs(other)).toEqual({ contactRequests: true });
    await ask('Second Asker');
    expect(await mailsTo()).toHaveLength(1);
    // The bell still has it.
    const bell = (await call(owner, 'GET', '/api/notifications')).body;
    expect(bell).toContain('Second Asker');

    // Settings turn it back on.
    const on = await call(owner, 'PATCH', '/api/account/email-preferences', {
      contactRequests: true,
    });
    expect(on.json()).toEqual({ preferences: { contactRequests: true } });
    await ask('Third Asker');
    expect(await mailsTo()).toHaveLength(2);
  });

  it('refuses bad email settings and an anonymous caller, changing nothing', async () => {
    const me = await loginAs(t);
    for (const body of [
      { contactRequests: 'no' },
      { contactRequests: null },
      { marketing: false },
    ]) {
      const res = await call(me, 'PATCH', '/api/account/email-preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(me, 'GET', '/api/account/email-preferences')).json()).toEqual({
      preferences: { contactRequests: true },
    });
    for (const method of ['GET', 'PATCH'] as const) {
      const anon = await t.app.inject({
        method,
        url: '/api/account/email-preferences',
        payload: method === 'PATCH' ? { contactRequests: false } : undefined,
      });
      expect(anon.statusCode).toBe(401);
    }
  });

  it("one HR user's approval does not reach another HR user", async () => {
    const owner = await candidate('Naledi Two', 'on-request');
    const approved = await hrUser('Approved Recruiter');
    const other = await hrUser('Other Recruiter');
    const savedA = await save(approved, owner.listingId);
    const savedB = await save(other, owner.listingId);
    await call(approved, 'POST', `/hr/saved-cv/${savedA}/contact-request`);
    const [request] = await requestsOf(owner);
    await call(owner, 'POST', `/api/public-cv/contact-requests/${request!._id}/approve`);
    expect((await detail(approved, savedA)).curriculumVitae!.contactInfo!.email).toBe(EMAIL);
    expectNoContact(await everyHrAnswer(other, savedB));
    expect((await detail(other, savedB)).contactAccess).toBe('not-requested');
  });

  it("no one else can list or answer an owner's requests", async () => {
    const owner = await candidate('Naledi Three', 'on-request');
    const stranger = await candidate('Someone Else', 'on-request');
    const hr = await hrUser('Third Recruiter');
    const savedId = await save(hr, owner.listingId);
    await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    const [request] = await requestsOf(owner);
    expect(await requestsOf(stranger)).toEqual([]);
    for (const who of [stranger, hr]) {
      for (const action of ['approve', 'decline']) {
        const res = await call(
          who,
          'POST',
          `/api/public-cv/contact-requests/${request!._id}/${action}`,
        );
        expect(res.statusCode, `${action}`).toBe(404);
        expect(res.json()).toEqual({ error: CONTACT_MESSAGES.requestNotFound });
      }
    }
    expect((await call(null, 'GET', '/api/public-cv/contact-requests')).statusCode).toBe(401);
    expect((await requestsOf(owner))[0]!.status).toBe('pending');
    expect((await detail(hr, savedId)).contactAccess).toBe('requested');
    // Only HR users ask, and only about a CV they saved.
    const seekerAsks = await call(stranger, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
    expect(seekerAsks.statusCode).toBe(403);
    const otherHr = await hrUser('Unsaved Recruiter');
    expect(
      (await call(otherHr, 'POST', `/hr/saved-cv/${savedId}/contact-request`)).statusCode,
    ).toBe(404);
  });

  it('refuses a bad mode with the reason and changes nothing', async () => {
    const owner = await candidate('Naledi Four', 'on-request');
    for (const body of [{ mode: 'everyone' }, {}, { mode: 1 }]) {
      const res = await call(owner, 'PUT', '/api/public-cv/contact-mode', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(CONTACT_MESSAGES.modeInvalid);
    }
    expect((await call(owner, 'GET', '/api/public-cv/status')).json().contactMode).toBe(
      'on-request',
    );
  });

  it('parallel requests of one HR user leave one row and one notice', async () => {
    const owner = await candidate('Naledi Five', 'on-request');
    const hr = await hrUser('Eager Recruiter');
    const savedId = await save(hr, owner.listingId);
    const all = await Promise.all(
      Array.from({ length: 6 }, () => call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`)),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(all.every((r) => r.json<SavedCv>().contactAccess === 'requested')).toBe(true);
    const rows = await t.db
      .selectFrom('contact_requests')
      .selectAll()
      .where('public_cv_id', '=', owner.listingId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await notices(owner, 'contact-requested')).toHaveLength(1);
  });

  it('bounds the pending requests one listing holds', async () => {
    const owner = await candidate('Naledi Six', 'on-request');
    const hrs = await Promise.all(
      Array.from({ length: MAX_PENDING_CONTACT_REQUESTS + 2 }, (_, i) => hrUser(`Crowd ${i}`)),
    );
    const saved = await Promise.all(hrs.map((hr) => save(hr, owner.listingId)));
    const res = await Promise.all(
      hrs.map((hr, i) => call(hr, 'POST', `/hr/saved-cv/${saved[i]}/contact-request`)),
    );
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_PENDING_CONTACT_REQUESTS);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    expect(res.find((r) => r.statusCode === 409)!.json()).toEqual({
      error: CONTACT_MESSAGES.tooManyPending,
    });
    expect(await requestsOf(owner)).toHaveLength(MAX_PENDING_CONTACT_REQUESTS);
  });
});

describe('the public listing trail: device kind and video percentage', () => {
  const PHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

  it('records the device, and takes the video percentage only from the HR user who viewed', async () => {
    const owner = await candidate('Naledi Trail', 'open');
    const hr = await hrUser('Trail Recruiter');
    const other = await hrUser('Nosy Recruiter');
    const savedId = await save(hr, owner.listingId);
    const savedOther = await save(other, owner.listingId);
    const open = await call(hr, 'POST', `/hr/saved-cv/${savedId}/views`, undefined, {
      'user-agent': PHONE_UA,
    });
    const viewId = open.json<SavedCvDetail>().viewId!;
    expect(viewId).toMatch(/^[0-9a-f]{24}$/);

    const progress = (who: Who, id: string, body: Record<string, unknown>) =>
      call(who, 'POST', `/hr/saved-cv/${id}/video-progress`, body);
    expect((await progress(hr, savedId, { viewId, percent: 40.4 })).statusCode).toBe(204);
    // Lower reports never lower it; above 100 is 100.
    expect((await progress(hr, savedId, { viewId, percent: 10 })).statusCode).toBe(204);
    // Another HR user (even through their own saved copy of the listing) cannot touch it.
    expect((await progress(other, savedOther, { viewId, percent: 90 })).statusCode).toBe(404);
    expect((await progress(other, savedId, { viewId, percent: 90 })).statusCode).toBe(404);
    expect((await progress(owner, savedId, { viewId, percent: 90 })).statusCode).toBe(403);
    expect((await progress(hr, savedId, { viewId: 'x', percent: 90 })).statusCode).toBe(400);
    expect((await progress(hr, savedId, { viewId, percent: 'lots' })).statusCode).toBe(400);

    const latest = async () =>
      (await call(owner, 'GET', '/api/views/latest')).json<{ data: LatestView[] }>().data;
    expect((await latest())[0]).toMatchObject({
      source: 'hr',
      who: 'Trail Recruiter',
      deviceKind: 'phone',
      videoPercent: 40,
    });
    expect((await progress(hr, savedId, { viewId, percent: 250 })).statusCode).toBe(204);
    expect((await latest())[0]).toMatchObject({ videoPercent: 100 });
  });
});
