// npm run seed -- --cvs 100000: creates N listed CVs in the configured database (DATABASE_URL / DATA_DIR).
import { spawn } from 'node:child_process';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/scripts/seed.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
child.on('exit', (code) => process.exit(code ?? 1));
