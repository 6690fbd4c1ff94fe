import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Requests without an Origin header (curl, server-to-server) carry no
 * ambient browser credentials worth protecting beyond SameSite=Lax.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  // A callback hook: an async one cost every request a promise for a check that never waits.
  app.addHook('onRequest', (req, _reply, done) => {
    const origin = req.headers.origin;
    if (!origin || SAFE.has(req.method)) return done();
    const sameHost = `${req.protocol}://${req.headers.host}`;
    if (origin !== allowed && origin !== sameHost) {
      return done(new HttpError(403, 'Cross-site request refused.'));
    }
    done();
  });
}
