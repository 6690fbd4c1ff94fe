import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCvData, EMPTY_CV, SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import {
  buildMediaTestApp,
  makeVideo,
  pdf,
  png,
  upload,
  type MediaTestApp,
} from '../test/media-test-kit.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { CV_MESSAGES } from './cv.routes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = callAs(() => t);

describe('/api/curriculum-vitae', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/curriculum-vitae'],
      ['POST', '/api/curriculum-vitae'],
      ['PATCH', '/api/curriculum-vitae', { id: 'x' }],
      ['PATCH', '/api/curriculum-vitae/template', { template: 'template02' }],
      ['GET', '/api/curriculum-vitae/data'],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toBe('You must be logged in.');
    }
  });

  it('every account has its CV record from sign-up: GET returns the same one each time', async () => {
    const me = await loginAs(t);
    const first = await call(me, 'GET', '/api/curriculum-vitae');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      template: 'template01',
    });
    const again = await call(me, 'GET', '/api/curriculum-vitae');
    expect(again.json()._id).toBe(first.json()._id);
  });

  const dropRecord = (who: Who) =>
    t.db.deleteFrom('curriculum_vitae').where('user_id', '=', who.userId).execute();

  it('POST creates the record only when none exists', async () => {
    const me = await loginAs(t);
    const signUp = (await call(me, 'GET', '/api/curriculum-vitae')).json();
    expect((await call(me, 'POST', '/api/curriculum-vitae')).json()._id).toBe(signUp._id);
    await dropRecord(me);
    // GET reads only: without a record it says so and creates nothing.
    const missing = await call(me, 'GET', '/api/curriculum-vitae');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(CV_MESSAGES.notFound);
    const created = await call(me, 'POST', '/api/curriculum-vitae');
    expect(created.statusCode).toBe(201);
    const existing = await call(me, 'POST', '/api/curriculum-vitae');
    expect(existing.statusCode).toBe(200);
    expect(existing.json()._id).toBe(created.json()._id);
  });

  it('migration cv-at-sign-up gives accounts made before it their record', async () => {
    const me = await loginAs(t);
    await dropRecord(me);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider });
    const names = (await migrator.getMigrations()).map((m) => m.name);
    const before = names[names.findIndex((n) => n.endsWith('cv-at-sign-up')) - 1]!;
    const down = await migrator.migrateTo(before);
    expect(down.results?.map((r) => r.migrationName)).toContain('013-cv-at-sign-up');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const res = await call(me, 'GET', '/api/curriculum-vitae');
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toBe('template01');
  });

  it('PATCH {id} rebuilds the CV, and answers 404 for another user and 400 without an id', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const cv = (await call(me, 'GET', '/api/curriculum-vitae')).json();
    await new Promise((r) => setTimeout(r, 5));
    const rebuilt = await call(me, 'PATCH', '/api/curriculum-vitae', { id: cv._id });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.json()._id).toBe(cv._id);
    expect(rebuilt.json().updatedAt > cv.updatedAt).toBe(true);
    const foreign = await call(other, 'PATCH', '/api/curriculum-vitae', { id: cv._id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(CV_MESSAGES.notFound);
    expect((await call(me, 'PATCH', '/api/curriculum-vitae', {})).statusCode).toBe(400);
  });

  it('PATCH /template stores one of the ten templates and refuses others', async () => {
    const me = await loginAs(t);
    const saved = await call(me, 'PATCH', '/api/curriculum-vitae/template', {
      template: 'template06',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().template).toBe('template06');
    expect((await call(me, 'GET', '/api/curriculum-vitae')).json().template).toBe('template06');
    const bad = await call(me, 'PATCH', '/api/curriculum-vitae/template', {
      template: 'template11',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.template).toBe(CV_MESSAGES.templateInvalid);
    expect((await call(me, 'GET', '/api/curriculum-vitae/data')).json().cv.template).toBe(
      'template06',
    );
  });
});

