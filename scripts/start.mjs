// npm start: make sure web/dist is a production build of the current sources (building it
// when missing, stale or not production), then serve web + API from one process.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { hashWebSources, rebuildReason, writeStamp } from './lib/web-build-stamp.mjs';

const root = process.cwd();
const dist = path.join(root, 'web/dist');
const sourceHash = hashWebSources(root);
const reason = rebuildReason(dist, sourceHash);

if (reason) {
  console.log(`Building the web app (${reason})…`);
  // Whatever NODE_ENV the shell has, the served bundle is React's production one.
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(dist, { mode: 'production', sourceHash, builtAt: new Date().toISOString() });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
