import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { seedListedCvs } from '../../scripts/seed.ts';
import { hrRepo } from './hr.repo.ts';
import { BROWSE_COUNT_CAP, BROWSE_COUNT_SCAN, browseListings } from './browse.repo.ts';

/**
 * A filtered count and its page read in one scan (scanCountAndPage) give the same pages, in
 * the same order, as reading them apart, past the scan limit too, on every sort it serves.
 */

let t: TestApp;
let hrId: string;

beforeAll(async () => {
  t = await buildTestApp();
  hrId = (await loginAs(t, { fullName: 'Rita Recruiter', isHr: true })).userId;
  // Past the scan limit, so counts are partial and rare combinations read on past it.
  await seedListedCvs(t.db, 2 * BROWSE_COUNT_SCAN + 600, { log: () => undefined });
  const ids = await t.db.selectFrom('public_cvs').select('id').orderBy('id').limit(400).execute();
  for (const { id } of ids.filter((_, i) => i % 3 === 0)) await hrRepo(t.db).save(hrId, id);
}, 120_000);
afterAll(() => t.close());

const QUERIES = [
  'skills=python,sql&skillMode=all',
  'skills=python,sql&skillMode=all&sort=oldest&page=3',
  'skills=java&language=english&languageLevel=C1&city=durban&minYears=3',
  'language=isizulu&languageLevel=B2&province=gauteng',
  'language=isizulu&languageLevel=B2&province=gauteng&page=2',
  'province=western%20cape&minYears=5&hasVideo=true&sort=oldest',
  'province=gauteng&gender=female&minYears=2&page=2',
  'search=reliable&skills=excel&province=gauteng&sort=relevance',
  'search=reliable&hasVideo=true&gender=male&sort=newest&page=2',
  'search=data%20engineer&sort=relevance',
  'search=data%20engineer&sort=relevance&page=4',
  'search=data%20engineer&sort=name&page=2',
  'search=thandi%20mokoena&sort=views',
  'search=sipho%20dlamini&gender=male&sort=oldest',
  'search=da&skills=python&sort=relevance',
  'search=nobodyatall&province=gauteng',
  'minYears=24',
  'minYears=24&page=3',
  'skills=skill150&province=limpopo',
  'skills=python,excel&skillMode=any&minYears=10',
  'savedOnly=true&province=gauteng',
  'skills=excel&savedOnly=true&sort=oldest',
  // Past the scan's matches: the page goes on after the last candidate scanned.
  'minYears=24&page=6',
  'search=habits&minYears=24&sort=relevance&page=5',
  'search=habits&minYears=24&sort=name&page=6',
  'skills=python&minYears=24&sort=oldest&page=2',
  'search=reliable&skills=excel&province=gauteng&sort=relevance&page=2',
  'skills=java&city=durban&sort=oldest&page=2',
  'search=data%20engineer&gender=female&hasVideo=true&sort=views',
  'search=mokoena&minYears=20&hasVideo=true&sort=name',
];

describe('one scan for a filtered count and its page', () => {
  it.each(QUERIES)('?%s', async (query) => {
    const q = browseQuerySchema.parse({
      limit: '10',
      ...Object.fromEntries(new URLSearchParams(query)),
    });
    const merged = await browseListings(t.db, hrId, q);
    const apart = await browseListings(t.db, hrId, q, { merge: false });
    expect(merged.data.map((d) => d.fullName)).toEqual(apart.data.map((d) => d.fullName));
    expect(merged.data.map((d) => d.isSaved)).toEqual(apart.data.map((d) => d.isSaved));
    expect(merged.hasMore).toBe(apart.hasMore);
    // Either count is at least what the page reaches; exact ones agree.
    if (merged.data.length) {
      const reached = (q.page - 1) * q.limit + merged.data.length;
      expect(merged.total).toBeGreaterThanOrEqual(Math.min(reached, BROWSE_COUNT_CAP));
    }
    if (!merged.totalCapped && !apart.totalCapped) expect(merged.total).toBe(apart.total);
    if (!merged.totalCapped) expect(merged.total).toBeGreaterThanOrEqual(apart.total);
  });

  it('reads the pages the scan did not reach further along their driver', async () => {
    // About 4% have 24 years: page 3 of 10 lies past the first 1,000 candidates' matches.
    const q = browseQuerySchema.parse({ minYears: '24', limit: '10', page: '5' });
    const page = await browseListings(t.db, hrId, q);
    expect(page.data).toHaveLength(10);
    expect(page.data.every((d) => d.yearsExperience >= 24)).toBe(true);
    expect(page.totalCapped).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(50);
  });
});
