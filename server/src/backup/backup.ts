import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Storage } from '../plugins/storage.ts';
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  describeFile,
  MANIFEST_FILE,
  MEDIA_DIR,
  SECRET_FILE,
  vitaeVersion,
  type BackupManifest,
} from './manifest.ts';

const run = promisify(execFile);

/** What the database snapshot holds, read inside the snapshot itself. */
interface SnapshotFacts {
  rowCounts: Record<string, number>;
  lastMigration: string;
  /** Media keys the rows name: each must be in the backup's media folder. */
  mediaKeys: Set<string>;
}

const TABLES_SQL = {
  sqlite: `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  postgres: `select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
};
const MEDIA_KEYS_SQL = `select file_key as k from media union select thumb_key from media
  union select file_key from account_exports`;

async function factsOf(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  engine: 'sqlite' | 'postgres',
) {
  const tables = (await query(TABLES_SQL[engine])).map((r) => String(r.name));
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await query(`select count(*) as n from "${table.replaceAll('"', '""')}"`);
    rowCounts[table] = Number(row!.n);
  }
  const [last] = await query('select max(name) as name from kysely_migration');
  const mediaKeys = new Set(
    (await query(MEDIA_KEYS_SQL)).map((r) => r.k).filter((k): k is string => typeof k === 'string'),
  );
  return { rowCounts, lastMigration: String(last?.name ?? ''), mediaKeys } as SnapshotFacts;
}

/** SQLite's online backup API: a consistent copy while the server goes on writing. */
async function snapshotSqlite(file: string, dest: string): Promise<SnapshotFacts> {
  if (!fs.existsSync(file)) throw new Error(`Nothing to back up: there is no database at ${file}.`);
  const live = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await live.backup(dest);
  } finally {
    live.close();
  }
  // The copy keeps the live file's WAL mode; back to a single file, so the backup is one.
  const copy = new SQLite(dest);
  copy.pragma('journal_mode = DELETE');
  try {
    return await factsOf(
      async (sql) => copy.prepare(sql).all() as Record<string, unknown>[],
      'sqlite',
    );
  } finally {
    copy.close();
  }
}

/**
 * pg_dump in the custom format, from a snapshot this transaction exports: the row counts and
 * media keys of the manifest are read from exactly the rows the dump holds.
 */
async function snapshotPostgres(url: string, dest: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await factsOf(async (sql) => (await client.query(sql)).rows, 'postgres');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--snapshot=${rows[0]!.id}`,
      `--file=${dest}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** Copies every stored object into `dir`; answers the keys copied and their bytes. */
async function copyMedia(storage: Storage, dir: string) {
  await fsp.mkdir(dir, { recursive: true });
  const copied = new Set<string>();
  let bytes = 0;
  for await (const key of storage.keys()) {
    const body = await storage.read(key);
    if (!body) continue; // deleted since it was listed
    await pipeline(body, fs.createWriteStream(path.join(dir, key)));
    bytes += (await fsp.stat(path.join(dir, key))).size;
    copied.add(key);
  }
  return { copied, bytes };
}

export interface BackupInput {
  config: Config;
  storage: Storage;
  /** The folder the backup's own folder is made in. */
  outDir: string;
  now?: Date;
}

/**
 * A backup while the server serves: the database snapshot first, then every media object,
 * then the generated session secret (view pins are keyed by it), each file with its SHA-256
 * in the manifest. Written under `<name>.partial` and renamed when whole, so a backup cut
 * short is never taken for one.
 */
export async function createBackup({ config, storage, outDir, now = new Date() }: BackupInput) {
  const started = Date.now();
  const name = `vitae-backup-${now.toISOString().replace(/[:.]/g, '-')}`;
  const dir = path.resolve(outDir, name);
  const partial = `${dir}.partial`;
  await fsp.mkdir(partial, { recursive: true });
  try {
    const engine = config.database.kind;
    const dbFile = path.join(partial, DATABASE_FILE[engine]);
    const facts =
      config.database.kind === 'sqlite'
        ? await snapshotSqlite(config.database.file, dbFile)
        : await snapshotPostgres(config.database.url, dbFile);
    const media = await copyMedia(storage, path.join(partial, MEDIA_DIR));
    const relative = [DATABASE_FILE[engine], ...[...media.copied].map((k) => `${MEDIA_DIR}/${k}`)];
    const secret = path.join(config.dataDir, SECRET_FILE);
    if (!config.sessionSecret && fs.existsSync(secret)) {
      await fsp.copyFile(secret, path.join(partial, SECRET_FILE));
      await fsp.chmod(path.join(partial, SECRET_FILE), 0o600);
      relative.push(SECRET_FILE);
    }
    const files = [];
    for (const file of relative) files.push(await describeFile(partial, file));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      vitaeVersion: vitaeVersion(),
      lastMigration: facts.lastMigration,
      engine,
      createdAt: now.toISOString(),
      tookMs: Date.now() - started,
      rowCounts: facts.rowCounts,
      media: { count: media.copied.size, bytes: media.bytes, storage: storage.describe() },
      missingMedia: [...facts.mediaKeys].filter((k) => !media.copied.has(k)).sort(),
      files,
    };
    await fsp.writeFile(
      path.join(partial, MANIFEST_FILE),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    await fsp.rename(partial, dir);
    return { dir, manifest };
  } catch (err) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw err;
  }
}
