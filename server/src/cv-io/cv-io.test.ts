import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import {
  CERTIFICATE_MESSAGES,
  MAX_CERTIFICATES,
  SECTIONS,
  SECTION_KEYS,
  TOO_MANY_ENTRIES,
  type CvData,
  type SectionKey,
} from '@vitae/core';
import {
  buildTestApp,
  loginAs,
  testDbKind,
  type TestApp,
  callAs,
  type Who,
} from '../test/build-test-app.ts';
import { loadCvData } from '../cv/index.ts';
import { CV_IO_MESSAGES, IMPORTS_PER_WINDOW } from './cv-io.routes.ts';
import { MAX_CANDIDATES } from './import-plan.ts';
import { LINKEDIN_FILES } from '@vitae/core/json-resume/linkedin';
import { NO_LINKEDIN_FILES, unknownColumn } from './linkedin.ts';
import { ZIP_MALFORMED, ZIP_TOO_BIG, ZIP_TOO_MANY_FILES } from './zip-read.ts';

const require = createRequire(import.meta.url);
const jsonResumeSchema = require('@jsonresume/schema') as {
  validate: (r: unknown, cb: (err: unknown, valid: boolean) => void) => void;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

const call = callAs(() => t);

const importJson = (who: Who, resume: unknown, query = 'mode=add') =>
  call(who, 'POST', `/api/cv/import?${query}`, resume);

const importZip = (who: Who, zip: Uint8Array, query = 'mode=add') =>
  t.app.inject({
    method: 'POST',
    url: `/api/cv/import?${query}`,
    headers: { cookie: who.cookie, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });

/** The sections of a CV without the ids the database gave them. */
function sectionsOf(cv: CvData): unknown {
  return JSON.parse(
    JSON.stringify(Object.fromEntries(SECTION_KEYS.map((k) => [k, cv[SECTIONS[k].cv.field]]))),
    (key, value: unknown) => (key === '_id' ? undefined : value),
  );
}

async function fillEverySection(who: Who) {
  for (const key of SECTION_KEYS) {
    for (const entry of SECTIONS[key].sample) {
      const res = await call(who, 'POST', SECTIONS[key].apiPath, entry);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
    }
  }
  // What JSON Resume cannot hold as it is: a free-text date, an ended job without an end date.
  await call(who, 'POST', '/api/employment-history', {
    company: 'Gap Year Co',
    position: 'Barista',
    startDate: 'Mar 2012',
    current: false,
    description: 'Coffee.\n- Latte art',
  });
  await call(who, 'POST', '/api/personal-info', {
    ...SECTIONS['personal-info'].sample[0],
    saCitizen: false,
    ppNumber: 'A1234567',
  });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/curriculum-vitae/template',
    headers: { cookie: who.cookie },
    payload: { template: 'template04' },
  }); // Sections of their own (issue 30): one per kind, dates JSON Resume must rewrite.
  const kinds = ['volunteer', 'awards', 'publications', 'projects', 'other'] as const;
  for (const [i, kind] of kinds.entries()) {
    const made = await call(who, 'POST', '/api/custom-sections', { title: `Mine ${i}`, kind });
    const id = (made.json().data as { _id: string }[]).at(-1)!._id;
    for (const title of ['First', 'Second']) {
      const res = await call(who, 'POST', `/api/custom-sections/${id}/entries`, {
        title: `${title} ${kind}`,
        subtitle: 'Org',
        place: 'Durban',
        startDate: 'Mar 2019',
        endDate: '2020-06',
        description: '<p>Did <strong>this</strong></p>',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
}

/** The custom sections of a CV without ids. */
const customOf = (cv: CvData): unknown =>
  JSON.parse(JSON.stringify(cv.customSections), (key, value: unknown) =>
    key === '_id' ? undefined : value,
  );

/** A trigger that aborts inserting `value` into `table.column`, on either database. */
async function failInsertsOf(table: string, column: string, value: string) {
  if (testDbKind === 'sqlite') {
    await sql
      .raw(
        `create trigger fail_${table} before insert on ${table} when new.${column} = '${value}' ` +
          `begin select raise(abort, 'refused'); end`,
      )
      .execute(t.db);
    return;
  }
  await sql
    .raw(
      `create function fail_${table}() returns trigger language plpgsql as $$ begin ` +
        `if new.${column} = '${value}' then raise exception 'refused'; end if; return new; end $$; ` +
        `create trigger fail_${table} before insert on ${table} for each row execute function fail_${table}()`,
    )
    .execute(t.db);
}

async function stopFailing(table: string) {
  await sql
    .raw(`drop trigger fail_${table}${testDbKind === 'sqlite' ? '' : ` on ${table}`}`)
    .execute(t.db);
  if (testDbKind !== 'sqlite') await sql.raw(`drop function fail_${table}()`).execute(t.db);
}

const counts = (body: { sections: { key: string; count: number }[] }) =>
  Object.fromEntries(body.sections.map((s) => [s.key, s.count]));

const entryCount = async (who: Who, key: SectionKey) =>
  ((await call(who, 'GET', SECTIONS[key].apiPath)).json().data as unknown[]).length;

describe('JSON Resume export and import', () => {
  it('exports a valid JSON Resume that imports into a new account as the same CV', async () => {
    const owner = await loginAs(t);
    await fillEverySection(owner);
    const res = await call(owner, 'GET', '/api/cv/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="resume.json"/);
    const resume = res.json();
    const errors = await new Promise((done) =>
      jsonResumeSchema.validate(resume, (err) => done(err)),
    );
    expect(errors).toBeNull();

    const copy = await loginAs(t);
    const imported = await importJson(copy, resume, 'mode=replace');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(
      imported
        .json()
        .sections.every((s: { entries: { errors: unknown }[] }) =>
          s.entries.every((e) => e.errors === null),
        ),
    ).toBe(true);
    expect(sectionsOf(await loadCvData(t.db, copy.userId))).toEqual(
      sectionsOf(await loadCvData(t.db, owner.userId)),
    );
    const ownCustom = customOf(await loadCvData(t.db, owner.userId));
    expect(ownCustom).toHaveLength(5);
    expect(customOf(await loadCvData(t.db, copy.userId))).toEqual(ownCustom);
    const template = await call(copy, 'GET', '/api/curriculum-vitae');
    expect(template.json().template).toBe('template04');
  });

  it('exports one version — its entries, layout, design, template and paper — and imports it alike', async () => {
    const owner = await loginAs(t);
    await fillEverySection(owner);
    const version = (
      await call(owner, 'POST', '/api/curriculum-vitae/versions', { name: 'Data analyst' })
    ).json()._id as string;
    const q = `?version=${version}`;
    const jobs = (await call(owner, 'GET', '/api/employment-history')).json().data as {
      _id: string;
    }[];
    await call(owner, 'PUT', `/api/curriculum-vitae/versions/${version}/entries/${jobs[0]!._id}`, {
      section: 'employment-history',
      included: false,
    });
    await call(owner, 'PATCH', `/api/curriculum-vitae/template${q}`, { template: 'template08' });
    await call(owner, 'PUT', `/api/curriculum-vitae/page-size${q}`, { pageSize: 'Letter' });
    await call(owner, 'PUT', `/api/curriculum-vitae/design${q}`, {
      accent: '#0f766e',
      font: 'lora',
      size: 'small',
      density: 'compact',
    });
    await call(owner, 'PUT', `/api/curriculum-vitae/arrangement${q}`, {
      order: ['skill', 'employment-history'],
      hidden: ['reference'],
      titles: { skill: 'Toolbox' },
    });

    const resume = (await call(owner, 'GET', `/api/cv/export${q}`)).json();
    const errors = await new Promise((done) =>
      jsonResumeSchema.validate(resume, (err) => done(err)),
    );
    expect(errors).toBeNull();
    expect(resume.meta.vitae.layout.name).toBe('Data analyst');
    expect(resume.certificates).toBeUndefined(); // none uploaded: nothing invented

    const copy = await loginAs(t);
    expect((await importJson(copy, resume, 'mode=replace')).statusCode).toBe(200);
    const mine = await call(owner, 'GET', `/api/curriculum-vitae/data${q}`);
    const theirs = await call(copy, 'GET', '/api/curriculum-vitae/data');
    expect(theirs.json().cv).toMatchObject({ template: 'template08', pageSize: 'Letter' });
    const look = (r: typeof mine) => ({
      arrangement: r.json().data.arrangement as unknown,
      design: r.json().data.design as unknown,
    });
    expect(look(theirs)).toEqual(look(mine));
    expect(sectionsOf(theirs.json().data)).toEqual(sectionsOf(mine.json().data));
    // The left-out job did not travel.
    expect(theirs.json().data.employHistorys).toHaveLength(jobs.length - 1);
    expect(
      (await call(owner, 'GET', '/api/cv/export?version=0123456789abcdef01234567')).statusCode,
    ).toBe(404);
  });

  it('imports three JSON Resume samples with partial dates and missing fields', async () => {
    const dev = await loginAs(t);
    const res = await importJson(dev, fixture('resume-developer.json'));
    expect(res.statusCode, res.body).toBe(200);
    const cv = await loadCvData(t.db, dev.userId);
    expect(cv.personalInfo?.fullName).toBe('Richard Hendricks');
    expect(cv.contactInfo).toMatchObject({
      email: 'richard.hendricks@example.com',
      phone: '(912) 555-4321',
      city: 'San Francisco',
      province: 'California',
      country: 'US',
      linkedin: 'https://www.linkedin.com/in/richard-hendricks',
      website: 'http://richardhendricks.example.com',
    });
    expect(cv.employHistorys.map((j) => [j.company, j.startDate, j.endDate, j.current])).toEqual([
      ['Pied Piper', '2013-12', '2014-12', false],
      ['Hooli', '2011', '', true],
    ]);
    expect(cv.employHistorys[0]!.description).toContain('- Build an algorithm');
    expect(cv.tertEdus[0]).toMatchObject({
      instituteName: 'University of Oklahoma',
      certificationType: 'Bachelor, Information Technology',
      startDate: '2011-06-01',
      additionalInfo: 'Score: 4.0',
    });
    expect(cv.skills.map((s) => [s.skill, s.level])).toEqual([
      ['Web Development', 5],
      ['Compression', 3],
    ]);
    expect(cv.languages[0]).toMatchObject({ languageName: 'English', read: 5, speak: 5 });
    expect(cv.interests.map((i) => i.interest)).toEqual(['Wildlife']);

    const student = await loginAs(t);
    expect((await importJson(student, fixture('resume-student.json'))).statusCode).toBe(200);
    const s = await loadCvData(t.db, student.userId);
    expect(s.secondEdu[0]).toMatchObject({
      schoolName: 'Soweto High School',
      startDate: '2015',
      endDate: '2019',
    });
    expect(s.secondEdu[0]!.subjects.map((x) => x.subject)).toEqual([
      'Mathematics',
      'Life Sciences',
    ]);
    expect(s.tertEdus[0]).toMatchObject({ certificationType: 'Diploma, Marketing' });
    expect(s.experiences[0]).toMatchObject({ title: 'Volunteer', company: 'Food Bank Soweto' });
    // English has no fluency in the file: it stays unrated rather than a made-up level.
    expect(s.languages.map((l) => [l.languageName, l.read])).toEqual([
      ['isiZulu', 5],
      ['English', null],
    ]);

    const minimal = await loginAs(t);
    const m = await importJson(minimal, fixture('resume-minimal.json'));
    expect(counts(m.json())).toEqual({
      'personal-info': 1,
      'personal-summary': 1,
      experience: 1,
      skill: 1,
      reference: 0,
      'employment-history': 1,
    });
    // JSON Resume's free-text reference has no company or phone: reported, never dropped silently.
    const ref = m.json().sections.find((x: { key: string }) => x.key === 'reference');
    expect(ref.entries[0].errors).toEqual({
      company: 'Company is required',
      phone: 'Phone number is required',
    });
    const cvm = await loadCvData(t.db, minimal.userId);
    expect(cvm.employHistorys[0]).toMatchObject({ company: 'Park Joinery', current: true });
    expect(cvm.experiences[0]).toMatchObject({ title: 'Community hall roof', startDate: '2021' });
    expect(cvm.contactInfo).toBeNull();
  });

  it('previews per section with the form messages, caps and duplicates, and changes nothing', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/interest', { interest: 'Chess' });
    for (let i = 0; i < 49; i++)
      await call(me, 'POST', '/api/skill', { skill: `S${i}`, proficiency: 3 });
    const resume = {
      skills: [{ name: 'One' }, { name: 'Two' }, { name: 'x'.repeat(101) }],
      interests: [{ name: 'chess' }, { name: 'Golf' }, { name: 'golf' }],
    };
    const res = await importJson(me, resume, 'mode=add&dryRun=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(false);
    const skill = body.sections.find((s: { key: string }) => s.key === 'skill');
    expect(skill).toMatchObject({ existing: 49, count: 1 });
    expect(skill.entries.map((e: { errors: unknown }) => e.errors)).toEqual([
      null,
      { general: TOO_MANY_ENTRIES },
      { skill: 'Skill must be 100 characters or less' },
    ]);
    const interest = body.sections.find((s: { key: string }) => s.key === 'interest');
    expect(interest.entries.map((e: { errors: unknown }) => e.errors)).toEqual([
      { interest: 'This interest already exists' },
      null,
      { interest: 'This interest already exists' },
    ]);
    expect(await entryCount(me, 'skill')).toBe(49);

    // Replace judges against an empty section: both new skills fit.
    const replace = await importJson(me, resume, 'mode=replace&dryRun=1');
    expect(counts(replace.json())).toMatchObject({ skill: 2, interest: 2 });
    expect(await entryCount(me, 'interest')).toBe(1);
  });

  it('imports for real in add mode and announces each changed section', async () => {
    const me = await loginAs(t);
    const seen: string[] = [];
    const off = t.events.subscribe('section.changed', (e) => {
      if (e.userId === me.userId) seen.push(e.dataType);
    });
    await call(me, 'POST', '/api/skill', { skill: 'Old', proficiency: 2 });
    const res = await importJson(me, { skills: [{ name: 'New', level: 'Expert' }] });
    off();
    expect(res.json().imported).toBe(true);
    const list = (await call(me, 'GET', '/api/skill')).json().data;
    expect(list.map((s: { skill: string }) => s.skill)).toEqual(['Old', 'New']);
    expect(seen).toEqual(['skill', 'skill']);
  });

  it('imports in one transaction: a failure half-way changes nothing', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/skill', { skill: 'Kept', proficiency: 2 });
    // The database refuses one interest, after the skills were already written.
    await failInsertsOf('section_interest', 'interest', 'Boom');
    try {
      const res = await importJson(
        me,
        { skills: [{ name: 'New' }], interests: [{ name: 'Boom' }] },
        'mode=replace',
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await stopFailing('section_interest');
    }
    const skills = (await call(me, 'GET', '/api/skill')).json().data;
    expect(skills.map((s: { skill: string }) => s.skill)).toEqual(['Kept']);
    expect(await entryCount(me, 'interest')).toBe(0);
  });

  it('refuses a 10 MB JSON file, a non-object and an unknown type with clear messages', async () => {
    const me = await loginAs(t);
    const big = { basics: { name: 'Big' }, padding: 'x'.repeat(10 * 1024 * 1024) };
    const res = await importJson(me, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(CV_IO_MESSAGES.tooLarge);
    const list = await importJson(me, [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toMatch(/not a JSON Resume/);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/cv/import',
      headers: { cookie: me.cookie, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(CV_IO_MESSAGES.unsupported);
    expect(await entryCount(me, 'personal-info')).toBe(0);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cv/export' })).statusCode).toBe(401);
  });
});

const csv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n');

function linkedInZip(overrides: Record<string, string> = {}): Uint8Array {
  const files: Record<string, string> = {
    'Profile.csv': csv([
      [...LINKEDIN_FILES['Profile.csv']],
      [
        'Ayanda',
        'Zulu',
        '',
        '',
        '',
        'Engineer',
        'I build bridges.',
        '',
        '0002',
        'Pretoria, Gauteng, South Africa',
        '[ayandaz]',
        '[PORTFOLIO:https://ayanda.example.com],[OTHER:https://www.linkedin.com/in/ayanda-zulu],[BLOG:https://blog.example.com]',
        '',
      ],
    ]),
    'Positions.csv': csv([
      [...LINKEDIN_FILES['Positions.csv']],
      [
        'Bridge Co',
        'Site Engineer',
        'Steel bridges:\n- Design\n- Inspection',
        'Pretoria',
        'Mar 2020',
        '',
      ],
      ['Roads Inc', 'Intern', '', '', 'Jan 2018', 'Dec 2019'],
    ]),
    'Education.csv': csv([
      [...LINKEDIN_FILES['Education.csv']],
      ['University of Pretoria', '2014', '2017', '', 'BEng Civil', 'Rowing'],
    ]),
    'Skills.csv': csv([['Name'], ['AutoCAD'], ['Surveying']]),
    'Languages.csv': csv([
      [...LINKEDIN_FILES['Languages.csv']],
      ['English', 'Full professional proficiency'],
      ['Sesotho', 'Limited working proficiency'],
      ['isiZulu', ''],
    ]),
    'Certifications.csv': csv([
      [...LINKEDIN_FILES['Certifications.csv']],
      ['Professional Engineer', 'https://ecsa.example/pe/1', 'ECSA', 'Jun 2021', '', 'PE-1'],
      ['Site Safety', '', 'SAIOSH', 'Mar 2020', 'Mar 2020', ''],
    ]),
    'Email Addresses.csv': csv([
      [...LINKEDIN_FILES['Email Addresses.csv']],
      ['ayanda@example.com', 'Yes', 'Yes', '2020-01-01'],
    ]),
    'PhoneNumbers.csv': csv([
      [...LINKEDIN_FILES['PhoneNumbers.csv']],
      ['', '082 555 0199', 'Mobile'],
    ]),
    'Connections.csv': 'First Name,Last Name\nA,B',
    ...overrides,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, strToU8(c)])));
}

describe('LinkedIn data export import', () => {
  it('previews certifications as certificates, stores them on confirm, once (issue 32)', async () => {
    const me = await loginAs(t);
    const preview = await importZip(me, linkedInZip(), 'mode=add&dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().certificates).toMatchObject({
      label: 'Certificates',
      count: 2,
      already: 0,
      entries: [
        {
          values: {
            title: 'Professional Engineer',
            issuer: 'ECSA',
            date: '2021-06',
            url: 'https://ecsa.example/pe/1',
          },
          errors: null,
        },
        { values: { title: 'Site Safety' }, errors: null },
      ],
    });
    expect((await call(me, 'GET', '/api/certificate')).json()).toEqual({ data: [] });
    expect((await importZip(me, linkedInZip(), 'mode=replace')).statusCode).toBe(200);
    expect((await call(me, 'GET', '/api/certificate')).json().data).toHaveLength(2);
    // Re-imported (replace or add): the certificates are already there.
    const again = await importZip(me, linkedInZip(), 'mode=replace');
    expect(again.json().certificates).toMatchObject({ count: 0, already: 2 });
    expect((await call(me, 'GET', '/api/certificate')).json().data).toHaveLength(2);
  });

  it('stores certifications only within the certificates cap', async () => {
    const me = await loginAs(t);
    const rows = Array.from({ length: MAX_CERTIFICATES + 2 }, (_, i) => [
      `Cert ${i}`,
      '',
      'Body',
      'Jan 2020',
      '',
      '',
    ]);
    const zip = linkedInZip({
      'Certifications.csv': csv([[...LINKEDIN_FILES['Certifications.csv']], ...rows]),
    });
    const res = await importZip(me, zip);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().certificates;
    expect(plan.count).toBe(MAX_CERTIFICATES);
    expect(plan.entries.at(-1).errors).toEqual({ general: CERTIFICATE_MESSAGES.tooMany });
    expect((await call(me, 'GET', '/api/certificate')).json().data).toHaveLength(MAX_CERTIFICATES);
  });

  it('fills the right sections from the documented files', async () => {
    const me = await loginAs(t);
    const res = await importZip(me, linkedInZip());
    expect(res.statusCode, res.body).toBe(200);
    const cv = await loadCvData(t.db, me.userId);
    expect(cv.personalInfo?.fullName).toBe('Ayanda Zulu');
    expect(cv.personalInfo?.headline).toBe('Engineer');
    expect(cv.personalSummary?.summary).toBe('I build bridges.');
    expect(cv.contactInfo).toMatchObject({
      email: 'ayanda@example.com',
      phone: '082 555 0199',
      city: 'Pretoria',
      province: 'Gauteng',
      country: 'South Africa',
      website: 'https://ayanda.example.com',
      linkedin: 'https://www.linkedin.com/in/ayanda-zulu',
    });
    // "- " lines are list items, not literal hyphens.
    expect(cv.employHistorys[0]?.description).toBe(
      '<p>Steel bridges:</p><ul><li>Design</li><li>Inspection</li></ul>',
    );
    expect(cv.employHistorys.map((j) => [j.company, j.startDate, j.endDate, j.current])).toEqual([
      ['Bridge Co', '2020-03', '', true],
      ['Roads Inc', '2018-01', '2019-12', false],
    ]);
    // Certifications are certificates without a file, not tertiary education (issue 32).
    expect(cv.tertEdus.map((e) => [e.instituteName, e.certificationType])).toEqual([
      ['University of Pretoria', 'BEng Civil'],
    ]);
    const certs = (await call(me, 'GET', '/api/certificate')).json().data;
    // Added at one moment: compared in name order.
    expect(
      certs.map((c: Record<string, string>) => [c.title, c.issuer, c.date, c.url, c.pdfUrl]).sort(),
    ).toEqual([
      ['Professional Engineer', 'ECSA', '2021-06', 'https://ecsa.example/pe/1', ''],
      ['Site Safety', 'SAIOSH', '2020-03', '', ''],
    ]);
    // LinkedIn keeps no skill level and this language has none: nothing is made up.
    expect(cv.skills.map((s) => [s.skill, s.level])).toEqual([
      ['AutoCAD', null],
      ['Surveying', null],
    ]);
    expect(cv.languages.map((l) => [l.languageName, l.read, l.cefr])).toEqual([
      ['English', 5, expect.any(String)],
      ['Sesotho', 3, expect.any(String)],
      ['isiZulu', null, null],
    ]);
  });

  it('refuses a malformed ZIP, a ZIP bomb and unknown columns, changing nothing', async () => {
    const me = await loginAs(t);
    const refuse = async (zip: Uint8Array, message: string) => {
      const res = await importZip(me, zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    };
    await refuse(strToU8('PK\u0003\u0004 definitely not a zip'), ZIP_MALFORMED);
    await refuse(linkedInZip().subarray(0, 200), ZIP_MALFORMED);

    const zeros = new Uint8Array(8 * 1024 * 1024);
    const bomb = zipSync({ 'Skills.csv': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refuse(bomb, ZIP_TOO_BIG);
    await refuse(lyingSizes(bomb), ZIP_TOO_BIG);

    const crowd = Object.fromEntries(
      Array.from({ length: 501 }, (_, i) => [`f${i}.txt`, strToU8('x')]),
    );
    await refuse(zipSync({ ...crowd, 'Skills.csv': strToU8('Name\nGo') }), ZIP_TOO_MANY_FILES);
    await refuse(zipSync({ 'Connections.csv': strToU8('a,b') }), NO_LINKEDIN_FILES);

    await refuse(
      linkedInZip({
        'Positions.csv': csv([
          ['Company Name', 'Title', 'Salary'],
          ['A', 'B', '1'],
        ]),
      }),
      unknownColumn('Positions.csv', 'Salary'),
    );
    for (const key of SECTION_KEYS) expect(await entryCount(me, key), key).toBe(0);
  });
});

describe('import bounds', () => {
  it('refuses LinkedIn files that together unpack to more than Vitae reads, however they lie', async () => {
    const me = await loginAs(t);
    // Each file alone is small; ten copies in folders add up (the archive itself is tiny).
    const skills = strToU8(`Name\n${'Go\n'.repeat(150_000)}`);
    const copies = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`d${i}/Skills.csv`, skills]),
    );
    const zip = zipSync(copies, { level: 9 });
    expect(zip.length).toBeLessThan(100 * 1024);
    for (const archive of [zip, lyingSizes(zip)]) {
      const res = await importZip(me, archive);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ZIP_TOO_BIG);
    }
    expect(await entryCount(me, 'skill')).toBe(0);
  });

  it('stops reading a LinkedIn file at one row more than a section takes', async () => {
    const me = await loginAs(t);
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Skill ${i}`]);
    const res = await importZip(me, linkedInZip({ 'Skills.csv': csv([['Name'], ...rows]) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      `The file has more than ${MAX_CANDIDATES} entries for Skills.csv.`,
    );
    expect(await entryCount(me, 'skill')).toBe(0);
  });

  it('limits how often one user imports, previews included', async () => {
    const me = await loginAs(t);
    const resume = { basics: { name: 'Ayanda Zulu' } };
    for (let i = 0; i < IMPORTS_PER_WINDOW; i++) {
      expect((await importJson(me, resume, 'mode=add&dryRun=1')).statusCode).toBe(200);
    }
    const refused = await importJson(me, resume, 'mode=add&dryRun=1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    expect((await importJson(await loginAs(t), resume, 'mode=add&dryRun=1')).statusCode).toBe(200);
  });
});

/** The same archive claiming its file unpacks to 100 bytes (local header and central directory). */
function lyingSizes(zip: Uint8Array): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, 100, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, 100, true);
  }
  return out;
}
