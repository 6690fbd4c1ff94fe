import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HR_MESSAGES,
  HR_VIEW_COUNT_WINDOW_MS,
  MAX_NOTES_PER_SAVED_CV,
  SECTIONS,
  type BrowsePage,
  type SavedCv,
  type SavedCvDetail,
} from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import type { DomainEventMap } from '../plugins/domain-events.ts';
import { UNLOCK_COOKIE } from '../sharing/index.ts';
import { VIEW_TRAIL_PER_VIEWER } from '../public-cv/index.ts';
import { BROWSE_COUNT_CAP } from './browse.repo.ts';
import { makeVideo, pdf, png, upload } from '../test/media-test-kit.ts';
import { seedListedCvs } from '../../scripts/seed.ts';

let t: TestApp;
let seeker: Who;
let seeker2: Who;
let hr: Who;
let hr2: Who;
let plain: Who;
const published: { name: string; payload: unknown }[] = [];

const call = callAs(() => t);

async function personalInfo(who: Who, values: Record<string, unknown>) {
  const base = { ...(SECTIONS['personal-info'].sample[0] as Record<string, unknown>) };
  const res = await call(who, 'POST', '/api/personal-info', { ...base, ...values });
  expect(res.statusCode).toBeLessThan(300);
}

/** The seeker's contact details: an HR user must not read them once the CV is unlisted. */
const CONTACT = { phone: '082 555 0147', email: 'thandi.private@example.com', city: 'Pretoria' };

/** The owner's stored "viewed" notifications. */
const viewNotices = async (owner: Who) => {
  const res = await call(owner, 'GET', '/api/notifications?limit=100');
  return (res.json().data as { type: string; message: string }[]).filter(
    (n) => n.type === 'public-cv-viewed',
  );
};

