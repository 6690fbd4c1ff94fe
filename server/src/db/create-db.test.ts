import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { freshPostgres } from '../test/fresh-postgres.ts';
import { createDb } from './create-db.ts';
import { isDatabaseUnavailable } from './integrity.ts';
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

const pgBase = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (!pgBase)
  console.info('createDb on PostgreSQL: skipped, it needs TEST_DB=postgres (CI runs it)');

describe.skipIf(!pgBase)('createDb on PostgreSQL', () => {
  it('survives a killed idle connection (a PostgreSQL restart) and reconnects', async () => {
    const fresh = await freshPostgres(pgBase!, 'vitae_t');
    const db = createDb({ kind: 'postgres', url: fresh.url });
    cleanups.push(async () => {
      await db.destroy();
      await fresh.drop();
    });
    await sql`select 1`.execute(db);
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    const name = new URL(fresh.url).pathname.slice(1);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    // The backend is gone; its client hears so on its socket (without the pool's error
    // listener that error would crash the process).
    await expect
      .poll(async () =>
        Number(
          (
            await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [
              name,
            ])
          ).rows[0].n,
        ),
      )
      .toBe(0);
    await admin.end();
    // The next queries get a fresh connection: at most the first may meet the dead one while
    // its close is still on the way, on a loaded machine.
    await expect
      .poll(() =>
        sql<{ n: number }>`select 2 as n`
          .execute(db)
          .then((r) => r.rows[0]?.n)
          .catch(() => null),
      )
      .toBe(2);
  });

  it('survives a connection cut while a transaction holds it: that transaction fails, the process lives on', async () => {
    const fresh = await freshPostgres(pgBase!, 'vitae_t');
    const db = createDb({ kind: 'postgres', url: fresh.url });
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    cleanups.push(async () => {
      await admin.end();
      await db.destroy();
      await fresh.drop();
    });
    const lost = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanups.push(async () => lost.mockRestore());
    const cut = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // The client is checked out and idle between two statements when its error arrives:
      // without a listener of its own, that error would end the process (npm run load
      // --drill pg-restart took both web instances down this way).
      await vi.waitFor(() =>
        expect(lost).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL connection lost/)),
      );
      await sql`select 1`.execute(trx);
    });
    // The API answers such a failure 503 (plugins/errors.ts).
    expect(isDatabaseUnavailable(await cut.catch((err: unknown) => err))).toBe(true);
    expect((await sql<{ n: number }>`select 3 as n`.execute(db)).rows[0]?.n).toBe(3);
  });
});
