import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceSchema, stripUnsupported } from '@vitae/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { newId, nowIso } from '../db/ids.ts';
import { requireUser } from '../plugins/session.ts';

export async function devicesRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/devices',
    {
      schema: {
        tags: ['devices'],
        body: deviceSchema.nullish(),
        response: { 201: z.object({ success: z.boolean() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      // A header may carry C1 bytes; cut first so no half surrogate pair is left behind.
      const userAgent = stripUnsupported(
        (req.body?.userAgent ?? req.headers['user-agent'] ?? 'unknown').slice(0, 512),
      );
      const platform = (req.body?.platform ?? 'unknown').slice(0, 128);
      const now = nowIso();
      await db
        .insertInto('devices')
        .values({
          id: newId(),
          user_id: user.id,
          user_agent: userAgent,
          platform,
          created_at: now,
          last_seen_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'user_agent', 'platform']).doUpdateSet({ last_seen_at: now }),
        )
        .execute();
      return reply.status(201).send({ success: true });
    },
  );
}