describe('GET /api/curriculum-vitae/data', () => {
  it('returns an empty CV for a new user, with the CV record', async () => {
    const me = await loginAs(t, { fullName: 'Lindiwe Dube' });
    const res = await call(me, 'GET', '/api/curriculum-vitae/data');
    expect(res.statusCode).toBe(200);
    expect(res.json().cv).toEqual({
      _id: expect.any(String),
      template: 'template01',
      pageSize: 'A4',
    });
    // Still empty (no account name): the viewer shows its sample CV.
    expect(res.json().data).toEqual(EMPTY_CV);
  });

  it("names a CV without personal information by the account's name, and nothing else", async () => {
    const me = await loginAs(t, { fullName: 'Lindiwe Dube' });
    await call(me, 'POST', '/api/skill', { skill: 'Excel', proficiency: '4' });
    const { personalInfo } = (await call(me, 'GET', '/api/curriculum-vitae/data')).json().data;
    expect(personalInfo).toEqual(
      buildCvData({ personalInfo: [{ fullName: 'Lindiwe Dube' }] }).personalInfo,
    );
    expect(personalInfo).toMatchObject({ fullName: 'Lindiwe Dube', headline: '', idNumber: '' });
  });

  it('shows the saved personal information, headline included, over the account name', async () => {
    const me = await loginAs(t, { fullName: 'Account Name' });
    const saved = await call(me, 'POST', '/api/personal-info', {
      fullName: 'Sipho Ndlovu',
      headline: 'Senior Software Engineer',
    });
    expect(saved.statusCode).toBe(201);
    const { personalInfo } = (await call(me, 'GET', '/api/curriculum-vitae/data')).json().data;
    expect(personalInfo).toMatchObject({
      fullName: 'Sipho Ndlovu',
      headline: 'Senior Software Engineer',
    });
  });

  it('returns in one request the same data as the section endpoints, and only the caller’s', async () => {
    const me = await loginAs(t, { fullName: 'Aggregate Owner' });
    const other = await loginAs(t);
    for (const key of SECTION_KEYS) {
      for (const entry of SECTIONS[key].sample) {
        const res = await call(me, 'POST', `/api/${key}`, entry);
        expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
      }
    }
    await call(other, 'POST', '/api/interest', { interest: 'Not mine' });

    const fromSections: Record<string, unknown> = {};
    for (const key of SECTION_KEYS) {
      const camel = key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      fromSections[camel] = (await call(me, 'GET', `/api/${key}`)).json().data;
    }
    const expected = buildCvData(fromSections);
    const res = await call(me, 'GET', '/api/curriculum-vitae/data');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual(expected);
    expect(data.interests.map((i: { interest: string }) => i.interest)).not.toContain('Not mine');
    // Every section the samples fill reaches the templates.
    const filled = (k: SectionKey) => SECTIONS[k].sample.length > 0;
    expect(SECTION_KEYS.every(filled)).toBe(true);
    expect(data.personalInfo).not.toBeNull();
    expect(data.contactInfo).not.toBeNull();
    expect(data.personalSummary).not.toBeNull();
    for (const list of [
      'experiences',
      'employHistorys',
      'tertEdus',
      'secondEdu',
      'skills',
      'languages',
      'references',
      'interests',
      'attributes',
    ]) {
      expect(data[list].length, list).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/curriculum-vitae/data with media', () => {
  let m: MediaTestApp;
  beforeAll(async () => {
    m = await buildMediaTestApp('local');
  });
  afterAll(() => m.close());

  it('includes the assigned photo with a working signed URL, and no video or certificates yet', async () => {
    const { cookie } = await loginAs(m);
    const photo = await upload(
      m,
      cookie,
      'image',
      { data: await png(), filename: 'p.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const { url, public_id } = photo.json<{ url: string; public_id: string }>();
    const created = await m.app.inject({
      method: 'POST',
      url: '/api/photo',
      headers: { cookie },
      payload: { title: 'Portrait', photoUrl: url, publicId: public_id },
    });
    expect(created.statusCode).toBe(201);

    const res = await m.app.inject({
      method: 'GET',
      url: '/api/curriculum-vitae/data',
      headers: { cookie },
    });
    const data = res.json().data;
    expect(data.assignedPhotoUrl).toEqual(expect.stringContaining(public_id));
    expect(data.firstImpression).toBeNull();
    expect(data.certificates).toEqual([]);
    const img = await m.app.inject({
      method: 'GET',
      url: data.assignedPhotoUrl,
      headers: { cookie },
    });
    expect(img.statusCode).toBe(200);
  });

  it('includes the video and the certificates, newest first, as their own endpoints list them', async () => {
    const { cookie, userId } = await loginAs(m);
    const get = async (url: string) =>
      (await m.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    const post = (url: string, payload: object) =>
      m.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const video = (
      await upload(m, cookie, 'video', {
        data: makeVideo(2),
        filename: 'v.mp4',
        contentType: 'video/mp4',
      })
    ).json();
    expect((await post('/api/first-impression', { videoUrl: video.url, userId })).statusCode).toBe(
      201,
    );
    const doc = (
      await upload(m, cookie, 'raw', {
        data: pdf(),
        filename: 'c.pdf',
        contentType: 'application/pdf',
      })
    ).json();
    await post('/api/certificate', {
      title: 'First aid',
      pdfUrl: doc.url,
      publicId: doc.public_id,
    });
    const pic = (
      await upload(m, cookie, 'image', {
        data: await png(),
        filename: 'c.png',
        contentType: 'image/png',
      })
    ).json();
    await post('/api/certificate', { title: 'Award', photoUrl: pic.url, publicId: pic.public_id });

    const { data } = await get('/api/curriculum-vitae/data');
    const [own] = (await get('/api/first-impression')).data;
    expect(data.firstImpression).toEqual({ _id: own._id, videoUrl: own.videoUrl });
    const certificates = (await get('/api/certificate')).data;
    expect(certificates.map((c: { title: string }) => c.title)).toEqual(['Award', 'First aid']);
    expect(data.certificates).toEqual(
      certificates.map(
        ({ _id, title, pdfUrl, photoUrl, issuer, date, url }: Record<string, string>) => ({
          _id,
          title,
          pdfUrl,
          photoUrl,
          // Issue 32: a certificate's details, for one without a file (a LinkedIn import).
          issuer,
          date,
          url,
        }),
      ),
    );
    const file = await m.app.inject({ url: data.certificates[1].pdfUrl, headers: { cookie } });
    expect(file.statusCode).toBe(200);
  });
});