/** Rows of the view trail of one HR user on one listing. */
const trailRows = async (publicCvId: string, hrUserId: string) =>
  Number(
    (
      await t.db
        .selectFrom('public_cv_views')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('public_cv_id', '=', publicCvId)
        .where('hr_user_id', '=', hrUserId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Shares the signed-in user's CV by email with `emails`. */
async function shareWith(owner: Who, emails: string[], photo = false) {
  const cvId = (await call(owner, 'GET', '/api/curriculum-vitae')).json()._id as string;
  const res = await call(owner, 'POST', '/api/share-cv', {
    curriculumVitaeID: cvId,
    subject: 'My CV',
    message: 'Dear Hiring Manager,\n\nPlease consider my CV.',
    recipients: emails.map((email, i) => ({ email, key: `r${i}` })),
    assignedPhotoUrl: photo ? 'assigned' : null,
    CVTemplate: 'template02',
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { shares: Array<{ _id: string }> };
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
  const contact = await call(seeker, 'POST', '/api/contact-info', CONTACT);
  expect(contact.statusCode).toBeLessThan(300);
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

  it('keeps at most MAX_NOTES_PER_SAVED_CV notes on a saved CV, also under parallel adds', async () => {
    const url = `/hr/saved-cv/${saved._id}/notes`;
    const kept = await t.db
      .selectFrom('hr_notes')
      .select('id')
      .where('saved_cv_id', '=', saved._id)
      .execute();
    const room = MAX_NOTES_PER_SAVED_CV - kept.length - 3;
    const filler = Array.from({ length: room }, (_, i) => ({
      id: `f${String(i).padStart(23, '0')}`,
      saved_cv_id: saved._id,
      content: `Filler ${i}`,
      created_at: new Date(Date.parse('2026-01-01') + i * 1000).toISOString(),
    }));
    await t.db.insertInto('hr_notes').values(filler).execute();
    try {
      const adds = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call(hr, 'PUT', url, { content: `Parallel ${i}` })),
      );
      expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const refused = adds.filter((r) => r.statusCode === 409);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.json()).toEqual({ error: HR_MESSAGES.tooManyNotes });
      const count = await t.db
        .selectFrom('hr_notes')
        .select('id')
        .where('saved_cv_id', '=', saved._id)
        .execute();
      expect(count).toHaveLength(MAX_NOTES_PER_SAVED_CV);
    } finally {
      await t.db
        .deleteFrom('hr_notes')
        .where('saved_cv_id', '=', saved._id)
        .where(
          'id',
          'not in',
          kept.map((k) => k.id),
        )
        .execute();
    }
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

  it('reads a saved CV with GET without counting a view', async () => {
    const res = await call(hr, 'GET', `/hr/saved-cv/${saved._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewCount: 0, lastViewed: null, available: true });
    expect((res.json() as SavedCvDetail).curriculumVitae?.personalInfo?.fullName).toBe(
      'Thandi Mokoena',
    );
    expect(published.filter((p) => p.name === 'public-cv.viewed')).toEqual([]);
  });

  it('opens a saved CV: full CV data and template, counts the view, tells the owner', async () => {
    const res = await call(hr, 'POST', `/hr/saved-cv/${saved._id}/views`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SavedCvDetail;
    expect(detail).toMatchObject({
      viewCount: 1,
      rank: 'good',
      cvTemplate: 'template01',
      listed: true,
      available: true,
    });
    expect(detail.lastViewed).toEqual(expect.any(String));
    expect(detail.curriculumVitae?.personalInfo?.fullName).toBe('Thandi Mokoena');
    expect(detail.curriculumVitae?.contactInfo?.phone).toBe(CONTACT.phone);
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

  it('counts a view and tells the owner once an hour per HR user, however often it is opened', async () => {
    const url = `/hr/saved-cv/${saved._id}/views`;
    const viewedEvents = () => published.filter((p) => p.name === 'public-cv.viewed');
    const listingViews = async () =>
      (await call(seeker, 'GET', '/api/public-cv/status')).json().publicCV.viewCount as number;
    // 99 more opens after the one above: one view, one notice, one event in all.
    for (let i = 0; i < 99; i++) expect((await call(hr, 'POST', url)).statusCode).toBe(200);
    const last = (await call(hr, 'POST', `${url}`)).json() as SavedCvDetail;
    expect(last.viewCount).toBe(1);
    expect(await listingViews()).toBe(1);
    expect(await viewNotices(seeker)).toHaveLength(1);
    expect(viewedEvents()).toHaveLength(1);
    // Every visit is in the trail, which keeps each viewer's latest ones only.
    expect(await trailRows(item._id, hr.userId)).toBe(VIEW_TRAIL_PER_VIEWER);

    // 20 parallel first opens by another HR user: exactly one of them counts.
    const hr3 = await loginAs(t, { fullName: 'Third Recruiter', isHr: true });
    const saved3 = (await call(hr3, 'POST', `/api/public-cv/save/${item._id}`)).json().data;
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () => call(hr3, 'POST', `/hr/saved-cv/${saved3._id}/views`)),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(parallel.map((r) => (r.json() as SavedCvDetail).viewCount)).toEqual(Array(20).fill(1));
    expect(await listingViews()).toBe(2);
    const notices = await viewNotices(seeker);
    expect(notices.map((n) => n.message).sort()).toEqual([
      'Rita Recruiter viewed your public CV.',
      'Third Recruiter viewed your public CV.',
    ]);
    expect(viewedEvents()).toHaveLength(2);
    expect(await trailRows(item._id, hr3.userId)).toBe(20);

    // An hour later the next open counts again, once.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HR_VIEW_COUNT_WINDOW_MS + 1000 });
    try {
      for (let i = 0; i < 3; i++) expect((await call(hr, 'POST', url)).statusCode).toBe(200);
      const later = (await call(hr, 'POST', url)).json() as SavedCvDetail;
      expect(later.viewCount).toBe(2);
      expect(later.lastViewed).toBe(new Date().toISOString());
      expect(await listingViews()).toBe(3);
      expect(await viewNotices(seeker)).toHaveLength(3);
      expect(viewedEvents().at(-1)!.payload).toMatchObject({
        hrUserName: 'Rita Recruiter',
        viewCount: 3,
      });
    } finally {
      vi.useRealTimers();
    }
    const status = (await call(seeker, 'GET', '/api/public-cv/status')).json();
    expect(status.publicCV.hrViews).toHaveLength(3);
  });

  it('an unlisted CV leaves browse at once; the saver keeps its name, rank and notes only', async () => {
    await call(seeker, 'POST', '/api/public-cv/toggle');
    const after = await browse(hr);
    expect(after.data.map((d) => d._id)).not.toContain(item._id);
    expect(after.stats.available).toBe(1);
    expect((await browse(hr, '?savedOnly=true')).data).toEqual([]);
    expect((await call(hr2, 'POST', `/api/public-cv/save/${item._id}`)).statusCode).toBe(404);
    const listRes = await call(hr, 'GET', '/hr/saved-cv/saved-cvs');
    const mine = listRes.json().data as SavedCv[];
    expect(mine).toMatchObject([
      { _id: saved._id, fullName: 'Thandi Mokoena', rank: 'good', listed: false, available: false },
    ]);
    const before = await viewNotices(seeker);
    const res = await call(hr, 'GET', `/hr/saved-cv/${saved._id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SavedCvDetail;
    expect(detail).toMatchObject({
      fullName: 'Thandi Mokoena',
      rank: 'good',
      notes: [{ content: 'Strong Python' }],
      listed: false,
      available: false,
      curriculumVitae: null,
    });
    // Nothing of the CV, anywhere in either answer; nothing was viewed either.
    for (const body of [res.body, listRes.body]) {
      expect(body).not.toContain(CONTACT.phone);
      expect(body).not.toContain(CONTACT.email);
      expect(body).not.toContain('South African');
    }
    expect(await viewNotices(seeker)).toHaveLength(before.length);
  });

  it('shows an unlisted CV to an HR user it was shared with directly, and to no other', async () => {
    await shareWith(seeker, ['someone.else@example.com']);
    expect((await call(hr, 'GET', `/hr/saved-cv/${saved._id}`)).json()).toMatchObject({
      available: false,
      curriculumVitae: null,
    });
    // Recipients match the HR user's email in any letter case.
    const direct = (await shareWith(seeker, [hr.email.toUpperCase()])).shares[0]!._id;
    const list = (await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(list[0]).toMatchObject({ listed: false, available: true });
    const detail = (await call(hr, 'GET', `/hr/saved-cv/${saved._id}`)).json() as SavedCvDetail;
    expect(detail).toMatchObject({ listed: false, available: true });
    expect(detail.curriculumVitae?.contactInfo?.phone).toBe(CONTACT.phone);
    // An expired direct share no longer counts; extended, it does again; revoked, never.
    await call(seeker, 'PATCH', `/api/share-cv/${direct}/expiry`, { expiresInDays: 7 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 60 * 60 * 1000 });
    try {
      const closed = (await call(hr, 'GET', `/hr/saved-cv/${saved._id}`)).json();
      expect(closed).toMatchObject({ available: false, curriculumVitae: null });
      await call(seeker, 'PATCH', `/api/share-cv/${direct}/expiry`, { expiresInDays: 30 });
      expect((await call(hr, 'GET', `/hr/saved-cv/${saved._id}`)).json().available).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await call(seeker, 'POST', `/api/share-cv/${direct}/revoke`);
    const revoked = await call(hr, 'GET', `/hr/saved-cv/${saved._id}`);
    expect(revoked.json()).toMatchObject({ available: false, curriculumVitae: null });
    expect(revoked.body).not.toContain(CONTACT.phone);
    await call(seeker, 'POST', '/api/public-cv/toggle');
  });
});

describe('the HR view of a saved CV with media', () => {
  const get = (who: Who, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  /** Uploads one file and returns its url and public id. */
  async function put(who: Who, kind: 'image' | 'video' | 'raw', data: Buffer, type: string) {
    const res = await upload(
      t,
      who.cookie,
      kind,
      { data, filename: `f.${type.split('/')[1]}`, contentType: type },
      kind === 'image' ? { preset: 'photo' } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string; public_id: string }>();
  }

  it('gives the saver the photo, video and certificates, then none once unlisted', async () => {
    const owner = await loginAs(t, { fullName: 'Media Owner' });
    await personalInfo(owner, { fullName: 'Naledi Media' });
    const photo = await put(owner, 'image', await png(), 'image/png');
    const video = await put(owner, 'video', makeVideo(2), 'video/mp4');
    const doc = await put(owner, 'raw', pdf(), 'application/pdf');
    for (const [url, payload] of [
      ['/api/photo', { title: 'Portrait', photoUrl: photo.url, publicId: photo.public_id }],
      ['/api/first-impression', { videoUrl: video.url }],
      ['/api/certificate', { title: 'First aid', pdfUrl: doc.url, publicId: doc.public_id }],
    ] as const) {
      const res = await call(owner, 'POST', url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    }
    await call(owner, 'POST', '/api/public-cv/toggle');
    const cvId = (await call(owner, 'GET', '/api/curriculum-vitae')).json()._id as string;
    const recruiter = await loginAs(t, { fullName: 'Media Recruiter', isHr: true });
    const savedId = (await call(recruiter, 'POST', `/api/public-cv/save/${cvId}`)).json().data._id;

    const cv = (await get(recruiter, `/hr/saved-cv/${savedId}`)).json().curriculumVitae;
    expect(cv.assignedPhotoUrl).toContain(photo.public_id);
    expect(cv.firstImpression.videoUrl).toContain(video.public_id);
    expect(cv.certificates).toMatchObject([{ title: 'First aid' }]);
    expect(cv.certificates[0].pdfUrl).toContain(doc.public_id);
    for (const url of [
      cv.assignedPhotoUrl,
      cv.firstImpression.videoUrl,
      cv.certificates[0].pdfUrl,
    ]) {
      expect((await get(recruiter, url)).statusCode, url).toBe(200);
    }

    // The URLs are the recruiter's: another HR user who saved nothing gets none of them.
    const forwarded = cv.assignedPhotoUrl.replace(/saved=[0-9a-f]+\.[0-9a-f]+/, (m: string) =>
      m.replace(/[0-9a-f]{24}$/, '0'.repeat(24)),
    );
    expect((await get(recruiter, forwarded)).statusCode).toBe(404);

    await call(owner, 'POST', '/api/public-cv/toggle');
    const gone = await get(recruiter, `/hr/saved-cv/${savedId}`);
    expect(gone.json()).toMatchObject({ fullName: 'Naledi Media', curriculumVitae: null });
    expect(gone.body).not.toContain(photo.public_id);
    expect(gone.body).not.toContain(video.public_id);
    // The URLs handed out while it was listed end with the listing, not hours later.
    for (const url of [cv.assignedPhotoUrl, cv.firstImpression.videoUrl]) {
      expect((await get(recruiter, url)).statusCode, url).toBe(404);
    }

    // Shared directly without the photo: the CV and its video, not the photo.
    const share = await shareWith(owner, [recruiter.email]);
    const shared = (await get(recruiter, `/hr/saved-cv/${savedId}`)).json().curriculumVitae;
    expect(shared.assignedPhotoUrl).toBeNull();
    expect(shared.firstImpression.videoUrl).toContain(video.public_id);
    expect(shared.certificates).toHaveLength(1);
    expect((await get(recruiter, shared.firstImpression.videoUrl)).statusCode).toBe(200);
    // Revoking that share ends them too.
    await call(owner, 'POST', `/api/share-cv/${share.shares[0]!._id}/revoke`);
    expect((await get(recruiter, shared.firstImpression.videoUrl)).statusCode).toBe(404);
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

  it('saves an unlisted pending CV this browser unlocked with its pin, as the dashboard opens', async () => {
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
      payload: { cvId, shareId: shared.json().data._id, pin },
      remoteAddress: '10.201.0.1',
    });
    const grant = unlocked.cookies.find((c) => c.name === UNLOCK_COOKIE)!;
    // The recipient the pin was sent to, signed up with that email.
    const newHr = await loginAs(t, { fullName: 'Pin Recruiter', email: 'recruiter@acme.example' });
    await call(newHr, 'POST', '/auth/user/enable-hr-dashboard', { cvToSave: cvId });
    // /hr paths do not see the unlock cookie: the id stays pending, nothing is saved yet.
    expect((await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
    const withGrant = { ...newHr, cookie: `${newHr.cookie}; ${UNLOCK_COOKIE}=${grant.value}` };
    // Browsing is a read: only the dashboard's save-pending call settles the handover.
    expect((await browse(withGrant)).stats.saved).toBe(0);
    expect((await call(withGrant, 'POST', '/api/public-cv/save-pending')).statusCode).toBe(204);
    const page = await browse(withGrant);
    expect(page.stats.saved).toBe(1);
    expect(page.data.map((d) => d.curriculumVitaeID)).not.toContain(cvId);
    const list = (await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data as SavedCv[];
    expect(list).toMatchObject([{ curriculumVitaeID: cvId, fullName: 'Private Person' }]);
    const detail = (await call(newHr, 'GET', `/hr/saved-cv/${list[0]!._id}`)).json();
    expect(detail).toMatchObject({ cvTemplate: 'template01', listed: false, available: true });
    expect(detail.curriculumVitae.personalInfo.fullName).toBe('Private Person');
  });

  it('does not save a pending CV that is not listed', async () => {
    const newHr = await loginAs(t, { fullName: 'Another Recruiter' });
    await call(newHr, 'POST', '/auth/user/enable-hr-dashboard', {
      cvToSave: 'abcdefabcdefabcdefabcdef',
    });
    expect((await call(newHr, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
    expect((await call(newHr, 'POST', '/api/public-cv/save-pending')).statusCode).toBe(204);
    expect((await browse(newHr)).stats.saved).toBe(0);
    const user = await t.db
      .selectFrom('users')
      .select('pending_cv_to_save')
      .where('id', '=', newHr.userId)
      .executeTakeFirstOrThrow();
    expect(user.pending_cv_to_save).toBeNull();
  });
});
