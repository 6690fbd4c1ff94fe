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
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    if (!origin) return;
    const sameHost = `${req.protocol}://${req.headers.host}`;
    if (origin !== allowed && origin !== sameHost) {
      throw new HttpError(403, 'Cross-site request refused.');
    }
  });
}
