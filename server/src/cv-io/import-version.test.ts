import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS, SECTION_KEYS, VERSIONS_MAX, VERSION_MESSAGES, type CvData } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { CV_IO_MESSAGES } from './cv-io.routes.ts';
import { IMPORTED_CV_NAME } from './cv-io.service.ts';
import type { CertificatePlan } from '@vitae/core/json-resume/import-result';

/*
 * Issue 30: a JSON Resume imported as a new CV version, or onto the layout of one, merges its
 * facts into the profile without repeating what the profile holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = callAs(() => t);

interface Version {
  _id: string;
  name: string;
  isDefault: boolean;
  template: string;
  pageSize: string;
  headline: string | null;
  excluded: string[];
}
type Resume = Record<string, unknown> & { skills?: unknown[]; meta?: unknown };
type Result = {
  imported: boolean;
  sections: { key: string; count: number; already?: number; entries: { already?: boolean }[] }[];
  notes: string[];
  layout?: { name: string | null } | null;
  certificates?: CertificatePlan | null;
  version?: { _id: string; name: string } | null;
};

const importAs = (who: Who, resume: unknown, query: string) =>
  call(who, 'POST', `/api/cv/import?${query}`, resume);

const versionsOf = async (who: Who) =>
  (await call(who, 'GET', '/api/curriculum-vitae/versions')).json().data as Version[];

/** How many entries each section holds, the custom sections' entries too. */
async function countsOf(who: Who) {
  const out: Record<string, number> = {};
  for (const key of SECTION_KEYS) {
    const res = await call(who, 'GET', SECTIONS[key].apiPath);
    const data = res.json().data as unknown;
    out[key] = Array.isArray(data) ? data.length : data ? 1 : 0;
  }
  const custom = (await call(who, 'GET', '/api/custom-sections')).json().data as {
    title: string;
    entries: unknown[];
  }[];
  for (const s of custom) out[`custom:${s.title}`] = s.entries.length;
  return out;
}

const cvOf = async (who: Who, version: string) =>
  (await call(who, 'GET', `/api/curriculum-vitae/data?version=${version}`)).json() as {
    cv: { template: string; pageSize: string };
    data: CvData & { arrangement: unknown; design: unknown };
  };

/** The sections of a CV without the ids the database gave them. */
const sectionsOf = (cv: CvData): unknown =>
  JSON.parse(
    JSON.stringify(Object.fromEntries(SECTION_KEYS.map((k) => [k, cv[SECTIONS[k].cv.field]]))),
    (key, value: unknown) => (key === '_id' ? undefined : value),
  );

async function fillProfile(who: Who) {
  for (const key of SECTION_KEYS) {
    for (const entry of SECTIONS[key].sample) {
      const res = await call(who, 'POST', SECTIONS[key].apiPath, entry);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
    }
  }
  const made = await call(who, 'POST', '/api/custom-sections', { title: 'Awards', kind: 'awards' });
  const id = (made.json().data as { _id: string }[]).at(-1)!._id;
  for (const title of ['Gold', 'Silver']) {
    await call(who, 'POST', `/api/custom-sections/${id}/entries`, { title, startDate: '2020' });
  }
}

/** A version named `name` leaving out the first job, with its own look and headline. */
async function tailoredVersion(who: Who, name: string) {
  const id = (await call(who, 'POST', '/api/curriculum-vitae/versions', { name })).json()
    ._id as string;
  const q = `?version=${id}`;
  const jobs = (await call(who, 'GET', '/api/employment-history')).json().data as {
    _id: string;
  }[];
  await call(who, 'PUT', `/api/curriculum-vitae/versions/${id}/entries/${jobs[0]!._id}`, {
    section: 'employment-history',
    included: false,
  });
  await call(who, 'PATCH', `/api/curriculum-vitae/template${q}`, { template: 'template08' });
  await call(who, 'PUT', `/api/curriculum-vitae/page-size${q}`, { pageSize: 'Letter' });
  await call(who, 'PUT', `/api/curriculum-vitae/design${q}`, {
    accent: '#0f766e',
    font: 'lora',
    size: 'small',
    density: 'compact',
  });
  await call(who, 'PUT', `/api/curriculum-vitae/arrangement${q}`, {
    order: ['skill', 'employment-history'],
    hidden: ['reference'],
    titles: { skill: 'Toolbox' },
  });
  await call(who, 'PATCH', `/api/curriculum-vitae/versions/${id}`, { headline: 'Data person' });
  return { id, excludedJob: jobs[0]!._id };
}

