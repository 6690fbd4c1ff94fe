import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientErrorSchema } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { errorResponses, noContent } from '../plugins/responses.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';

const MAX_LOGGED_CHARS = 2_000;

/** Client-side errors are logged (capped), never stored. */
export async function clientErrorsRoutes(
  app: FastifyInstance,
  { limiter }: AppDeps,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/error',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['other'],
        body: clientErrorSchema,
        response: { 204: noContent('Logged'), ...errorResponses },
      },
    },
    async (req, reply) => {
      await enforceLimits(limiter, [
        { key: `client-error:ip:${req.ip}`, limit: 30, windowMs: 60_000 },
      ]);
      const raw = req.body.error;
      const text = (typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? '')).slice(
        0,
        MAX_LOGGED_CHARS,
      );
      req.log.warn({ clientError: text, userId: req.user?.id }, 'client error reported');
      return reply.status(204).send();
    },
  );
}
