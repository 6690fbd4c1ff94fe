import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_MESSAGES } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp } from '../test/build-test-app.ts';

/** Which CV version the public listing shows HR users (issue 30): PUT /api/public-cv/version. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const call = callAs(() => t);

describe('the listed CV version', () => {
  it('lists the version chosen, HR users see that version, and another user’s answers 404', async () => {
    const me = await loginAs(t, { fullName: 'Lindiwe Zulu' });
    await call(me, 'POST', '/api/personal-info', { fullName: 'Lindiwe Zulu' });
    for (const skill of ['Forklift', 'Pivot tables']) {
      await call(me, 'POST', '/api/skill', { skill, proficiency: 4 });
    }
    const forklift = (
      (await call(me, 'GET', '/api/skill')).json().data as { _id: string; skill: string }[]
    ).find((s) => s.skill === 'Forklift')!._id;
    const analyst = (
      await call(me, 'POST', '/api/curriculum-vitae/versions', { name: 'Data analyst' })
    ).json()._id as string;
    await call(me, 'PUT', `/api/curriculum-vitae/versions/${analyst}/entries/${forklift}`, {
      section: 'skill',
      included: false,
    });
    expect((await call(me, 'POST', '/api/public-cv/toggle')).json().isListed).toBe(true);

    const chosen = await call(me, 'PUT', '/api/public-cv/version', { version: analyst });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().publicCV.curriculumVitaeID).toBe(analyst);
    expect((await call(me, 'GET', '/api/public-cv/status')).json().publicCV.curriculumVitaeID).toBe(
      analyst,
    );

    // An HR user who saves the listing reads that version.
    const hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true });
    const listing = (await call(me, 'GET', '/api/public-cv/status')).json().publicCV._id as string;
    const saved = await call(hr, 'POST', `/api/public-cv/save/${listing}`);
    expect(saved.statusCode).toBe(201);
    const detail = await call(hr, 'GET', `/hr/saved-cv/${saved.json().data._id}`);
    const skills = (detail.json().curriculumVitae.skills as { skill: string }[]).map(
      (s) => s.skill,
    );
    expect(skills).toEqual(['Pivot tables']);

    // Not one of mine, or not an id: nothing changes.
    const other = await loginAs(t);
    const theirs = (await call(other, 'GET', '/api/curriculum-vitae/versions')).json().data[0]
      ._id as string;
    const refused = await call(me, 'PUT', '/api/public-cv/version', { version: theirs });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(VERSION_MESSAGES.notFound);
    for (const body of [{}, { version: '' }, { version: analyst, extra: 1 }, { version: 7 }]) {
      expect((await call(me, 'PUT', '/api/public-cv/version', body)).statusCode).toBe(400);
    }
    expect((await call(me, 'GET', '/api/public-cv/status')).json().publicCV.curriculumVitaeID).toBe(
      analyst,
    );

    // Deleting the listed version moves the listing to the default.
    await call(me, 'DELETE', `/api/curriculum-vitae/versions/${analyst}`);
    const mine = (await call(me, 'GET', '/api/curriculum-vitae/versions')).json().data[0]._id;
    expect((await call(me, 'GET', '/api/public-cv/status')).json().publicCV.curriculumVitaeID).toBe(
      mine,
    );
  });
});
