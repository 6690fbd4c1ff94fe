import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_MESSAGES, VERSIONS_MAX, type CvData } from '@vitae/core';
import type { CvVersion } from '@vitae/core/responses/cv';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = callAs(() => t);
const base = '/api/curriculum-vitae/versions';
const versions = async (who: Who) => (await call(who, 'GET', base)).json().data as CvVersion[];
const create = (who: Who, body: unknown) => call(who, 'POST', base, body);
const dataOf = async (who: Who, version?: string) =>
  (
    await call(who, 'GET', `/api/curriculum-vitae/data${version ? `?version=${version}` : ''}`)
  ).json().data as CvData;
const include = (who: Who, version: string, entry: string, section: string, included: boolean) =>
  call(who, 'PUT', `${base}/${version}/entries/${entry}`, { section, included });

async function addJob(who: Who, jobTitle: string): Promise<string> {
  const res = await call(who, 'POST', '/api/employment-history', {
    position: jobTitle,
    company: 'Acme',
    startDate: '2020-01',
    current: true,
  });
  expect(res.statusCode).toBe(201);
  const list = res.json().data as { _id: string; position: string }[];
  return list.find((j) => j.position === jobTitle)!._id;
}

const jobTitles = (data: CvData) => data.employHistorys.map((j) => j.position);

