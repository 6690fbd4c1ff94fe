import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { authRepo } from '../auth/index.ts';
import { createDb, migrateToLatest } from './create-db.ts';
import type { Db } from './database.ts';
import { EVERY_TABLE, tableWrittenBy, tablesReadBy, writeClockOf } from './write-clock.ts';

describe('which table a statement writes', () => {
  it.each([
    ['insert into "section_skill" ("id") values (?)', 'section_skill'],
    ['insert or ignore into "hr_saved_cvs" (a) values (?)', 'hr_saved_cvs'],
    ['INSERT INTO users(id) VALUES (?)', 'users'],
    ['update "curriculum_vitae" set "template" = ? where "user_id" = ?', 'curriculum_vitae'],
    ['replace into "x" ("a") values (1)', 'x'],
    // A delete cascades through foreign keys; DDL and unknown shapes may touch anything.
    ['delete from "section_skill" where "id" = ?', EVERY_TABLE],
    ['with t as (select 1) insert into "y" select * from t', EVERY_TABLE],
    ['create table "z" (a)', EVERY_TABLE],
    ['begin immediate', undefined],
    ['commit', undefined],
    ['rollback', undefined],
    ['PRAGMA optimize', undefined],
  ])('%s → %s', (statement, table) => {
    expect(tableWrittenBy(statement)).toBe(table);
  });

  it('reads the tables a select names after from and join', () => {
    expect(
      tablesReadBy(
        'select * from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" union all select 1 from media',
      ),
    ).toEqual(['sessions', 'users', 'media']);
  });
});

describe('the write clock of a SQLite database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function sqliteDb(): Promise<Db> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-clock-'));
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'vitae.sqlite') });
    cleanups.push(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await migrateToLatest(db);
    return db;
  }

  it('moves the stamp of the table written, and only of that table', async () => {
    const db = await sqliteDb();
    const clock = writeClockOf(db)!;
    const [skills, users] = [clock.stamp(['section_skill']), clock.stamp(['users'])];
    await authRepo(db).create({
      fullName: 'A',
      email: 'a@example.com',
      passwordHash: 'x',
      isHr: false,
      pendingCvToSave: null,
    });
    expect(clock.stamp(['users'])).not.toBe(users);
    expect(clock.stamp(['section_skill'])).toBe(skills);
  });

  it('counts a write inside a transaction, a raw statement and a delete (every table)', async () => {
    const db = await sqliteDb();
    const clock = writeClockOf(db)!;
    const before = clock.stamp(['curriculum_vitae']);
    await db.transaction().execute(async (trx) => {
      await sql`update curriculum_vitae set template = 'template02' where 1 = 0`.execute(trx);
    });
    const afterUpdate = clock.stamp(['curriculum_vitae']);
    expect(afterUpdate).not.toBe(before);
    const media = clock.stamp(['media']);
    await db.deleteFrom('sessions').where('id_hash', '=', 'none').execute();
    expect(clock.stamp(['media'])).not.toBe(media);
    expect(clock.stamp(['curriculum_vitae'])).not.toBe(afterUpdate);
  });

  it('does not move for reads', async () => {
    const db = await sqliteDb();
    const clock = writeClockOf(db)!;
    const before = clock.stamp(['users', 'sessions']);
    await db.selectFrom('users').selectAll().execute();
    await sql`select count(*) from sessions`.execute(db);
    expect(clock.stamp(['users', 'sessions'])).toBe(before);
  });
});
