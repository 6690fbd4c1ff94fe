import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_RATED } from '@vitae/core/sections/fields';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.ts';
import { CV_IO_MESSAGES } from '../cv-io.routes.ts';
import { DOCUMENT_MESSAGES } from './document-lines.ts';
import { FIXTURE_NAME } from '../fixtures/fixture-cv.ts';
import { makeDocx, makeEncryptedPdf } from './test-documents.ts';
import { warmDocumentParser } from './read-document.ts';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const fixturePdf = () => fs.readFileSync(path.join(FIXTURES, FIXTURE_NAME));

type Who = { cookie: string };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Loading pdf.js in the parser's worker takes seconds on a busy machine: not a test's time.
  await warmDocumentParser();
}, 120_000);
afterAll(() => t.close());

const upload = (who: Who, type: string, body: Uint8Array, query = 'mode=add&dryRun=1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/cv/import?${query}`,
    headers: { cookie: who.cookie, 'content-type': type },
    payload: Buffer.from(body),
  });

const list = async (who: Who, key: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/${key}`, headers: { cookie: who.cookie } })
  ).json().data as Array<Record<string, unknown>>;

interface Plan {
  key: string;
  count: number;
  entries: Array<{ values: Record<string, unknown>; errors: Record<string, string> | null }>;
}
const section = (body: { sections: Plan[] }, key: string) =>
  body.sections.find((s) => s.key === key)!;

const WORD_CV = [
  'Sipho Nkosi',
  'Mechanical Engineer',
  'sipho.nkosi@example.com | +27 83 555 0123',
  '# Experience',
  'Maintenance Engineer at Sasol Mining',
  'Jan 2019 – Present',
  '- Planned the shutdown maintenance of four coal conveyors.',
  '- Cut unplanned downtime by a third.',
  '',
  'Graduate Engineer at Eskom Holdings',
  'Feb 2016 – Dec 2018',
  '- Rotated through three power stations.',
  '# Education',
  'BEng Mechanical Engineering, University of Pretoria',
  '2012 – 2015',
  '# Skills',
  'AutoCAD, SolidWorks (Advanced), Project planning',
  '# Awards',
  'Young Engineer of the Year 2020',
];

describe('PDF and Word CV import', () => {
  it('previews a PDF made from a Vitae template, section by section, and stores nothing', async () => {
    const me = await loginAs(t, { fullName: 'Someone Else' });
    const res = await upload(me, PDF, fixturePdf());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(false);
    expect(section(body, 'personal-info').entries[0]!.values).toMatchObject({
      fullName: 'Lerato Dlamini',
      headline: 'Data Analyst',
    });
    expect(section(body, 'contact-info').entries[0]!.values).toMatchObject({
      email: 'lerato.dlamini@example.com',
      phone: '+27 82 555 0199',
    });
    expect(section(body, 'employment-history').entries.map((e) => e.values)).toMatchObject([
      {
        position: 'Data Analyst',
        company: 'Tugela Water Board',
        startDate: '2021-04',
        current: true,
      },
      {
        position: 'Junior Analyst',
        company: 'Ubuntu Retail Group',
        startDate: '2018-02',
        endDate: '2021-03',
      },
    ]);
    expect(section(body, 'tertiary-education').entries[0]!.values).toMatchObject({
      instituteName: 'University of KwaZulu-Natal',
      certificationType: 'BCom in Statistics',
    });
    // The template shows no skill levels: none is made up, the skills come in unrated.
    const skills = section(body, 'skill');
    expect(skills.entries.map((e) => e.values.skill)).toEqual(['SQL', 'Power BI']);
    expect(skills.entries[0]!.errors ?? {}).toEqual({});
    expect(skills.entries.map((e) => e.values.proficiency ?? NOT_RATED)).toEqual([
      NOT_RATED,
      NOT_RATED,
    ]);
    // "Durban" sits under Contact with no field to hold it: listed, not dropped.
    expect(body.notes.join('\n')).toMatch(/Durban/);
    expect(await list(me, 'employment-history')).toEqual([]);
  });

  it('imports the PDF on confirm: the jobs land in the builder', async () => {
    const me = await loginAs(t);
    const res = await upload(me, PDF, fixturePdf(), 'mode=add');
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toBe(true);
    const jobs = await list(me, 'employment-history');
    expect(jobs.map((j) => j.company)).toEqual(['Tugela Water Board', 'Ubuntu Retail Group']);
    const skills = await list(me, 'skill');
    expect(skills.map((s) => [s.skill, s.proficiency])).toEqual([
      ['SQL', NOT_RATED],
      ['Power BI', NOT_RATED],
    ]);
  });

  it('previews a Word CV: headings, entries, bullets, levels only where written', async () => {
    const me = await loginAs(t);
    const res = await upload(me, DOCX, makeDocx(WORD_CV));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(section(body, 'personal-info').entries[0]!.values).toMatchObject({
      fullName: 'Sipho Nkosi',
      headline: 'Mechanical Engineer',
    });
    expect(section(body, 'contact-info').entries[0]!.values).toMatchObject({
      email: 'sipho.nkosi@example.com',
      phone: '+27 83 555 0123',
    });
    const jobs = section(body, 'employment-history').entries.map((e) => e.values);
    expect(jobs).toMatchObject([
      {
        position: 'Maintenance Engineer',
        company: 'Sasol Mining',
        startDate: '2019-01',
        current: true,
      },
      { position: 'Graduate Engineer', company: 'Eskom Holdings', endDate: '2018-12' },
    ]);
    expect(String(jobs[0]!.description)).toMatch(/Planned the shutdown[\s\S]*Cut unplanned/);
    expect(section(body, 'tertiary-education').entries[0]!.values).toMatchObject({
      instituteName: 'University of Pretoria',
      certificationType: 'BEng Mechanical Engineering',
      startDate: '2012',
      endDate: '2015',
    });
    expect(section(body, 'skill').entries.map((e) => e.values)).toMatchObject([
      { skill: 'AutoCAD', proficiency: NOT_RATED },
      { skill: 'SolidWorks', proficiency: 4 },
      { skill: 'Project planning', proficiency: NOT_RATED },
    ]);
    expect(body.notes.join('\n')).toMatch(/Young Engineer of the Year 2020/);
    expect(await list(me, 'employment-history')).toEqual([]);
  });

  it('refuses a file over 5 MB with 413, and stores nothing', async () => {
    const me = await loginAs(t);
    const big = Buffer.concat([fixturePdf(), Buffer.alloc(6 * 1024 * 1024, 32)]);
    const res = await upload(me, PDF, big, 'mode=add');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(CV_IO_MESSAGES.tooLarge);
    expect(await list(me, 'employment-history')).toEqual([]);
  });

  it('refuses a text file renamed .pdf, a damaged PDF and a password-protected one', async () => {
    const me = await loginAs(t);
    const text = await upload(me, PDF, Buffer.from('Lerato Dlamini\nData Analyst\n'), 'mode=add');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(DOCUMENT_MESSAGES.notPdf);

    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x9c)]);
    const damaged = await upload(me, PDF, garbage, 'mode=add');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error).toBe(DOCUMENT_MESSAGES.unreadablePdf);

    const locked = await upload(me, PDF, makeEncryptedPdf(), 'mode=add');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toBe(DOCUMENT_MESSAGES.encryptedPdf);

    const notWord = await upload(me, DOCX, fixturePdf(), 'mode=add');
    expect(notWord.statusCode).toBe(400);
    expect(notWord.json().error).toBe(DOCUMENT_MESSAGES.notDocx);
    expect(await list(me, 'personal-info')).toEqual([]);
  });
});
