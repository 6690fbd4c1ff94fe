import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Header = [name: string, value: string | number | readonly string[]];

/**
 * Helmet's headers, worked out once. @fastify/helmet builds helmet's middleware from the
 * options on every request (parsing the CSP directives each time: 5 % of the server's time
 * under load in a --cpu-prof of the API bench); with static options every answer gets the
 * same headers, so they are computed at start-up and set as they are.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const set: Header[] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: Header[1]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
