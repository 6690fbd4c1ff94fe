import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';
import type { Db } from './database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function sqliteDb(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-db-'));
  const db = createDb({ kind: 'sqlite', file: path.join(dir, 'nested', 'vitae.sqlite') });
  cleanups.push(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

const pragma = async (db: Db, name: string) =>
  (await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as Record<string, unknown>;

describe('createDb on SQLite', () => {
  it('commits durably: WAL with synchronous=FULL, so an acknowledged write survives a power loss', async () => {
    const db = sqliteDb();
    // 2 is FULL (0 OFF, 1 NORMAL, 3 EXTRA).
    expect(await pragma(db, 'synchronous')).toEqual({ synchronous: 2 });
    expect(await pragma(db, 'journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma(db, 'foreign_keys')).toEqual({ foreign_keys: 1 });
  });
});