const exportOf = async (who: Who, version: string) =>
  (await call(who, 'GET', `/api/cv/export?version=${version}`)).json() as Resume;

/** `n` versions in all, made through the API. */
async function versionsUpTo(who: Who, n: number) {
  const have = (await versionsOf(who)).length;
  for (let i = have; i < n; i++) {
    const res = await call(who, 'POST', '/api/curriculum-vitae/versions', { name: `CV ${i}` });
    expect(res.statusCode, res.body).toBe(201);
  }
}

const withSkill = (resume: Resume, name: string): Resume => ({
  ...resume,
  skills: [...(resume.skills ?? []), { name, level: 'Expert' }],
});

describe('JSON Resume import as a CV version', () => {
  it('imports an export of a version into the same account as a new CV, with nothing twice', async () => {
    const who = await loginAs(t);
    await fillProfile(who);
    const { id, excludedJob } = await tailoredVersion(who, 'Data analyst');
    const resume = await exportOf(who, id);
    const before = await countsOf(who);

    const preview = await importAs(who, resume, 'target=new&dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json() as Result;
    expect(planned.layout).toEqual({ name: 'Data analyst' });
    // Every entry of the file is one the profile holds: none is new.
    for (const s of planned.sections) {
      expect(s.count, s.key).toBe(0);
      expect(s.already, s.key).toBe(s.entries.length);
    }
    expect(planned.notes).toContain('Sections of your own: Awards (0 new, 2 already there).');

    const res = await importAs(who, resume, 'target=new');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as Result;
    expect(done.version?.name).toBe('Data analyst (2)');
    expect(await countsOf(who)).toEqual(before);

    // The new CV: the file's look and only the file's entries.
    const made = (await versionsOf(who)).find((v) => v._id === done.version!._id)!;
    expect(made).toMatchObject({
      isDefault: false,
      template: 'template08',
      pageSize: 'Letter',
      headline: 'Data person',
    });
    expect(made.excluded).toEqual([excludedJob]);
    const mine = await cvOf(who, id);
    const theirs = await cvOf(who, made._id);
    expect(theirs.data.design).toEqual(mine.data.design);
    expect(theirs.data.arrangement).toEqual(mine.data.arrangement);
    expect(sectionsOf(theirs.data)).toEqual(sectionsOf(mine.data));

    // Again: another CV, still nothing twice.
    const again = await importAs(who, resume, 'target=new');
    expect(again.json().version.name).toBe('Data analyst (3)');
    expect(await countsOf(who)).toEqual(before);
  });

  it('leaves the profile entries not in the file out of the new CV; new ones join every CV', async () => {
    const who = await loginAs(t);
    await fillProfile(who);
    const resume: Resume = {
      basics: { name: 'Someone Else' },
      skills: [
        { name: 'KNOT  tying ', level: 'Expert' },
        { name: 'Kayaking', level: 'Beginner' },
      ],
    };
    await call(who, 'POST', '/api/skill', { skill: 'Knot tying', proficiency: 4 });
    const before = await countsOf(who);
    const res = await importAs(who, resume, 'target=new');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as Result;
    expect(done.version?.name).toBe(IMPORTED_CV_NAME);
    const skills = done.sections.find((s) => s.key === 'skill')!;
    // "KNOT  tying " is the Knot tying the profile has; Kayaking is new.
    expect(skills.entries.map((e) => e.already ?? false)).toEqual([true, false]);
    expect(skills).toMatchObject({ count: 1, already: 1 });
    const after = await countsOf(who);
    expect(after.skill).toBe(before.skill! + 1);

    const versions = await versionsOf(who);
    const made = versions.find((v) => v._id === done.version!._id)!;
    const allSkills = (await call(who, 'GET', '/api/skill')).json().data as {
      _id: string;
      skill: string;
    }[];
    const knots = allSkills.find((s) => s.skill === 'Knot tying')!;
    expect(made.excluded).not.toContain(knots._id);
    // Each other list entry of the profile is left out of this CV.
    const jobs = (await call(who, 'GET', '/api/employment-history')).json().data as {
      _id: string;
    }[];
    for (const job of jobs) expect(made.excluded).toContain(job._id);
    const cv = await cvOf(who, made._id);
    expect(cv.data.skills.map((s) => s.skill)).toEqual(['Knot tying', 'Kayaking']);
    expect(cv.data.employHistorys).toEqual([]);
    // The profile's own section is hidden on it, shown on the default.
    expect(
      (cv.data.arrangement as { hidden: string[] }).hidden.some((k) => k.startsWith('custom:')),
    ).toBe(true);
    // The default still has everything, the new entries included.
    const def = versions.find((v) => v.isDefault)!;
    expect(def.excluded).toEqual([]);

    // A second import with one more skill: that one is new, in every version.
    const more = await importAs(who, withSkill(resume, 'Rowing'), 'target=new');
    expect(more.json().version.name).toBe(`${IMPORTED_CV_NAME} (2)`);
    const rowing = ((await call(who, 'GET', '/api/skill')).json().data as typeof allSkills).find(
      (s) => s.skill === 'Rowing',
    )!;
    for (const v of await versionsOf(who)) {
      if (v._id !== more.json().version._id) {
        expect(v.excluded, v.name).not.toContain(rowing._id);
      }
    }
    expect((await countsOf(who)).skill).toBe(after.skill! + 1);
  });

  it('lays out a chosen version as the file says and merges the facts', async () => {
    const who = await loginAs(t);
    await fillProfile(who);
    const { id } = await tailoredVersion(who, 'Analyst');
    const resume = await exportOf(who, id);
    const target = (await versionsOf(who)).find((v) => v.isDefault)!;
    const before = await countsOf(who);

    const res = await importAs(
      who,
      withSkill(resume, 'Forecasting'),
      `target=version&version=${target._id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toEqual({ _id: target._id, name: target.name });
    const after = await countsOf(who);
    expect(after).toEqual({ ...before, skill: before.skill! + 1 });
    const laid = (await versionsOf(who)).find((v) => v._id === target._id)!;
    expect(laid).toMatchObject({
      template: 'template08',
      pageSize: 'Letter',
      headline: 'Data person',
    });
    // Its entries are its own as before: only the layout changed.
    expect(laid.excluded).toEqual(target.excluded);
    expect((await cvOf(who, target._id)).data.design).toEqual((await cvOf(who, id)).data.design);
    expect(await versionsOf(who)).toHaveLength(2);
  });

  it('refuses an 11th CV with 409 and stores nothing', async () => {
    const who = await loginAs(t);
    await versionsUpTo(who, VERSIONS_MAX);
    const res = await importAs(
      who,
      { skills: [{ name: 'Welding', level: 'Expert' }] },
      'target=new',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(VERSION_MESSAGES.tooMany);
    expect((await countsOf(who)).skill).toBe(0);
    expect(await versionsOf(who)).toHaveLength(VERSIONS_MAX);
  });

  it('makes at most the CVs the cap leaves under parallel imports', async () => {
    const who = await loginAs(t);
    await versionsUpTo(who, VERSIONS_MAX - 2);
    const file = { skills: [{ name: 'Welding', level: 'Expert' }] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => importAs(who, file, 'target=new')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const versions = await versionsOf(who);
    expect(versions).toHaveLength(VERSIONS_MAX);
    expect(new Set(versions.map((v) => v.name.toLowerCase())).size).toBe(VERSIONS_MAX);
    expect(versions.map((v) => v.name)).toEqual(
      expect.arrayContaining([IMPORTED_CV_NAME, `${IMPORTED_CV_NAME} (2)`]),
    );
    // The skill once, however many imports brought it.
    expect((await countsOf(who)).skill).toBe(1);
  });

  it("answers 404 for another user's version and stores nothing", async () => {
    const who = await loginAs(t);
    const other = await loginAs(t);
    const theirs = (await versionsOf(other))[0]!;
    const file = { skills: [{ name: 'Welding', level: 'Expert' }] };
    for (const dry of ['&dryRun=1', '']) {
      const res = await importAs(who, file, `target=version&version=${theirs._id}${dry}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(VERSION_MESSAGES.notFound);
    }
    expect((await countsOf(who)).skill).toBe(0);
    expect((await countsOf(other)).skill).toBe(0);
  });

  it('answers 400 for a target that does not add up and stores nothing', async () => {
    const who = await loginAs(t);
    const [mine] = await versionsOf(who);
    const file = { skills: [{ name: 'Welding', level: 'Expert' }] };
    const cases: [string, string][] = [
      ['target=old', CV_IO_MESSAGES.target],
      ['target=version', CV_IO_MESSAGES.versionNeeded],
      [`version=${mine!._id}`, CV_IO_MESSAGES.versionWithoutTarget],
      ['target=new&mode=replace', CV_IO_MESSAGES.replaceWithTarget],
    ];
    for (const [query, message] of cases) {
      const res = await importAs(who, file, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(message);
    }
    expect((await countsOf(who)).skill).toBe(0);
    expect(await versionsOf(who)).toHaveLength(1);
  });
});

describe('certificates in a JSON Resume', () => {
  it('travel as name, issuer, date and link and come back as certificates without a file (issue 32)', async () => {
    const who = await loginAs(t);
    const now = nowIso();
    for (const title of ['First aid', 'Forklift licence']) {
      const media = newId();
      await t.db
        .insertInto('media')
        .values({
          id: media,
          user_id: who.userId,
          purpose: 'certificate',
          resource_type: 'raw',
          content_type: 'application/pdf',
          file_key: `k-${media}`,
          size: 10,
          created_at: now,
        } as never)
        .execute();
      await t.db
        .insertInto('certificates')
        .values({
          id: newId(),
          user_id: who.userId,
          media_id: media,
          title,
          ...(title === 'First aid' && {
            issuer: 'St John',
            issued_on: '2021-06',
            url: 'https://stjohn.example/c/1',
          }),
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
    }
    const resume = (await call(who, 'GET', '/api/cv/export')).json() as Resume;
    expect(resume.certificates).toEqual([
      { name: 'First aid', date: '2021-06', issuer: 'St John', url: 'https://stjohn.example/c/1' },
      { name: 'Forklift licence' },
    ]);

    const copy = await loginAs(t);
    const res = await importAs(copy, resume, 'target=new&dryRun=1');
    const read = res.json() as Result;
    expect(read.certificates).toMatchObject({ count: 2, already: 0, existing: 0 });
    expect(read.certificates?.entries.map((e) => e.values)).toEqual([
      { title: 'First aid', issuer: 'St John', date: '2021-06', url: 'https://stjohn.example/c/1' },
      { title: 'Forklift licence', issuer: '', date: '', url: '' },
    ]);
    // The preview stores nothing.
    expect((await call(copy, 'GET', '/api/certificate')).json()).toEqual({ data: [] });

    expect((await importAs(copy, resume, 'target=new')).statusCode).toBe(200);
    const stored = (await call(copy, 'GET', '/api/certificate')).json().data;
    // Added at one moment: compared in name order.
    expect(
      stored.map((c: { title: string; pdfUrl: string }) => [c.title, c.pdfUrl]).sort(),
    ).toEqual([
      ['First aid', ''],
      ['Forklift licence', ''],
    ]);
    // Imported again: already there, not stored twice; the owner's own file ones likewise.
    const again = (await importAs(copy, resume, 'target=new')).json() as Result;
    expect(again.certificates).toMatchObject({ count: 0, already: 2 });
    expect((await call(copy, 'GET', '/api/certificate')).json().data).toHaveLength(2);
    const own = (await importAs(who, resume, 'target=new&dryRun=1')).json() as Result;
    expect(own.certificates).toMatchObject({ count: 0, already: 2 });
  });
});
