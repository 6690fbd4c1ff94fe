// The production web build npm start and npm run cluster serve: built when missing, stale or
// not production, whatever NODE_ENV the shell has.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hashWebSources, rebuildReason, writeStamp } from './web-build-stamp.mjs';

/** Builds web/dist when it needs it; exits the process if the build fails. */
export function ensureWebBuild(root) {
  const dist = path.join(root, 'web/dist');
  const sourceHash = hashWebSources(root);
  const reason = rebuildReason(dist, sourceHash);
  if (!reason) return;
  console.log(`Building the web app (${reason})…`);
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(dist, { mode: 'production', sourceHash, builtAt: new Date().toISOString() });
}
