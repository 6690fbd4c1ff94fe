import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECTIONS,
  type BrowseItem,
  type BrowsePage,
  type SavedCv,
  type SectionKey,
} from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { publicCvRepo } from '../public-cv/index.ts';
import { seedListedCvs } from '../../scripts/seed.ts';
import { BROWSE_COUNT_CAP, BROWSE_COUNT_SCAN } from './browse.repo.ts';

/** The recruiter's filters and ranking (issue 18) over three candidates seeded through the API. */

let t: TestApp;
let hr: Who;
let seeker: Who;
const who: Record<'thandi' | 'pieter' | 'naledi', Who> = {} as never;

const call = callAs(() => t);

async function add(w: Who, key: SectionKey, values: Record<string, unknown>) {
  const base = SECTIONS[key].sample[0] as Record<string, unknown>;
  const res = await call(w, 'POST', SECTIONS[key].apiPath, { ...base, ...values });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const browse = async (query: string) => {
  const res = await call(hr, 'GET', `/api/public-cv/browse${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BrowsePage;
};
const names = async (query: string) =>
  (await browse(query)).data.map((d) => d.fullName.split(' ')[0]);

interface Candidate {
  name: string;
  skills: [string, number][];
  languages: [string, number, number, number][];
  city: string;
  province: string;
  job?: { position: string; startDate: string; endDate: string; current: boolean };
  summary: string;
}

async function candidate(c: Candidate): Promise<Who> {
  const w = await loginAs(t, { fullName: c.name });
  await add(w, 'personal-info', { fullName: c.name });
  for (const [skill, proficiency] of c.skills) await add(w, 'skill', { skill, proficiency });
  for (const [language, read, write, speak] of c.languages) {
    await add(w, 'language', { language, read, write, speak });
  }
  await add(w, 'contact-info', { city: c.city, province: c.province });
  if (c.job) await add(w, 'employment-history', { company: 'Acme', ...c.job, location: '' });
  await add(w, 'personal-summary', { content: c.summary });
  expect((await call(w, 'POST', '/api/public-cv/toggle')).statusCode).toBe(200);
  // The write events refresh the listing after they answer; settle it now, in order.
  await publicCvRepo(t.db).refreshListing(w.userId);
  return w;
}

/** The listing's facts are refreshed after the section write: wait for the last one. */
const settled = (query: string, expected: string[]) =>
  expect.poll(() => names(query), { timeout: 3000 }).toEqual(expected);

beforeAll(async () => {
  t = await buildTestApp();
  hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true });
  seeker = await loginAs(t, { fullName: 'Job Seeker' });
  who.thandi = await candidate({
    name: 'Thandi Mokoena',
    skills: [
      ['SQL', 4],
      ['Python', 5],
    ],
    languages: [
      ['English', 5, 5, 5],
      ['isiZulu', 4, 4, 4],
    ],
    city: 'Johannesburg',
    province: 'Gauteng',
    job: { position: 'Data Engineer', startDate: '2015-01', endDate: '', current: true },
    summary: 'Python developer building data pipelines for retail banks.',
  });
  who.pieter = await candidate({
    name: 'Pieter Botha',
    skills: [
      ['Java', 5],
      ['Python', 2],
    ],
    languages: [
      ['Afrikaans', 5, 5, 5],
      ['English', 3, 3, 3],
    ],
    city: 'Cape Town',
    province: 'Western Cape',
    job: { position: 'Java Developer', startDate: '2020-01', endDate: '2022-12', current: false },
    summary: 'Backend engineer who likes tidy services.',
  });
  who.naledi = await candidate({
    name: 'Naledi Dlamini',
    skills: [
      ['SQL', 3],
      ['Excel', 4],
    ],
    languages: [['isiZulu', 5, 5, 5]],
    city: 'Durban',
    province: 'KwaZulu-Natal',
    summary: 'Analyst who loves Python notebooks and clear charts.',
  });
  // A first-impression video, stored as the upload would store it.
  const mediaId = newId();
  await t.db
    .insertInto('media')
    .values({
      id: mediaId,
      user_id: who.naledi.userId,
      purpose: 'video',
      resource_type: 'video',
      content_type: 'video/webm',
      file_key: `videos/${mediaId}.webm`,
      thumb_key: null,
      size: 1000,
      duration_ms: 5000,
      created_at: nowIso(),
    })
    .execute();
  await t.db
    .insertInto('first_impressions')
    .values({
      id: newId(),
      user_id: who.naledi.userId,
      media_id: mediaId,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  await publicCvRepo(t.db).refreshListing(who.naledi.userId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('HR browse filters (issue 18)', () => {
  it("shows each card's facts: headline, skills, languages with CEFR, place, years, summary, video", async () => {
    const page = await browse('?sort=name');
    const thandi = page.data.find((d) => d.fullName === 'Thandi Mokoena')!;
    const now = new Date();
    const years = Math.floor((now.getUTCFullYear() * 12 + now.getUTCMonth() - 2015 * 12) / 12);
    expect(thandi).toMatchObject<Partial<BrowseItem>>({
      headline: 'Data Engineer',
      topSkills: ['Python', 'SQL'],
      languages: [
        { name: 'English', cefr: 'C2' },
        { name: 'isiZulu', cefr: 'B2' },
      ],
      city: 'Johannesburg',
      province: 'Gauteng',
      yearsExperience: years,
      summaryExcerpt: 'Python developer building data pipelines for retail banks.',
      hasVideo: false,
    });
    const pieter = page.data.find((d) => d.fullName === 'Pieter Botha')!;
    expect(pieter).toMatchObject({ headline: 'Java Developer', yearsExperience: 2 });
    const naledi = page.data.find((d) => d.fullName === 'Naledi Dlamini')!;
    expect(naledi).toMatchObject({ headline: '', yearsExperience: 0, hasVideo: true });
  });

  it("gives the saved CVs list the same card facts, for the dashboard's cards", async () => {
    const saver = await loginAs(t, { fullName: 'Sam Saver', isHr: true });
    const thandi = (await browse('?sort=name')).data.find((d) => d.fullName === 'Thandi Mokoena')!;
    expect((await call(saver, 'POST', `/api/public-cv/save/${thandi._id}`)).statusCode).toBe(201);
    const res = await call(saver, 'GET', '/hr/saved-cv/saved-cvs');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: SavedCv[] }>().data[0]).toMatchObject<Partial<SavedCv>>({
      fullName: 'Thandi Mokoena',
      headline: 'Data Engineer',
      yearsExperience: thandi.yearsExperience,
      topSkills: ['Python', 'SQL'],
      city: 'Johannesburg',
      province: 'Gauteng',
    });
  });

  it('filters by skills, any of or all of, in any case', async () => {
    expect(await names('?skills=java,SQL&sort=name')).toEqual(['Naledi', 'Pieter', 'Thandi']);
    expect(await names('?skills=java,sql&skillMode=any&sort=name')).toEqual([
      'Naledi',
      'Pieter',
      'Thandi',
    ]);
    expect(await names('?skills=python,sql&skillMode=all')).toEqual(['Thandi']);
    expect(await names('?skills=python&sort=oldest')).toEqual(['Thandi', 'Pieter']);
    expect(await names('?skills=cobol')).toEqual([]);
    expect((await browse('?skills=python')).total).toBe(2);
  });

  it('filters by a language at a minimum CEFR level', async () => {
    expect(await names('?language=isizulu&languageLevel=C1')).toEqual(['Naledi']);
    expect(await names('?language=isiZulu&languageLevel=B2&sort=name')).toEqual([
      'Naledi',
      'Thandi',
    ]);
    expect(await names('?language=English&languageLevel=B2')).toEqual(['Thandi']);
    expect(await names('?language=English&sort=name')).toEqual(['Pieter', 'Thandi']);
  });

  it('filters by province or city, minimum years and video', async () => {
    expect(await names('?province=gauteng')).toEqual(['Thandi']);
    expect(await names('?city=Cape%20Town')).toEqual(['Pieter']);
    expect(await names('?minYears=5')).toEqual(['Thandi']);
    expect(await names('?minYears=2&sort=name')).toEqual(['Pieter', 'Thandi']);
    expect(await names('?hasVideo=true')).toEqual(['Naledi']);
    // Filters combine.
    expect(
      await names('?skills=python&language=english&languageLevel=C1&province=Gauteng'),
    ).toEqual(['Thandi']);
    expect(await names('?skills=sql&hasVideo=true&gender=all')).toEqual(['Naledi']);
  });

  it('searches name, headline, skills and summary', async () => {
    expect(await names('?search=mokoena')).toEqual(['Thandi']);
    expect(await names('?search=engineer&sort=name')).toEqual(['Pieter', 'Thandi']);
    expect(await names('?search=java')).toEqual(['Pieter']);
    expect(await names('?search=notebooks')).toEqual(['Naledi']);
    expect(await names('?search=data%20pipelines')).toEqual(['Thandi']);
    expect(await names('?search=python&province=western%20cape')).toEqual(['Pieter']);
  });

  it('ranks a search by relevance: more fields holding the word first, then newest', async () => {
    // Thandi: skills and summary; Naledi (listed last): summary; Pieter: skills.
    expect(await names('?search=python&sort=relevance')).toEqual(['Thandi', 'Naledi', 'Pieter']);
    expect(await names('?search=pyth&sort=relevance')).toEqual(['Thandi', 'Naledi', 'Pieter']);
    expect(await names('?search=python&sort=name')).toEqual(['Naledi', 'Pieter', 'Thandi']);
  });

  it("follows the owner's section writes and the listing switch", async () => {
    await add(who.pieter, 'skill', { skill: 'Rust', proficiency: 3 });
    await settled('?skills=rust', ['Pieter']);
    expect(await names('?search=rust')).toEqual(['Pieter']);
    expect((await call(who.pieter, 'POST', '/api/public-cv/toggle')).statusCode).toBe(200);
    expect(await names('?skills=rust')).toEqual([]);
    expect(await names('?search=rust')).toEqual([]);
    expect((await call(who.pieter, 'POST', '/api/public-cv/toggle')).statusCode).toBe(200);
    expect(await names('?skills=rust')).toEqual(['Pieter']);
  });

  it('suggests the most listed skills starting with what is typed', async () => {
    const res = await call(hr, 'GET', '/api/public-cv/skills?prefix=s');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ skill: 'SQL', count: 2 }]);
    const py = await call(hr, 'GET', '/api/public-cv/skills?prefix=PY');
    expect(py.json().data).toEqual([{ skill: 'Python', count: 2 }]);
    expect((await call(hr, 'GET', '/api/public-cv/skills?prefix=')).statusCode).toBe(400);
    expect((await call(seeker, 'GET', '/api/public-cv/skills?prefix=py')).statusCode).toBe(403);
  });

  it('refuses bad filter values with a clear message', async () => {
    const bad = async (query: string) => {
      const res = await call(hr, 'GET', `/api/public-cv/browse${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().error as string;
    };
    expect(await bad('?language=English&languageLevel=D1')).toBe(
      'Language level must be one of A1, A2, B1, B2, C1 or C2',
    );
    expect(await bad('?minYears=-1')).toBe(
      'Minimum years of experience must be a whole number from 0 to 60',
    );
    expect(await bad('?skills=a,b,c,d,e,f')).toBe('Choose at most 5 skills');
  });

  // Last: it adds thousands of listings the other tests do not expect.
  it('bounds a filtered count: past the scan limit it says "at least"', async () => {
    await seedListedCvs(t.db, BROWSE_COUNT_SCAN + 100);
    // Seeded listing i has i % 25 years: about 4% have 24, spread over the listing dates.
    const first = await browse('?minYears=24&limit=24');
    expect(first.totalCapped).toBe(true);
    expect(first.total).toBeGreaterThan(10);
    expect(first.total).toBeLessThan(BROWSE_COUNT_CAP);
    expect(first.hasMore).toBe(true);
    expect(first.data.every((d) => d.yearsExperience >= 24)).toBe(true);
    // A narrow range is counted exactly.
    const exact = await browse('?province=gauteng&minYears=5&skills=python');
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(0);
  }, 60_000);
});
