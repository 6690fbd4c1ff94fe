import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The JS and CSS files `key` loads at once: its chunk and all its static imports. */
function closure(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The app's stylesheet inlined: a prerendered page paints after one round trip (the HTML)
 * instead of two (the HTML, then its render-blocking CSS). Later pages are rendered by the
 * client into this same document, so they keep the styles.
 *
 * A disabled link to the same file stays beside it: browsers neither fetch nor apply it, but
 * Vite's loader of a lazy page looks for a stylesheet link to decide the CSS is there. Without
 * one it fetched the 13 KiB stylesheet again and held the page's module until it arrived
 * (the shared CV's request for its data waited for it).
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  let out = html;
  for (const [tag, file] of html.matchAll(STYLESHEET)) {
    const css = await fs.readFile(path.join(outDir, file!), 'utf8');
    out = out.replace(
      tag,
      () => `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`,
    );
  }
  return out;
}

/**
 * `/` is index.html, `/hr-introduction` hr-introduction.html, `/view-shared-cv/*` view-shared-cv.any.html: the
 * names the server looks up (server/src/plugins/web-app.ts).
 */
export const prerenderedFile = (url: string) =>
  url === '/' ? 'index.html' : `${url.slice(1).replace(/\/\*$/, '.any')}.html`;

/** Tags that load a route module's chunks (and CSS) the shell does not load already. */
function preloadLinks(manifest: Manifest, module: string, shell: string): string {
  const { js, css } = closure(manifest, module);
  return [
    ...css
      .filter((f) => !shell.includes(f))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...js
      .filter((f) => !shell.includes(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
}

/**
 * After the build, renders the static public pages (src/app/prerender.tsx) into copies of
 * index.html under `prerendered/`, with their route chunk preloaded: the page paints from
 * the HTML alone and main.tsx hydrates it. Runs before the other closeBundle hooks so the
 * pages get precompressed too.
 */
export function prerenderPublicPages(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'vitae-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const server = await createServer({
          root,
          configFile: false,
          plugins: [react()],
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
            PRERENDERED_PAGES: Record<string, string>;
            renderPage: (path: string) => Promise<string>;
          };
          const manifest = JSON.parse(
            await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as Manifest;
          const original = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
          const shell = await inlineStylesheets(original, outDir);
          await fs.mkdir(path.join(outDir, 'prerendered'), { recursive: true });
          const links = (module: string) => preloadLinks(manifest, module, original);
          for (const [url, module] of Object.entries(mod.PRERENDERED_PAGES)) {
            const html = await mod.renderPage(url);
            const page = shell
              .replace('</head>', `${links(module)}</head>`)
              .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
            if (!page.includes(html)) throw new Error('index.html has no empty <div id="root">');
            await fs.writeFile(path.join(outDir, 'prerendered', prerenderedFile(url)), page);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
