import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth/', '/hr/', '/media/', '/dev/', '/error', '/socket.io/'];

const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/**
 * The pages the build wrote (web/prerender-plugin.ts), by path: `/` is
 * prerendered/index.html, `/hr-introduction` prerendered/hr-introduction.html, and `/view-shared-cv/*` (any one
 * path below) prerendered/view-shared-cv.any.html.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, 'prerendered');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.html')) : [];
  const route = (f: string) =>
    f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length).replace(/\.any$/, '/*')}`;
  return new Map(names.map((f) => [route(f), `prerendered/${f}`]));
}

/** The page the build wrote for `url`, else the app shell. */
function pageFor(pages: Map<string, string>, url: string): string {
  const pathname = url.split('?')[0]!;
  const below = pathname.slice(0, pathname.lastIndexOf('/'));
  return pages.get(pathname) ?? (below ? pages.get(`${below}/*`) : undefined) ?? 'index.html';
}

/** Vite names what it fingerprints `assets/<name>-<hash>.<ext>`: those never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Any other GET for a page answers index.html so the
 * client router decides; API paths answer a JSON 404. The build writes a `.br` and a
 * `.gz` beside every text file (web/vite.config.ts), sent as the client accepts them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  opts: {
    /** An `x-robots-tag` for a page path (a public CV link's `noindex`), or null for none. */
    robots?: (pathname: string) => Promise<string | null>;
  } = {},
): Promise<void> {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  const prerendered = prerenderedPages(webDist);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // send's own cache-control (max-age=0) would overwrite the one set below.
      cacheControl: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !isApiPath(req.url) &&
      (req.headers.accept ?? '').includes('text/html');
    const robots = wantsPage && opts.robots ? await opts.robots(req.url.split('?')[0]!) : null;
    if (robots) void reply.header('x-robots-tag', robots);
    if (wantsPage && built) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(prerendered, req.url));
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/html')
        .send(
          '<p>The web app is not built yet: run <code>npm run build</code> (npm start does it for you).</p>',
        );
    }
    return reply.status(404).send({ error: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
}
