import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderValue = string | number | string[];

/**
 * Helmet's headers, worked out once. @fastify/helmet builds helmet's middleware from the
 * options on every request (parsing the CSP directives each time: 5 % of the server's time
 * under load in a --cpu-prof of the API bench); with static options every answer gets the
 * same headers, so they are computed at start-up and set as they are.
 *
 * They go into the reply's own headers, not `reply.raw`: while nothing has been set on the
 * raw response, Node writes the head straight from the object Fastify hands to writeHead,
 * instead of validating and storing each header twice. A route's header of the same name
 * (a stored file's stricter CSP) still wins, as it did over the raw one.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const set: Record<string, HeaderValue> = {};
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: HeaderValue) => void (set[name.toLowerCase()] = value),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(set);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
}
