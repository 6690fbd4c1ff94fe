import type { FastifyInstance, LogLevel } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { Lifecycle } from './lifecycle.ts';
import { allOk, readiness, type Checks } from './readiness.ts';

const state = z.enum(['ok', 'down']);
const checks = z.object({
  database: state.optional(),
  redis: state.optional(),
  storage: state.optional(),
});
const ready = z.object({ status: z.literal('ready'), checks });
const notReady = z.union([
  z.object({ status: z.literal('not ready'), checks }),
  z.object({ status: z.literal('draining') }),
]);

const QUIET_LEVELS: readonly LogLevel[] = ['warn', 'error', 'fatal', 'silent'];
/** A load balancer asks every few seconds: no info line per probe (warnings still go out). */
const quiet = (level: string): LogLevel =>
  QUIET_LEVELS.find((quieter) => quieter === level) ?? 'warn';

/**
 * GET /healthz (alive: the process answers) and GET /readyz (ready: its database, Redis and
 * media store answer, and it is not draining), for a load balancer or an orchestrator
 * (docs/operations.md, "Health checks"). Neither needs a session nor counts against a limit.
 */
export async function healthRoutes(
  app: FastifyInstance,
  deps: AppDeps & { lifecycle: Lifecycle },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];
  const logLevel = quiet(deps.config.logLevel);
  const probes = readiness(deps);
  app.addHook('onClose', probes.close);

  r.get(
    '/healthz',
    {
      logLevel,
      schema: {
        tags,
        summary: 'Liveness: 200 while the process runs (checks nothing else)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  let lastReady: boolean | undefined;
  const noteChange = (isReady: boolean, result: Checks) => {
    if (lastReady !== undefined && isReady !== lastReady) {
      if (isReady) app.log.info({ checks: result }, 'ready again');
      else app.log.warn({ checks: result }, 'not ready');
    }
    lastReady = isReady;
  };

  r.get(
    '/readyz',
    {
      logLevel,
      schema: {
        tags,
        summary:
          'Readiness: 200 when the database, Redis (if configured) and media store answer; 503 naming what failed, or while draining',
        response: { 200: ready, 503: notReady },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (deps.lifecycle.draining) return reply.status(503).send({ status: 'draining' as const });
      const result = await probes.check();
      const isReady = allOk(result);
      noteChange(isReady, result);
      // A SIGTERM that came while the checks ran wins.
      if (deps.lifecycle.draining) return reply.status(503).send({ status: 'draining' as const });
      if (isReady) return { status: 'ready' as const, checks: result };
      return reply.status(503).send({ status: 'not ready' as const, checks: result });
    },
  );
}
