import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import {
  MAX_SECTION_ENTRIES,
  SECTIONS,
  SECTION_KEYS,
  TOO_MANY_ENTRIES,
  type SectionKey,
} from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { newId } from '../db/ids.ts';
import { ORDER_MISMATCH } from './sections.routes.ts';
import { tableOf } from './sections.repo.ts';

/** Issue 17: entries in the user's order, stored on the server, followed by the one-request CV. */
type Values = Record<string, unknown>;

let t: TestApp;
const published: { userId: string; dataType: string }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.events.subscribe('section.changed', (p) => published.push(p));
});
afterAll(() => t.close());

const LIST_KEYS = SECTION_KEYS.filter((key) => SECTIONS[key].kind === 'list');

const call = callAs(() => t);

/** The n-th valid entry of a section: its samples in turn, made unique where the section asks. */
function entry(key: SectionKey, n: number): Values {
  const samples = SECTIONS[key].sample as Values[];
  const value: Values = { ...samples[n % samples.length] };
  const unique = SECTIONS[key].unique;
  if (unique) value[unique.field] = `${String(value[unique.field])} ${n}`;
  return value;
}

async function addEntries(who: Who, key: SectionKey, count: number): Promise<string[]> {
  for (let n = 0; n < count; n++) {
    const res = await call(who, 'POST', `/api/${key}`, entry(key, n));
    expect(res.statusCode, res.body).toBe(201);
  }
  return listIds(who, key);
}

const listIds = async (who: Who, key: SectionKey) =>
  ((await call(who, 'GET', `/api/${key}`)).json().data as { _id: string }[]).map((e) => e._id);

const cvIds = async (who: Who, key: SectionKey) => {
  const res = await call(who, 'GET', '/api/curriculum-vitae/data');
  expect(res.statusCode).toBe(200);
  const data = res.json().data as Record<string, { _id: string }[]>;
  return data[SECTIONS[key].cv.field]!.map((e) => e._id);
};

const reorder = (who: Who, key: SectionKey, ids: unknown) =>
  call(who, 'PUT', `/api/${key}/order`, { ids });

