import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import type { Storage } from '../plugins/storage.ts';
import { upgradeDatabase } from '../upgrade.ts';
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  describeFile,
  MANIFEST_FILE,
  MEDIA_DIR,
  SECRET_FILE,
  type BackupManifest,
} from './manifest.ts';

const run = promisify(execFile);

/** Why a restore did not start; nothing was changed when one is thrown. */
export class RestoreRefused extends Error {}

const NOTHING = 'Nothing was restored.';

export const RESTORE_MESSAGES = {
  noManifest: (dir: string) => `Not a Vitae backup: ${dir} has no ${MANIFEST_FILE}. ${NOTHING}`,
  format: (n: unknown) =>
    `This backup's format (${String(n)}) is not one this Vitae reads. ${NOTHING}`,
  damaged: (file: string) =>
    `The backup is damaged: ${file} is missing or does not match its checksum. ${NOTHING}`,
  newer: (theirs: string, ours: string) =>
    `This backup comes from a newer Vitae (its database is at migration ${theirs}; this Vitae knows up to ${ours}). Restore it with that version or a later one. ${NOTHING}`,
  engine: (theirs: string, ours: string) =>
    `This backup holds a ${theirs} database and DATABASE_URL names ${ours}: restore it into the same kind of database. ${NOTHING}`,
  notEmpty: (what: string) =>
    `The target is not empty: ${what}. Restore into an empty data folder, database and bucket. ${NOTHING}`,
};

async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new RestoreRefused(RESTORE_MESSAGES.noManifest(dir));
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new RestoreRefused(RESTORE_MESSAGES.damaged(MANIFEST_FILE));
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefused(RESTORE_MESSAGES.format(manifest.format));
  return manifest;
}

/** Every file the manifest lists is there with its size and checksum. */
async function checkFiles(dir: string, manifest: BackupManifest) {
  const needed = DATABASE_FILE[manifest.engine];
  if (!manifest.files.some((f) => f.path === needed))
    throw new RestoreRefused(RESTORE_MESSAGES.damaged(needed));
  for (const file of manifest.files) {
    const safe = !file.path.split('/').includes('..') && !path.isAbsolute(file.path);
    const actual = safe ? await describeFile(dir, file.path).catch(() => undefined) : undefined;
    if (actual?.sha256 !== file.sha256 || actual.size !== file.size) {
      throw new RestoreRefused(RESTORE_MESSAGES.damaged(file.path));
    }
  }
}

async function checkNotNewer(manifest: BackupManifest) {
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  if (!known.includes(manifest.lastMigration)) {
    throw new RestoreRefused(RESTORE_MESSAGES.newer(manifest.lastMigration, known.at(-1)!));
  }
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = current_schema()`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The database, the store and the data folder's secret hold nothing a restore would overwrite. */
async function checkEmpty(config: Config, storage: Storage, manifest: BackupManifest) {
  if (config.database.kind !== manifest.engine) {
    throw new RestoreRefused(RESTORE_MESSAGES.engine(manifest.engine, config.database.kind));
  }
  if (config.database.kind === 'sqlite' && fs.existsSync(config.database.file)) {
    throw new RestoreRefused(RESTORE_MESSAGES.notEmpty(`${config.database.file} exists`));
  }
  if (config.database.kind === 'postgres' && (await postgresTables(config.database.url)) > 0) {
    throw new RestoreRefused(RESTORE_MESSAGES.notEmpty('the PostgreSQL database has tables'));
  }
  for await (const key of storage.keys()) {
    throw new RestoreRefused(RESTORE_MESSAGES.notEmpty(`${storage.describe()} holds ${key}`));
  }
  const secret = path.join(config.dataDir, SECRET_FILE);
  if (
    !config.sessionSecret &&
    manifest.files.some((f) => f.path === SECRET_FILE) &&
    fs.existsSync(secret)
  ) {
    throw new RestoreRefused(RESTORE_MESSAGES.notEmpty(`${secret} exists`));
  }
}

/** The database file or dump into the configured database, in one step. */
async function restoreDatabase(config: Config, dir: string) {
  const source = path.join(dir, DATABASE_FILE[config.database.kind]);
  if (config.database.kind === 'sqlite') {
    await fsp.mkdir(path.dirname(config.database.file), { recursive: true });
    // Copied beside, then renamed: a restore cut short leaves no half database behind.
    const part = `${config.database.file}.restoring`;
    await fsp.copyFile(source, part);
    await fsp.rename(part, config.database.file);
    return;
  }
  await run('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    `--dbname=${config.database.url}`,
    source,
  ]);
}

export interface RestoreInput {
  from: string;
  config: Config;
  storage: Storage;
}

/**
 * Restores a backup made by createBackup into an empty data folder, database and store, then
 * migrates it forward as start-up would. Refuses (RestoreRefused, nothing changed) a folder
 * that is not a backup, a damaged one, one from a newer Vitae and a target that holds data.
 * Sessions are dropped: everyone signs in again (a restored session could be one its owner
 * had since ended). Media, shares and their pins, listings and HR data come back whole.
 */
export async function restoreBackup({ from, config, storage }: RestoreInput) {
  const started = Date.now();
  const dir = path.resolve(from);
  const manifest = await readManifest(dir);
  await checkFiles(dir, manifest);
  await checkNotNewer(manifest);
  await checkEmpty(config, storage, manifest);

  await restoreDatabase(config, dir);
  const media = manifest.files.filter((f) => f.path.startsWith(`${MEDIA_DIR}/`));
  for (const file of media) {
    await storage.putFile(
      file.path.slice(MEDIA_DIR.length + 1),
      path.join(dir, file.path),
      'application/octet-stream',
    );
  }
  if (!config.sessionSecret && manifest.files.some((f) => f.path === SECRET_FILE)) {
    await fsp.mkdir(config.dataDir, { recursive: true });
    await fsp.copyFile(path.join(dir, SECRET_FILE), path.join(config.dataDir, SECRET_FILE));
    await fsp.chmod(path.join(config.dataDir, SECRET_FILE), 0o600);
  }
  const db = createDb(config.database);
  try {
    await upgradeDatabase(db);
    await db.deleteFrom('sessions').execute();
  } finally {
    await db.destroy();
  }
  return { manifest, media: media.length, tookMs: Date.now() - started };
}
