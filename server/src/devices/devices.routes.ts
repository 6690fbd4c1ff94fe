import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceSchema, stripUnsupported } from '@vitae/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { newId, nowIso } from '../db/ids.ts';
import { keepNewestRows, lockRow, type PerUserRows } from '../db/integrity.ts';
import { requireUser } from '../plugins/session.ts';

/** Devices a user's list keeps: the client names them, so each new name would be a new row. */
export const MAX_DEVICES_PER_USER = 20;

/** Past the cap, the devices seen longest ago are forgotten. */
const deviceRows: PerUserRows = {
  table: 'devices',
  key: 'id',
  newest: 'last_seen_at',
  keep: MAX_DEVICES_PER_USER,
};

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
      await db.transaction().execute(async (trx) => {
        // One user's reports one at a time, so the cap below holds under parallel ones.
        await lockRow(trx, 'users', user.id);
        await trx
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
        await keepNewestRows(trx, deviceRows, user.id);
      });
      return reply.status(201).send({ success: true });
    },
  );
}
