/// <reference types="vitest/config" />
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderPublicPages } from './prerender-plugin.ts';
import { sectionCatalog } from './build/section-catalog.ts';

const API = process.env.VITAE_API ?? 'http://127.0.0.1:5000';
const proxied = ['/api', '/auth', '/hr', '/media', '/dev', '/error', '/socket.io'];

const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest
 * levels once here rather than at a low level on every request; the server sends them
 * as the client accepts them (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vitae-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the manifest, read at build time and never served.
      const files = (await fs.readdir(outDir, { recursive: true })).filter(
        (f) => TEXT_FILE.test(f) && !f.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.readFile(full);
          const br = brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          const gz = gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
          await fs.writeFile(`${full}.br`, await br);
          await fs.writeFile(`${full}.gz`, await gz);
        }),
      );
    },
  };
}

/**
 * What a CV template is drawn with: its blocks and the small modules only drawing a CV uses.
 * Left to itself the bundler split them into a dozen chunks of 0.1–3 KiB, one per set of pages
 * sharing them, which a phone fetched in turns over its few connections once the shared CV's
 * page had loaded; as one chunk they come in one request (decision 0008 §0016). Their dependencies
 * (React, dates, the section catalog) stay in their own chunks: the dashboard shares those and
 * must not load the blocks with them.
 */
const CV_RENDER_MODULES = [
  /\/web\/src\/features\/templates\/blocks\/[\w-]+\.tsx?$/,
  /\/web\/src\/features\/rich-text\/rich-text\.tsx?$/,
  /\/core\/src\/(?:arrangement-order|color|custom-section-keys|design|design-theme|levels|ratings|rich-text)\.ts$/,
];

export default defineConfig({
  plugins: [react(), tailwindcss(), sectionCatalog(), prerenderPublicPages(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, ws: p === '/socket.io' }])),
  },
  // The manifest lets e2e/bundle-size.spec.ts weigh what each page loads. print.html is the
  // server's PDF page (src/print): its own entry, so the app's pages load none of it.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'cv-render',
              test: (id) => CV_RENDER_MODULES.some((re) => re.test(id.replaceAll('\\', '/'))),
              // Their dependencies stay where the bundler puts them (see CV_RENDER_MODULES).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        print: path.resolve(import.meta.dirname, 'print.html'),
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
    root: import.meta.dirname,
  },
});
