// npm run backup [-- --out <folder>]: a consistent backup of the configured Vitae while it serves.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { storageFor } from '../plugins/storage.ts';
import { createBackup } from './backup.ts';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  const config = loadConfig();
  const { dir, manifest } = await createBackup({
    config,
    storage: storageFor(config),
    outDir: values.out!,
  });
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${dir}: ${manifest.engine} at ${manifest.lastMigration}, ${rows} rows, ` +
      `${manifest.media.count} media files (${mib(manifest.media.bytes)}), in ${manifest.tookMs} ms.`,
  );
  if (manifest.missingMedia.length) {
    console.warn(
      `Note: ${manifest.missingMedia.length} media files the database names were deleted while the backup ran (listed in the manifest).`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`,
  );
  process.exit(1);
});
