// npm run restore -- <backup folder>: into the configured, empty DATA_DIR / database / bucket.
import { ConfigError, loadConfig } from '../config.ts';
import { storageFor } from '../plugins/storage.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

async function main() {
  const from = process.argv[2];
  if (!from) {
    console.error('Usage: npm run restore -- <backup folder> (made by npm run backup)');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.sessionSecret) {
    console.log(
      'SESSION_SECRET is set: view pins of restored shares work only if it is the secret the backed-up server used.',
    );
  }
  const { manifest, media, tookMs } = await restoreBackup({
    from,
    config,
    storage: storageFor(config),
  });
  console.log(
    `Restored ${from} (${manifest.engine}, taken ${manifest.createdAt} at ${manifest.lastMigration}) ` +
      `with ${media} media files in ${tookMs} ms, and migrated it to this Vitae. Sessions were not kept: everyone signs in again.`,
  );
}

main().catch((err: unknown) => {
  const known = err instanceof RestoreRefused || err instanceof ConfigError;
  console.error(known ? (err as Error).message : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
});
