// npm start: make sure web/dist is a production build of the current sources (building it
// when missing, stale or not production) and server/dist a bundle of the server's current
// sources, then serve web + API from one plain node process (decision 0008 §0012).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuild } from './lib/server-build.mjs';
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

// The server compiled (about 1 s when its sources changed): tsx's loader thread would cost
// the running server some 50 MiB of memory.
try {
  await ensureServerBuild(root);
} catch (err) {
  console.error(`Building the server failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
