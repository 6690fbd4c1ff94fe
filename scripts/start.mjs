// npm start: make sure web/dist is a production build of the current sources (building it
// when missing, stale or not production) and server/dist a bundle of the server's current
// sources, then serve web + API from one plain node process (decision 0008 §0012).
import { spawn } from 'node:child_process';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuild } from './lib/server-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = process.cwd();
ensureWebBuild(root);

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