describe.each(LIST_KEYS)('PUT /api/%s/order', (key) => {
  let me: Who;
  let ids: string[];
  beforeAll(async () => {
    me = await loginAs(t);
    ids = await addEntries(me, key, 3);
  });

  it('stores the order: the list, the one-request CV and a new entry follow it', async () => {
    const [a, b, c] = ids as [string, string, string];
    const before = published.length;
    const res = await reorder(me, key, [c, a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { _id: string }[]).map((e) => e._id)).toEqual([c, a, b]);
    expect(await listIds(me, key)).toEqual([c, a, b]);
    expect(await cvIds(me, key)).toEqual([c, a, b]);
    // The same event a save sends, so live views and listing facets refresh.
    expect(published.slice(before)).toContainEqual({
      userId: me.userId,
      dataType: SECTIONS[key].dataType,
    });

    // A new entry goes last, after the user's order.
    expect((await call(me, 'POST', `/api/${key}`, entry(key, 3))).statusCode).toBe(201);
    const now = await listIds(me, key);
    expect(now.slice(0, 3)).toEqual([c, a, b]);
    expect(now).toHaveLength(4);
    expect(await cvIds(me, key)).toEqual(now);
    ids = now;
  });

  it('refuses anything but exactly the entries, each once, and changes nothing', async () => {
    const other = await loginAs(t);
    const [theirs] = await addEntries(other, key, 1);
    const bad: unknown[] = [
      ids.slice(1), // one missing
      [...ids, ids[0]], // a duplicate
      [ids[0], ...ids.slice(1, -1), ids[0]], // a duplicate instead of one
      [...ids.slice(0, -1), theirs], // another user's entry instead of one
      [...ids, theirs], // another user's entry on top
      [...ids, newId()], // an id that does not exist
      'nope',
      [1, 2, 3, 4],
      null,
    ];
    for (const body of bad) {
      const res = await reorder(me, key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(ORDER_MISMATCH);
      // Nothing about the other user's entry shows in the answer.
      expect(res.body).not.toContain(theirs);
    }
    const tooMany = await reorder(me, key, Array.from({ length: MAX_SECTION_ENTRIES + 1 }, newId));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(TOO_MANY_ENTRIES);
    expect(await listIds(me, key)).toEqual(ids);
    expect(await listIds(other, key)).toEqual([theirs]);
  });
});

describe('entry order', () => {
  it('needs a session, and single-record sections have no order', async () => {
    const anonymous = await reorder(null as unknown as Who, 'skill', []);
    expect(anonymous.statusCode).toBe(401);
    const me = await loginAs(t);
    expect((await reorder(me, 'personal-info', [])).statusCode).toBe(404);
  });

  it('keeps one consistent order under parallel reorders', async () => {
    const me = await loginAs(t);
    const ids = await addEntries(me, 'skill', 6);
    const orders = Array.from({ length: 8 }, (_, i) =>
      ids.map((_, j) => ids[(i + j) % ids.length]!).reverse(),
    );
    const answers = await Promise.all(orders.map((order) => reorder(me, 'skill', order)));
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
    const final = await listIds(me, 'skill');
    expect(orders).toContainEqual(final);
    expect(await cvIds(me, 'skill')).toEqual(final);
    // The stored places are 0..n-1, once each: not a mix of two requests.
    const rows = await t.db
      .selectFrom('section_skill')
      .select(['id', 'sort_order'])
      .where('user_id', '=', me.userId)
      .orderBy('sort_order')
      .execute();
    expect(rows.map((r) => r.sort_order)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rows.map((r) => r.id)).toEqual(final);
  });

  it('a JSON Resume export follows the order, an import keeps the file order', async () => {
    const me = await loginAs(t);
    const ids = await addEntries(me, 'language', 3);
    const names = async () =>
      ((await call(me, 'GET', '/api/language')).json().data as { language: string }[]).map(
        (e) => e.language,
      );
    expect((await reorder(me, 'language', [...ids].reverse())).statusCode).toBe(200);
    const order = await names();
    const resume = (await call(me, 'GET', '/api/cv/export')).json() as {
      languages: { language: string }[];
    };
    expect(resume.languages.map((l) => l.language)).toEqual(order);

    const fresh = await loginAs(t);
    const imported = await call(fresh, 'POST', '/api/cv/import?mode=add', {
      skills: [{ name: 'Zeta' }, { name: 'Alpha' }, { name: 'Mu' }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const skills = (await call(fresh, 'GET', '/api/skill')).json().data as { skill: string }[];
    expect(skills.map((s) => s.skill)).toEqual(['Zeta', 'Alpha', 'Mu']);
  });

  it('the migration numbers existing entries in the order they were shown in', async () => {
    const t2 = await buildTestApp();
    try {
      const me = await loginAs(t2);
      const other = await loginAs(t2);
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      const before = names[names.indexOf('022-entry-order') - 1]!;
      const migrator = new Migrator({ db: t2.db, provider: migrationProvider });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const table = tableOf('interest');
      const rows = [
        // id, user, created_at: the second and third share a creation time (id decides).
        ['c'.repeat(24), me.userId, '2024-01-03T00:00:00.000Z'],
        ['b'.repeat(24), me.userId, '2024-01-01T00:00:00.000Z'],
        ['a'.repeat(24), me.userId, '2024-01-01T00:00:00.000Z'],
        ['d'.repeat(24), other.userId, '2024-01-02T00:00:00.000Z'],
      ];
      for (const [id, user, created] of rows) {
        await sql`insert into ${sql.table(table)} (id, user_id, created_at, updated_at, interest)
          values (${id}, ${user}, ${created}, ${created}, ${`Interest ${id!.charAt(0)}`})`.execute(
          t2.db,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const stored = await t2.db
        .selectFrom('section_interest')
        .select(['id', 'sort_order'])
        .orderBy('id')
        .execute();
      expect(stored).toEqual([
        { id: 'a'.repeat(24), sort_order: 0 },
        { id: 'b'.repeat(24), sort_order: 1 },
        { id: 'c'.repeat(24), sort_order: 2 },
        { id: 'd'.repeat(24), sort_order: 0 },
      ]);
      const list = (
        await t2.app.inject({
          method: 'GET',
          url: '/api/interest',
          headers: { cookie: me.cookie },
        })
      ).json().data as { _id: string }[];
      expect(list.map((e) => e._id)).toEqual(['a', 'b', 'c'].map((c) => c.repeat(24)));
    } finally {
      await t2.close();
    }
  });
});
