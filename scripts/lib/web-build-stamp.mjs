// What web/dist was built from: npm start rebuilds when this no longer matches the sources.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Everything the web bundle is made from, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/prerender-plugin.ts',
  'web/package.json',
  'core/src',
  'core/package.json',
  'package-lock.json',
];

/** The stamp's place in the build: served like any file, so a deployment can be checked. */
export const STAMP_FILE = 'build-stamp.json';

function listFiles(root, rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** A hash of the names and contents of every build input (a moved file counts as a change). */
export function hashWebSources(root, inputs = WEB_BUILD_INPUTS) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((rel) => listFiles(root, rel)).sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** The stamp a build left in `distDir`, or undefined when there is none (or it is unreadable). */
export function readStamp(distDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

export function writeStamp(distDir, stamp) {
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * Why `distDir` must be (re)built for sources hashing to `sourceHash`, or undefined when
 * it is a production build of exactly these sources.
 */
export function rebuildReason(distDir, sourceHash) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return 'the web app is not built yet';
  const stamp = readStamp(distDir);
  if (!stamp) return 'the build has no stamp (it was not made by npm start)';
  if (stamp.mode !== 'production') return `the build is a ${stamp.mode} build`;
  if (stamp.sourceHash !== sourceHash) return 'the web sources changed since the last build';
  return undefined;
}
