import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS, type BrowsePage, type SavedCv, type SavedCvDetail } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import type { DomainEventMap } from '../plugins/domain-events.ts';
import { UNLOCK_COOKIE } from '../sharing/unlock-grant.ts';
import { BROWSE_COUNT_CAP } from '../public-cv/public-cv.repo.ts';
import { seedListedCvs } from './seed.ts';

type Who = { cookie: string; userId: string };

let t: TestApp;
let seeker: Who;
let seeker2: Who;
let hr: Who;
let hr2: Who;
let plain: Who;
const published: { name: string; payload: unknown }[] = [];

const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function personalInfo(who: Who, values: Record<string, unknown>) {
  const base = { ...(SECTIONS['personal-info'].sample[0] as Record<string, unknown>) };
  const res = await call(who, 'POST', '/api/personal-info', { ...base, ...values });
  expect(res.statusCode).toBeLessThan(300);
}

const browse = async (who: Who, query = '') => {
  const res = await call(who, 'GET', `/api/public-cv/browse${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as BrowsePage;
};

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['public-cv.toggled', 'public-cv.viewed', 'notification.created'] as const) {
    t.events.subscribe(name, (payload: DomainEventMap[typeof name]) =>
      published.push({ name, payload }),
    );
  }
  seeker = await loginAs(t, { fullName: 'Account One' });
  seeker2 = await loginAs(t, { fullName: 'Account Two' });
  hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true });
  hr2 = await loginAs(t, { fullName: 'Other Recruiter', isHr: true });
  plain = await loginAs(t);
  await personalInfo(seeker, {
    fullName: 'Thandi Mokoena',
    gender: 'female',
    dateOfBirth: '1990-04-02',
    nationality: 'South African',
  });
  await personalInfo(seeker2, { fullName: 'Sipho Dlamini', gender: 'male' });
});
afterAll(() => t.close());

describe('public CV status and toggle', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await call(null, 'GET', '/api/public-cv/status')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/public-cv/toggle')).statusCode).toBe(401);
  });

  it('starts unlisted, then lists and unlists with the events', async () => {
    expect((await call(seeker, 'GET', '/api/public-cv/status')).json()).toMatchObject({
      isListed: false,
    });
    const on = await call(seeker, 'POST', '/api/public-cv/toggle');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      isListed: true,
      publicCV: { viewCount: 0, hrViews: [] },
    });
    expect(on.json().listedAt).toEqual(expect.any(String));
    expect(published).toContainEqual({
      name: 'public-cv.toggled',
      payload: { userId: seeker.userId, isListed: true, fullName: 'Thandi Mokoena' },
    });
    const off = await call(seeker, 'POST', '/api/public-cv/toggle');
    expect(off.json()).toMatchObject({ isListed: false });
    expect(published.at(-1)).toMatchObject({ payload: { isListed: false } });
    await call(seeker, 'POST', '/api/public-cv/toggle');
    await call(seeker2, 'POST', '/api/public-cv/toggle');
  });

  it('gives the CV id of the user’s curriculum vitae', async () => {
    const cv = (await call(seeker, 'GET', '/api/curriculum-vitae')).json();
    const status = (await call(seeker, 'GET', '/api/public-cv/status')).json();
    expect(status.publicCV.curriculumVitaeID).toBe(cv._id);
  });
});

describe('HR-only endpoints', () => {
  it('answer 403 to a non-HR user and 401 to an anonymous caller', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/public-cv/browse'],
      ['POST', '/api/public-cv/save/abc'],
      ['GET', '/hr/saved-cv/saved-cvs'],
      ['GET', '/hr/saved-cv/abc'],
      ['PUT', '/hr/saved-cv/abc/notes', { content: 'x' }],
      ['PUT', '/hr/saved-cv/abc/rank', { rank: 'good' }],
      ['DELETE', '/hr/saved-cv/abc/notes/def'],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(plain, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the HR flow', () => {
  let item: BrowsePage['data'][number];
  let saved: SavedCv;

  it('browses listed CVs with search, gender filter, sort and pages', async () => {
    const all = await browse(hr);
    expect(all.total).toBe(2);
    expect(all.stats).toEqual({ available: 2, saved: 0 });
    expect(all.data.map((d) => d.fullName)).toEqual(['Sipho Dlamini', 'Thandi Mokoena']);
    item = all.data.find((d) => d.fullName === 'Thandi Mokoena')!;
    expect(item).toMatchObject({
      gender: 'female',
      dateOfBirth: '1990-04-02',
      nationality: 'South African',
      viewCount: 0,
      isSaved: false,
    });
    expect((await browse(hr, '?search=MOKO')).data.map((d) => d.fullName)).toEqual([
      'Thandi Mokoena',
    ]);
    expect((await browse(hr, '?search=%25')).total).toBe(0);
    // Words match name words by prefix, in any order; a mid-word fragment does not.
    expect((await browse(hr, '?search=moko%20THA')).total).toBe(1);
    expect((await browse(hr, '?search=okoena')).total).toBe(0);
    expect((await browse(hr, '?gender=male')).data.map((d) => d.fullName)).toEqual([
      'Sipho Dlamini',
    ]);
    expect((await browse(hr, '?gender=other')).total).toBe(0);
    expect((await browse(hr, '?sort=name')).data[0]!.fullName).toBe('Sipho Dlamini');
    expect((await browse(hr, '?sort=oldest')).data[0]!.fullName).toBe('Thandi Mokoena');
    const page1 = await browse(hr, '?limit=1&page=1');
    const page2 = await browse(hr, '?limit=1&page=2');
    expect([page1.hasMore, page2.hasMore]).toEqual([true, false]);
    expect(page1.data[0]!._id).not.toBe(page2.data[0]!._id);
    expect((await call(hr, 'GET', '/api/public-cv/browse?sort=bogus')).statusCode).toBe(400);
  });

  it('keeps the browse copy in step with personal info', async () => {
    const list = (await call(seeker2, 'GET', '/api/personal-info')).json().data as {
      _id: string;
    }[];
    await call(seeker2, 'PATCH', `/api/personal-info/${list[0]!._id}`, {
      fullName: 'Sipho Z. Dlamini',
    });
    await expect
      .poll(async () => (await browse(hr, '?search=z. dla')).total, { timeout: 2000 })
      .toBe(1);
  });

  it('saves a CV (twice is harmless) and marks it saved', async () => {
    const res = await call(hr, 'POST', `/api/public-cv/save/${item.curriculumVitaeID}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Thandi Mokoena's CV has been saved to your dashboard!");
    saved = res.json().data;
    expect(saved).toMatchObject({ fullName: 'Thandi Mokoena', rank: 'null', viewCount: 0 });
    expect((await call(hr, 'POST', `/api/public-cv/save/${item._id}`)).statusCode).toBe(200);
    const after = await browse(hr);
    expect(after.stats).toEqual({ available: 2, saved: 1 });
    expect(after.data.find((d) => d._id === item._id)!.isSaved).toBe(true);
    expect((await browse(hr, '?savedOnly=true')).data.map((d) => d._id)).toEqual([item._id]);
    expect((await browse(hr2)).data.every((d) => !d.isSaved)).toBe(true);
    expect(
      (await call(hr, 'POST', '/api/public-cv/save/ffffffffffffffffffffffff')).statusCode,
    ).toBe(404);
  });

  it('lists the saved CVs of this HR user only', async () => {
    const mine = (await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(mine.map((s) => s._id)).toEqual([saved._id]);
    expect((await call(hr2, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
  });

  it('ranks: any value, unrated as null; an invalid rank is refused', async () => {
    const url = `/hr/saved-cv/${saved._id}/rank`;
    expect((await call(hr, 'PUT', url, { rank: 'excellent' })).json().rank).toBe('excellent');
    expect((await call(hr, 'PUT', url, { rank: 'poor' })).json().rank).toBe('poor');
    expect((await call(hr, 'PUT', url, { rank: 'null' })).json().rank).toBe('null');
    const bad = await call(hr, 'PUT', url, { rank: 'amazing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.rank).toBe('Rank must be excellent, good, fair, poor or null');
    await call(hr, 'PUT', url, { rank: 'good' });
  });

  it('adds trimmed notes newest first, refuses an empty one, deletes one', async () => {
    const url = `/hr/saved-cv/${saved._id}/notes`;
    const empty = await call(hr, 'PUT', url, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.content).toBe('Note content is required');
    await call(hr, 'PUT', url, { content: '  Strong Python  ' });
    const res = await call(hr, 'PUT', url, { content: 'Call back Monday' });
    expect(res.statusCode).toBe(200);
    const notes = (res.json() as SavedCv).notes;
    expect(notes.map((n) => n.content)).toEqual(['Call back Monday', 'Strong Python']);
    const del = await call(hr, 'DELETE', `${url}/${notes[0]!._id}`);
    expect((del.json() as SavedCv).notes.map((n) => n.content)).toEqual(['Strong Python']);
    expect((await call(hr, 'DELETE', `${url}/${notes[0]!._id}`)).statusCode).toBe(404);
  });

  it('another HR user cannot see or change the saved CV, its rank or notes', async () => {
    const base = `/hr/saved-cv/${saved._id}`;
    const note = (await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data[0].notes[0];
    expect((await call(hr2, 'GET', base)).statusCode).toBe(404);
    expect((await call(hr2, 'PUT', `${base}/rank`, { rank: 'poor' })).statusCode).toBe(404);
    expect((await call(hr2, 'PUT', `${base}/notes`, { content: 'mine' })).statusCode).toBe(404);
    expect((await call(hr2, 'DELETE', `${base}/notes/${note._id}`)).statusCode).toBe(404);
    const still = (await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data[0] as SavedCv;
    expect(still).toMatchObject({ rank: 'good', notes: [{ content: 'Strong Python' }] });
  });

  it('opens a saved CV: full CV data and template, counts the view, tells the owner', async () => {
    const res = await call(hr, 'GET', `/hr/saved-cv/${saved._id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SavedCvDetail;
    expect(detail).toMatchObject({ viewCount: 1, rank: 'good', cvTemplate: 'template01' });
    expect(detail.lastViewed).toEqual(expect.any(String));
    expect(detail.curriculumVitae.personalInfo?.fullName).toBe('Thandi Mokoena');
    expect(published).toContainEqual({
      name: 'public-cv.viewed',
      payload: expect.objectContaining({
        userId: seeker.userId,
        hrUserName: 'Rita Recruiter',
        viewCount: 1,
      }),
    });
    const status = (await call(seeker, 'GET', '/api/public-cv/status')).json();
    expect(status.publicCV).toMatchObject({
      viewCount: 1,
      hrViews: [{ hrUserName: 'Rita Recruiter' }],
    });
    const notes = (await call(seeker, 'GET', '/api/notifications')).json().data;
    expect(notes[0]).toMatchObject({ type: 'public-cv-viewed', isRead: false });
    expect(notes[0].message).toContain('Rita Recruiter');
    expect((await browse(hr)).data.find((d) => d._id === item._id)!.viewCount).toBe(1);
  });

  it('shows only the 3 latest views to the owner', async () => {
    for (let i = 0; i < 3; i++) await call(hr, 'GET', `/hr/saved-cv/${saved._id}`);
    const status = (await call(seeker, 'GET', '/api/public-cv/status')).json();
    expect(status.publicCV.viewCount).toBe(4);
    expect(status.publicCV.hrViews).toHaveLength(3);
  });

  it('an unlisted CV leaves browse at once; the saver keeps it', async () => {
    await call(seeker, 'POST', '/api/public-cv/toggle');
    const after = await browse(hr);
    expect(after.data.map((d) => d._id)).not.toContain(item._id);
    expect(after.stats.available).toBe(1);
    expect((await call(hr2, 'POST', `/api/public-cv/save/${item._id}`)).statusCode).toBe(404);
    const mine = (await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(mine.map((s) => s._id)).toEqual([saved._id]);
    expect((await call(hr, 'GET', `/hr/saved-cv/${saved._id}`)).statusCode).toBe(200);
    await call(seeker, 'POST', '/api/public-cv/toggle');
  });
});

describe('browse at scale', () => {
  it('caps the filtered count but still pages on', async () => {
    await seedListedCvs(t.db, 2 * BROWSE_COUNT_CAP + 600);
    const page = await browse(hr, '?gender=male&limit=10');
    expect(page).toMatchObject({ total: BROWSE_COUNT_CAP, totalCapped: true, hasMore: true });
    expect(page.data).toHaveLength(10);
    const last = await browse(hr, '?search=nobody&limit=10');
    expect(last).toMatchObject({ total: 0, totalCapped: false, hasMore: false });
  });
});

describe('the Save CV handover', () => {
  it('saves a pending listed CV for a user who enables the HR dashboard', async () => {
    const status = (await call(seeker2, 'GET', '/api/public-cv/status')).json();
    const newHr = await loginAs(t, { fullName: 'New Recruiter' });
    const res = await call(newHr, 'POST', '/auth/user/enable-hr-dashboard', {
      cvToSave: { cvId: status.publicCV.curriculumVitaeID, fullName: 'Sipho' },
    });
    expect(res.statusCode).toBe(200);
    const list = (await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(list.map((s) => s.curriculumVitaeID)).toEqual([status.publicCV.curriculumVitaeID]);
    const user = await t.db
      .selectFrom('users')
      .select('pending_cv_to_save')
      .where('id', '=', newHr.userId)
      .executeTakeFirstOrThrow();
    expect(user.pending_cv_to_save).toBeNull();
  });

  it('saves an unlisted pending CV this browser unlocked with its pin, on browse', async () => {
    const owner = await loginAs(t, { fullName: 'Private Person' });
    await personalInfo(owner, { fullName: 'Private Person' });
    const cvId = (await call(owner, 'GET', '/api/curriculum-vitae')).json()._id as string;
    const shared = await call(owner, 'POST', '/api/share-cv', {
      curriculumVitaeID: cvId,
      subject: 'CV Application - Private Person',
      message: 'Dear Hiring Manager,\n\nPlease consider my CV.\n\nPrivate Person',
      recipients: [{ email: 'recruiter@acme.example', key: 'a' }],
      assignedPhotoUrl: null,
      CVTemplate: 'template02',
    });
    expect(shared.statusCode).toBeLessThan(300);
    const mail = (await t.outbox()).find((m) => m.to === 'recruiter@acme.example')!;
    const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/unlock',
      payload: { cvId, pin },
      remoteAddress: '10.201.0.1',
    });
    const grant = unlocked.cookies.find((c) => c.name === UNLOCK_COOKIE)!;
    const newHr = await loginAs(t, { fullName: 'Pin Recruiter' });
    await call(newHr, 'POST', '/auth/user/enable-hr-dashboard', { cvToSave: cvId });
    // /hr paths do not see the unlock cookie: the id stays pending, nothing is saved yet.
    expect((await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
    const withGrant = { ...newHr, cookie: `${newHr.cookie}; ${UNLOCK_COOKIE}=${grant.value}` };
    const page = await browse(withGrant);
    expect(page.stats.saved).toBe(1);
    expect(page.data.map((d) => d.curriculumVitaeID)).not.toContain(cvId);
    const list = (await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(list).toMatchObject([{ curriculumVitaeID: cvId, fullName: 'Private Person' }]);
    const detail = (await call(newHr, 'GET', `/hr/saved-cv/${list[0]!._id}`)).json();
    expect(detail.cvTemplate).toBe('template01');
  });

  it('does not save a pending CV that is not listed', async () => {
    const newHr = await loginAs(t, { fullName: 'Another Recruiter' });
    await call(newHr, 'POST', '/auth/user/enable-hr-dashboard', {
      cvToSave: 'abcdefabcdefabcdefabcdef',
    });
    expect((await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
    expect((await browse(newHr)).stats.saved).toBe(0);
    const user = await t.db
      .selectFrom('users')
      .select('pending_cv_to_save')
      .where('id', '=', newHr.userId)
      .executeTakeFirstOrThrow();
    expect(user.pending_cv_to_save).toBeNull();
  });
});
