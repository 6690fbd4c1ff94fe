import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Each backup folder holds this file: what is in it and how to check it is whole. */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 1;

export interface BackupFile {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  vitaeVersion: string;
  /** The last migration the database had run: a restore refuses a backup from a newer Vitae. */
  lastMigration: string;
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  /** Milliseconds the backup took, database and media. */
  tookMs: number;
  /** Rows per table in the database snapshot. */
  rowCounts: Record<string, number>;
  media: { count: number; bytes: number; storage: string };
  /** Media keys the snapshot names that were gone from the store when it was copied. */
  missingMedia: string[];
  files: BackupFile[];
}

export const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;
export const SECRET_FILE = 'session-secret';
export const MEDIA_DIR = 'media';

/** The file's size and SHA-256, read as a stream (media files can be large). */
export async function describeFile(root: string, relative: string): Promise<BackupFile> {
  const full = path.join(root, relative);
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(full), hash);
  const { size } = await fsp.stat(full);
  return { path: relative.split(path.sep).join('/'), size, sha256: hash.digest('hex') };
}

/** The root package's version, recorded beside the last migration for people to read. */
export function vitaeVersion(): string {
  const pkg = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version?: string }).version ?? 'unknown';
}
