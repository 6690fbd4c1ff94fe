// npm start runs the server compiled: one esbuild bundle of server/src and core/src in
// server/dist, rebuilt when those sources changed (docs/decisions/0008-performance-measurements.md#0012).
// Tests and `npm run dev` still run the TypeScript sources (tsx, Vitest).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashWebSources, readStamp, writeStamp } from './web-build-stamp.mjs';

/** Everything the server bundle is made from, relative to the repository root. */
export const SERVER_BUILD_INPUTS = [
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'core/src',
  'core/package.json',
  'package-lock.json',
  'scripts/lib/server-build.mjs',
];

export const SERVER_DIST = 'server/dist';
export const SERVER_BUNDLE = 'server/dist/main.mjs';
/**
 * How node runs the bundle: stack traces name the TypeScript sources (about 5 MiB), and V8's
 * young generation stays at 2 × 4 MiB instead of growing to 2 × 16 MiB (start-up alone fills
 * it): about 18 MiB less resident memory for a few per cent more CPU in the busiest route
 * (docs/decisions/0008-performance-measurements.md#0012).
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=4'];

/** Why the bundle in `root` must be (re)built, or undefined when it matches the sources. */
export function serverRebuildReason(root, sourceHash) {
  const dist = path.join(root, SERVER_DIST);
  if (!fs.existsSync(path.join(root, SERVER_BUNDLE))) return 'the server is not built yet';
  if (readStamp(dist)?.sourceHash !== sourceHash) return 'the server sources changed';
  return undefined;
}

/**
 * Each source file keeps its own `import.meta.url` (paths such as web/dist and the demo
 * video are resolved from the file that names them), and every package from node_modules
 * stays an import that node resolves at run time, as under tsx (native modules, packages'
 * own files); only the workspace's TypeScript (server, core) is bundled.
 */
const sourcesAsWritten = {
  name: 'vitae-sources',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vitae/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Bundles server/src/main.ts (and the core sources it imports) into `outfile` under `root`. */
export async function buildServer(root, outfile = SERVER_BUNDLE) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: ['server/src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourcesAsWritten],
  });
}

/** Builds the bundle when stale; answers the reason it was built, or undefined. */
export async function ensureServerBuild(root, { log = console.log } = {}) {
  const sourceHash = hashWebSources(root, SERVER_BUILD_INPUTS);
  const reason = serverRebuildReason(root, sourceHash);
  if (!reason) return undefined;
  log(`Building the server (${reason})…`);
  await buildServer(root);
  writeStamp(path.join(root, SERVER_DIST), {
    mode: 'production',
    sourceHash,
    builtAt: new Date().toISOString(),
  });
  return reason;
}
