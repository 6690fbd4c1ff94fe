import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { buildTestApp, loginAs, testDbKind, type TestApp } from '../test/build-test-app.ts';
import { newId } from './ids.ts';
import { isUniqueViolation, keepNewestRows, type PerUserRows } from './integrity.ts';
import { writeClockOf } from './write-clock.ts';
import * as m009 from './migrations/009-integrity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = (minute: number) => `2024-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

async function failure(write: Promise<unknown>): Promise<unknown> {
  return write.then(
    () => undefined,
    (err: unknown) => err,
  );
}

describe('migration 009 on a database that already breaks the rules', () => {
  it('keeps the oldest of each duplicate, then refuses new duplicates', async () => {
    const { userId } = await loginAs(t);
    // Plain rows with only the columns that matter (the rest have defaults).
    const db = t.db as unknown as Kysely<Record<string, Record<string, string | number | null>>>;
    // As before 009: no unique indexes, and rows that parallel requests could leave.
    await m009.down(t.db as unknown as Kysely<unknown>);
    const info = (id: string, minute: number) => ({
      id,
      user_id: userId,
      full_name: id,
      created_at: at(minute),
      updated_at: at(minute),
    });
    await db
      .insertInto('section_personal_info')
      .values([info('second', 2), info('first', 1), info('third', 3)])
      .execute();
    const interest = (id: string, text: string, minute: number) => ({
      id,
      user_id: userId,
      interest: text,
      created_at: at(minute),
      updated_at: at(minute),
    });
    await db
      .insertInto('section_interest')
      .values([
        interest('i2', 'chess', 2),
        interest('i1', 'Chess', 1),
        interest('i3', 'CHESS', 3),
        interest('i4', 'Go', 4),
      ])
      .execute();
    const media = (id: string) => ({
      id,
      user_id: userId,
      purpose: 'photo',
      resource_type: 'image',
      content_type: 'image/png',
      file_key: `${id}.png`,
      size: 1,
      created_at: at(0),
    });
    const photo = (id: string, minute: number) => ({
      id,
      user_id: userId,
      media_id: `m-${id}`,
      title: id,
      assigned: 1,
      created_at: at(0),
      updated_at: at(minute),
    });
    await db
      .insertInto('media')
      .values([media('m-p1'), media('m-p2')])
      .execute();
    await db
      .insertInto('photos')
      .values([photo('p1', 5), photo('p2', 1)])
      .execute();

    await m009.up(t.db as unknown as Kysely<unknown>);

    const ids = async (table: string) =>
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    expect(await ids('section_personal_info')).toEqual(['first']);
    expect(await ids('section_interest')).toEqual(['i1', 'i4']);
    const assigned = await db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', userId)
      .where('assigned', '=', 1)
      .execute();
    // The most recently assigned one stays assigned.
    expect(assigned).toEqual([{ id: 'p1' }]);

    // The indexes now refuse what the app's checks refuse, with an error both drivers name.
    const again = await failure(
      db.insertInto('section_personal_info').values(info(newId(), 9)).execute(),
    );
    expect(isUniqueViolation(again)).toBe(true);
    const recased = await failure(
      db
        .insertInto('section_interest')
        .values(interest(newId(), 'GO', 9))
        .execute(),
    );
    expect(isUniqueViolation(recased)).toBe(true);
    const second = await failure(
      db.updateTable('photos').set({ assigned: 1 }).where('id', '=', 'p2').execute(),
    );
    expect(isUniqueViolation(second)).toBe(true);
    // Another user, or another text, is fine.
    await db
      .insertInto('section_interest')
      .values(interest(newId(), 'Gone', 9))
      .execute();
  });

  it('is not a unique violation when another rule refuses the write', async () => {
    const err = await failure(
      t.db
        .insertInto('section_skill')
        .values({
          id: newId(),
          user_id: 'no such user',
          skill: 'x',
          proficiency: 1,
          created_at: at(0),
          updated_at: at(0),
        })
        .execute(),
    );
    expect(err).toBeInstanceOf(Error);
    expect(isUniqueViolation(err)).toBe(false);
  });
});

if (testDbKind !== 'sqlite') {
  console.info(
    'SQLite transactions: skipped on PostgreSQL, it tests the SQLite driver (the SQLite pass runs it)',
  );
}
describe.runIf(testDbKind === 'sqlite')('SQLite transactions', () => {
  it('begin IMMEDIATE: another connection cannot write once a transaction has begun', async () => {
    if (t.config.database.kind !== 'sqlite') throw new Error('SQLite only');
    const other = new SQLite(t.config.database.file);
    other.pragma('busy_timeout = 0');
    try {
      await t.db.transaction().execute(async (trx) => {
        // Only a read so far: a deferred BEGIN would not hold the write lock yet.
        await trx.selectFrom('users').select('id').limit(1).execute();
        expect(() => other.prepare('DELETE FROM sessions WHERE 0').run()).toThrow(/locked|busy/i);
      });
      expect(() => other.prepare('DELETE FROM sessions WHERE 0').run()).not.toThrow();
    } finally {
      other.close();
    }
  });
});

describe('keepNewestRows', () => {
  // On SQLite answers are kept until a table they read is written (decision 0008 §0015); a DELETE
  // counts as a write to every table, so the bound must not delete when there is nothing to.
  const everyTableWrites = () => writeClockOf(t.db)?.stamp([]);
  const notifications: PerUserRows = {
    table: 'notifications',
    key: 'id',
    newest: 'created_at',
    keep: 3,
  };
  const add = (userId: string, n: number) =>
    t.db
      .insertInto('notifications')
      .values({
        id: newId(),
        user_id: userId,
        type: 'cv-viewed',
        title: `N${n}`,
        message: 'M',
        created_at: at(n),
        is_read: 0,
      })
      .execute();
  const titles = async (userId: string) =>
    (
      await t.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute()
    ).map((r) => r.title);

  it('keeps the newest rows of that user only, and deletes nothing under the bound', async () => {
    const [me, other] = [await loginAs(t), await loginAs(t)];
    if (testDbKind === 'sqlite') expect(everyTableWrites()).toBeTypeOf('number');
    for (let n = 1; n <= 3; n++) await add(me.userId, n);
    await add(other.userId, 0);
    const before = everyTableWrites();
    await t.db.transaction().execute((trx) => keepNewestRows(trx, notifications, me.userId));
    // Nothing to delete: no statement told the write clock that every table changed.
    expect(everyTableWrites()).toBe(before);
    expect(await titles(me.userId)).toEqual(['N1', 'N2', 'N3']);

    await add(me.userId, 4);
    await add(me.userId, 5);
    await t.db.transaction().execute((trx) => keepNewestRows(trx, notifications, me.userId));
    expect(await titles(me.userId)).toEqual(['N3', 'N4', 'N5']);
    expect(await titles(other.userId)).toEqual(['N0']);
  });
});
