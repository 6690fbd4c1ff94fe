import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { storageFor } from '../plugins/storage.ts';
import { buildTestApp, testDbKind } from '../test/build-test-app.ts';
import { freshPostgres } from '../test/fresh-postgres.ts';
import { buildMediaTestApp, type MediaTestApp } from '../test/media-test-kit.ts';
import { readWorld, writeWorld, type World, type WorldReads } from '../test/data-world.ts';
import { createBackup } from './backup.ts';
import { MANIFEST_FILE, type BackupManifest } from './manifest.ts';
import { restoreBackup, RESTORE_MESSAGES } from './restore.ts';

/** Runs one of the two commands as `npm run backup` / `npm run restore` do; its exit and output. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/src/backup/${name}-cli.ts`, ...args],
      { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/** An empty place to restore into: a new data folder, and a new database on PostgreSQL. */
async function emptyTarget() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-restore-'));
  const pg =
    testDbKind === 'postgres'
      ? await freshPostgres(process.env.TEST_DATABASE_URL!, 'vitae_r')
      : undefined;
  const env = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  return {
    env,
    config,
    storage: storageFor(config),
    async drop() {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const restoreInto = (
  from: string,
  target: { config: Config; storage: ReturnType<typeof storageFor> },
) => restoreBackup({ from, config: target.config, storage: target.storage });

/** A copy of the backup folder, changed by `spoil`, for the refusals. */
function spoiled(dir: string, spoil: (copy: string) => void): string {
  const copy = `${dir}-spoiled-${Math.random().toString(36).slice(2)}`;
  fs.cpSync(dir, copy, { recursive: true });
  spoil(copy);
  return copy;
}

describe('npm run backup, then npm run restore', () => {
  let source: MediaTestApp;
  let world: World;
  let before: WorldReads;
  let backup: { dir: string; manifest: BackupManifest };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-backups-'));

  beforeAll(async () => {
    // The source keeps its media in an S3 bucket: the backup lists and copies every object.
    source = await buildMediaTestApp('s3');
    world = await writeWorld(source);
    before = await readWorld(source, world);
    backup = await createBackup({ config: source.config, storage: source.storage, outDir });
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('writes a manifest: version, last migration, rows per table, a checksum per file', () => {
    const { manifest } = backup;
    expect(manifest.lastMigration).toMatch(/^\d{3}-/);
    expect(manifest.rowCounts).toMatchObject({ users: 2, cv_shares: 1, hr_notes: 2, media: 3 });
    expect(manifest.media.count).toBe(source.storedKeys().length);
    expect(manifest.missingMedia).toEqual([]);
    for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.existsSync(`${backup.dir}.partial`)).toBe(false);
  });

  it('restores into an empty target, and everyone reads what they wrote', async () => {
    const target = await emptyTarget();
    try {
      const restored = await restoreInto(backup.dir, target);
      expect(restored.media).toBe(backup.manifest.media.count);
      const t = await buildTestApp({ env: target.env });
      try {
        expect(await readWorld(t, world)).toEqual(before);
        // Sessions are not restored: every sign-in after it is new.
        expect(
          Number(
            (await t.db
              .selectFrom('sessions')
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirst())!.n,
          ),
        ).toBe(2);
      } finally {
        await t.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('runs as the two npm commands, and the second restore into the same target is refused', async () => {
    const env = (dataDir: string, url?: string) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      S3_ENDPOINT: '',
    });
    const sourceEnv = env(
      source.config.dataDir,
      source.config.database.kind === 'postgres' ? source.config.database.url : undefined,
    );
    // The source's media are in its bucket; this run backs up its database and secret alone.
    const made = await cli('backup', ['--out', outDir], sourceEnv);
    expect(made.out).toMatch(/^Backup written to .*vitae-backup-/);
    expect(made.code).toBe(0);
    const folder = /Backup written to (\S+):/.exec(made.out)![1]!;
    const target = await emptyTarget();
    try {
      const targetEnv = env(target.config.dataDir, target.env.DATABASE_URL);
      const first = await cli('restore', [folder], targetEnv);
      expect(first.out).toContain('Sessions were not kept');
      expect(first.code).toBe(0);
      const again = await cli('restore', [folder], targetEnv);
      expect(again.code).toBe(1);
      expect(again.out).toContain('The target is not empty');
      expect((await cli('restore', [], targetEnv)).code).toBe(2);
    } finally {
      await target.drop();
    }
  }, 120_000);

  describe('refuses, changing nothing,', () => {
    const refusedWith = async (from: string, message: string) => {
      const target = await emptyTarget();
      try {
        await expect(restoreInto(from, target)).rejects.toThrow(message);
        if (target.config.database.kind === 'sqlite') {
          expect(fs.existsSync(target.config.database.file)).toBe(false);
        }
        expect(fs.readdirSync(target.config.dataDir).filter((f) => f !== 'media')).toEqual([]);
        const keys = [];
        for await (const key of target.storage.keys()) keys.push(key);
        expect(keys).toEqual([]);
      } finally {
        await target.drop();
      }
    };

    it('a damaged backup', async () => {
      const media = backup.manifest.files.find((f) => f.path.startsWith('media/'))!;
      const from = spoiled(backup.dir, (copy) => {
        const file = path.join(copy, media.path);
        const bytes = fs.readFileSync(file);
        bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
        fs.writeFileSync(file, bytes);
      });
      await refusedWith(from, RESTORE_MESSAGES.damaged(media.path));
    });

    it('a backup from a newer Vitae', async () => {
      const from = spoiled(backup.dir, (copy) => {
        const file = path.join(copy, MANIFEST_FILE);
        const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
        fs.writeFileSync(
          file,
          JSON.stringify({ ...manifest, lastMigration: '999-from-the-future' }),
        );
      });
      await refusedWith(
        from,
        'This backup comes from a newer Vitae (its database is at migration 999-from-the-future',
      );
    });

    it('a folder that is not a backup', async () => {
      await refusedWith(outDir, RESTORE_MESSAGES.noManifest(outDir));
    });

    it('a target that holds data', async () => {
      const target = await emptyTarget();
      try {
        await restoreInto(backup.dir, target);
        const t = await buildTestApp({ env: target.env });
        const users = () => t.db.selectFrom('users').select('id').execute();
        const held = await users();
        await expect(restoreInto(backup.dir, target)).rejects.toThrow('The target is not empty');
        expect(await users()).toEqual(held);
        await t.close();
      } finally {
        await target.drop();
      }
    });
  });
});