describe('CV versions', () => {
  it('starts every account with one default version, "My CV", the one the CV calls act on', async () => {
    const me = await loginAs(t);
    const [first, ...rest] = await versions(me);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ name: 'My CV', isDefault: true, excluded: [], liveShares: 0 });
    expect((await call(me, 'GET', '/api/curriculum-vitae')).json()._id).toBe(first!._id);
  });

  it('creates, renames and refuses bad or clashing names with 400/409, storing nothing', async () => {
    const me = await loginAs(t);
    const made = await create(me, { name: '  Data analyst ' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Data analyst', isDefault: false });

    for (const name of ['', ' ', 'x'.repeat(41), 'a\u0000b', 42]) {
      const bad = await create(me, { name });
      expect(bad.statusCode).toBe(400);
    }
    expect((await create(me, { name: 'Ok', extra: 1 })).statusCode).toBe(400);
    const clash = await create(me, { name: 'DATA ANALYST' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(VERSION_MESSAGES.duplicateName);
    expect((await versions(me)).map((v) => v.name)).toEqual(['My CV', 'Data analyst']);

    const id = made.json()._id as string;
    const renamed = await call(me, 'PATCH', `${base}/${id}`, { name: 'Analyst' });
    expect(renamed.json().name).toBe('Analyst');
    expect((await call(me, 'PATCH', `${base}/${id}`, { name: 'my cv' })).statusCode).toBe(409);
    expect((await call(me, 'PATCH', `${base}/${id}`, { isDefault: false })).statusCode).toBe(400);
  });

  it("keeps each version's template, design, layout and paper apart; the profile's facts are shared", async () => {
    const me = await loginAs(t);
    const id = (await create(me, { name: 'Teaching' })).json()._id as string;
    const q = `?version=${id}`;
    expect(
      (await call(me, 'PATCH', `/api/curriculum-vitae/template${q}`, { template: 'template07' }))
        .statusCode,
    ).toBe(200);
    await call(me, 'PUT', `/api/curriculum-vitae/page-size${q}`, { pageSize: 'Letter' });
    await call(me, 'PUT', `/api/curriculum-vitae/design${q}`, {
      accent: '#be123c',
      font: 'lora',
      size: 'large',
      density: 'compact',
    });
    await call(me, 'PUT', `/api/curriculum-vitae/arrangement${q}`, {
      order: ['skill'],
      hidden: ['reference'],
      titles: { skill: 'Strengths' },
    });
    await call(me, 'POST', '/api/contact-info', { phone: '082 555 0147', email: 'a@example.com' });

    const teaching = await call(me, 'GET', `/api/curriculum-vitae/data${q}`);
    expect(teaching.json().cv).toMatchObject({
      _id: id,
      template: 'template07',
      pageSize: 'Letter',
    });
    expect(teaching.json().data.design.font).toBe('lora');
    expect(teaching.json().data.arrangement.titles).toEqual({ skill: 'Strengths' });
    const main = await call(me, 'GET', '/api/curriculum-vitae/data');
    expect(main.json().cv).toMatchObject({ template: 'template01', pageSize: 'A4' });
    expect(main.json().data.arrangement.titles).toEqual({});
    // One phone number, in both.
    expect(teaching.json().data.contactInfo.phone).toBe('082 555 0147');
    expect(main.json().data.contactInfo.phone).toBe('082 555 0147');

    // A copy starts as its source.
    const copy = await create(me, { name: 'Teaching 2', from: id });
    expect(copy.json()).toMatchObject({ template: 'template07', pageSize: 'Letter' });
    expect((await dataOf(me, copy.json()._id)).design.font).toBe('lora');
  });

  it('leaves out the entries a version unticks; a new entry joins every version', async () => {
    const me = await loginAs(t);
    const mine = (await versions(me))[0]!._id;
    const analyst = (await create(me, { name: 'Data analyst' })).json()._id as string;
    const cook = await addJob(me, 'Cook');
    await addJob(me, 'Analyst');
    const out = await include(me, analyst, cook, 'employment-history', false);
    expect(out.statusCode).toBe(200);
    expect(out.json().excluded).toEqual([cook]);
    expect(jobTitles(await dataOf(me, analyst))).toEqual(['Analyst']);
    expect(jobTitles(await dataOf(me, mine)).sort()).toEqual(['Analyst', 'Cook']);

    await addJob(me, 'Lead');
    expect(jobTitles(await dataOf(me, analyst)).sort()).toEqual(['Analyst', 'Lead']);

    // A copy leaves out what its source leaves out.
    const copy = (await create(me, { name: 'Analyst copy', from: analyst })).json()._id as string;
    expect(jobTitles(await dataOf(me, copy))).not.toContain('Cook');

    // Back in.
    await include(me, analyst, cook, 'employment-history', true);
    expect(jobTitles(await dataOf(me, analyst))).toContain('Cook');
  });

  it("leaves out entries of the user's own sections too, and only the user's", async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const mine = (await versions(me))[0]!._id;
    const analyst = (await create(me, { name: 'Data analyst' })).json()._id as string;
    const addSection = async (who: Who) => {
      await call(who, 'POST', '/api/custom-sections', { title: 'Volunteering', kind: 'volunteer' });
      return ((await call(who, 'GET', '/api/custom-sections')).json().data as { _id: string }[])[0]!
        ._id;
    };
    const section = await addSection(me);
    for (const title of ['Reading Mentor', 'Race Marshal']) {
      const res = await call(me, 'POST', `/api/custom-sections/${section}/entries`, { title });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const entries = (data: CvData) => data.customSections.flatMap((s) => s.entries);
    const marshal = entries(await dataOf(me)).find((e) => e.title === 'Race Marshal')!._id;

    expect((await include(me, analyst, marshal, 'custom', false)).json().excluded).toEqual([
      marshal,
    ]);
    expect(entries(await dataOf(me, analyst)).map((e) => e.title)).toEqual(['Reading Mentor']);
    expect(entries(await dataOf(me, mine)).map((e) => e.title)).toEqual([
      'Reading Mentor',
      'Race Marshal',
    ]);
    // Another user's entry, or a job named as the user's own section's entry: 404.
    const theirSection = await addSection(other);
    await call(other, 'POST', `/api/custom-sections/${theirSection}/entries`, { title: 'Theirs' });
    const theirs = entries(await dataOf(other))[0]!._id;
    expect((await include(me, analyst, theirs, 'custom', false)).statusCode).toBe(404);
    const job = await addJob(me, 'Cook');
    expect((await include(me, analyst, job, 'custom', false)).statusCode).toBe(404);
    await include(me, analyst, marshal, 'custom', true);
    expect(entries(await dataOf(me, analyst))).toHaveLength(2);
  });

  it("answers 404 for another user's version or entry and 400 for a bad section", async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const mine = (await versions(me))[0]!._id;
    const theirs = (await versions(other))[0]!._id;
    const job = await addJob(me, 'Cook');
    const theirJob = await addJob(other, 'Baker');

    expect((await include(me, theirs, job, 'employment-history', false)).statusCode).toBe(404);
    expect((await include(me, mine, theirJob, 'employment-history', false)).statusCode).toBe(404);
    expect((await include(me, mine, job, 'skill', false)).statusCode).toBe(404);
    expect((await include(me, mine, job, 'personal-info', false)).statusCode).toBe(400);
    expect((await include(me, mine, job, 'employment-history', 'no' as never)).statusCode).toBe(
      400,
    );
    expect((await call(me, 'PATCH', `${base}/${theirs}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(me, 'DELETE', `${base}/${theirs}`)).statusCode).toBe(404);
    expect((await call(me, 'GET', `/api/curriculum-vitae/data?version=${theirs}`)).statusCode).toBe(
      404,
    );
    expect((await call(me, 'GET', `/api/curriculum-vitae/pdf?version=${theirs}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(me, 'PATCH', `/api/curriculum-vitae/template?version=${theirs}`, {
          template: 'template02',
        })
      ).statusCode,
    ).toBe(404);
    expect((await create(me, { name: 'Copy', from: theirs })).statusCode).toBe(404);
    expect((await versions(other))[0]!.name).toBe('My CV');
    expect((await dataOf(other)).employHistorys).toHaveLength(1);
  });

  it('moves the default, and gives a version its own headline and summary', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', { fullName: 'Naledi Dlamini', headline: 'Chef' });
    await call(me, 'POST', '/api/personal-summary', { content: 'I cook.' });
    const id = (await create(me, { name: 'Analyst' })).json()._id as string;
    const own = await call(me, 'PATCH', `${base}/${id}`, {
      isDefault: true,
      headline: 'Data analyst',
      summary: '<p>I <strong>count</strong>.<script>x</script></p>',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      isDefault: true,
      summary: '<p>I <strong>count</strong>.</p>',
    });
    const list = await versions(me);
    expect(list.filter((v) => v.isDefault).map((v) => v._id)).toEqual([id]);
    expect((await call(me, 'GET', '/api/curriculum-vitae')).json()._id).toBe(id);
    const data = await dataOf(me);
    expect(data.personalInfo?.headline).toBe('Data analyst');
    expect(data.personalSummary?.summary).toBe('<p>I <strong>count</strong>.</p>');
    const other = await dataOf(me, list.find((v) => v._id !== id)!._id);
    expect(other.personalInfo?.headline).toBe('Chef');
    expect(other.personalSummary?.summary).toBe('I cook.');
    // Back to the profile's.
    await call(me, 'PATCH', `${base}/${id}`, { headline: null, summary: null });
    expect((await dataOf(me)).personalInfo?.headline).toBe('Chef');
  });

  it('never deletes the last version, asks before revoking live shares, and moves the default', async () => {
    const me = await loginAs(t);
    const first = (await versions(me))[0]!._id;
    const last = await call(me, 'DELETE', `${base}/${first}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(VERSION_MESSAGES.lastOne);

    const second = (await create(me, { name: 'Second' })).json()._id as string;
    await call(me, 'POST', '/api/personal-info', { fullName: 'Naledi Dlamini' });
    const shared = await call(me, 'POST', '/api/share-cv', {
      curriculumVitaeID: first,
      subject: 'CV Application - Naledi Dlamini',
      message: 'Please consider my CV.',
      recipients: [{ email: 'hr@example.com' }],
      assignedPhotoUrl: null,
    });
    expect(shared.statusCode).toBe(201);
    expect((await versions(me)).find((v) => v._id === first)!.liveShares).toBe(1);

    const asked = await call(me, 'DELETE', `${base}/${first}`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toBe(VERSION_MESSAGES.liveShares(1));
    expect(await versions(me)).toHaveLength(2);

    const gone = await call(me, 'DELETE', `${base}/${first}?revokeShares=true`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toMatchObject([{ _id: second, isDefault: true }]);
    const shares = (await call(me, 'GET', '/api/share-cv')).json().data as { status: string }[];
    expect(shares.map((s) => s.status)).toEqual(['revoked']);
  });

  it(`holds the cap of ${VERSIONS_MAX} versions and one default under parallel requests`, async () => {
    const me = await loginAs(t);
    const made = await Promise.all(
      Array.from({ length: VERSIONS_MAX + 3 }, (_, i) => create(me, { name: `CV ${i}` })),
    );
    const codes = made.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(VERSIONS_MAX - 1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect(made.find((r) => r.statusCode === 409)!.json().error).toBe(VERSION_MESSAGES.tooMany);
    const list = await versions(me);
    expect(list).toHaveLength(VERSIONS_MAX);

    await Promise.all(list.map((v) => call(me, 'PATCH', `${base}/${v._id}`, { isDefault: true })));
    expect((await versions(me)).filter((v) => v.isDefault)).toHaveLength(1);
  });
});
