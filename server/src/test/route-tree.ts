import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  path: string;
}

/**
 * Every route the app registers, read from its own route tree, so a test over all routes
 * covers a new one without listing it. HEAD twins are left out.
 */
export function routesOf(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─ ]*)(\S.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const [, segment, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(m[2]!)!;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD') out.push({ method, path });
    }
  }
  return out;
}
