import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, testDbKind, type TestApp } from '../test/build-test-app.ts';

/*
 * Answers kept in memory (decision 0008 §0015) must never outlive a write a user made: each test
 * reads (so the answer is kept), writes by another path, and reads again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const skillsOf = async (cookie: string) =>
  (await get('/api/skill', cookie)).json<{ data: { skill: string }[] }>().data.map((s) => s.skill);

async function addSkill(cookie: string, skill: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/skill',
    headers: { cookie },
    payload: { skill, proficiency: 3 },
  });
  expect(res.statusCode).toBe(201);
}

/** A write this process does not make: another connection to the file, or on PostgreSQL the pool. */
async function renameSkillsOutside(userId: string, name: string) {
  if (testDbKind === 'sqlite') {
    const other = new SQLite(t.config.database.kind === 'sqlite' ? t.config.database.file : '');
    other.prepare('update section_skill set skill = ? where user_id = ?').run(name, userId);
    other.close();
  } else {
    await t.db
      .updateTable('section_skill')
      .set({ skill: name })
      .where('user_id', '=', userId)
      .execute();
  }
}

describe('answers kept in memory', () => {
  it('keeps a list on SQLite until its table is written here; PostgreSQL reads every time', async () => {
    const { cookie, userId } = await loginAs(t);
    await addSkill(cookie, 'Welding');
    expect(await skillsOf(cookie)).toEqual(['Welding']);

    await renameSkillsOutside(userId, 'Plumbing');
    // SQLite: this process owns the file, so a writer it cannot see is seen only within
    // seconds; PostgreSQL serves many instances, so nothing is kept.
    expect(await skillsOf(cookie)).toEqual([testDbKind === 'sqlite' ? 'Welding' : 'Plumbing']);

    await addSkill(cookie, 'Carpentry');
    expect(await skillsOf(cookie)).toEqual(['Plumbing', 'Carpentry']);
  });

  it('ends a session at once on sign-out, though its lookup was kept', async () => {
    const { cookie } = await loginAs(t);
    expect((await get('/api/skill', cookie)).statusCode).toBe(200);
    expect((await get('/api/skill', cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/user/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/skill', cookie)).statusCode).toBe(401);
  });

  it("ends every session at once when any code deletes them (a password reset's path)", async () => {
    const { cookie, userId } = await loginAs(t);
    expect((await get('/api/skill', cookie)).statusCode).toBe(200);
    await t.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    expect((await get('/api/skill', cookie)).statusCode).toBe(401);
  });

  it('answers the one-request CV anew after any write to a table it reads', async () => {
    const { cookie, userId } = await loginAs(t, { fullName: 'Ada Lovelace' });
    await addSkill(cookie, 'Mathematics');
    const cvOf = async () =>
      (await get('/api/curriculum-vitae/data', cookie)).json<{
        cv: { template: string };
        data: { personalInfo?: { fullName: string } };
      }>();
    expect((await cvOf()).data.personalInfo?.fullName).toBe('Ada Lovelace');

    const template = await t.app.inject({
      method: 'PATCH',
      url: '/api/curriculum-vitae/template',
      headers: { cookie },
      payload: { template: 'template07' },
    });
    expect(template.statusCode).toBe(200);
    expect((await cvOf()).cv.template).toBe('template07');

    // Not through a route: the account's name, which the header falls back to.
    await t.db
      .updateTable('users')
      .set({ full_name: 'Ada King' })
      .where('id', '=', userId)
      .execute();
    expect((await cvOf()).data.personalInfo?.fullName).toBe('Ada King');
  });
});
