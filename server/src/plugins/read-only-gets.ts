import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../db/database.ts';
import { attachWriteClock, writeClockOf } from '../db/write-clock.ts';

/**
 * A GET answers; it never changes what the user owns (so a prefetch, a crawler or a reload
 * cannot save, count or settle anything). Outside production every GET handler runs under
 * this guard and a write to a feature table throws, so any API test that reaches such a
 * write fails. Session upkeep (sliding expiry, removing an expired session) happens before
 * the handler and is the one kind of write a GET may cause. The exception: a route that
 * another site's protocol reaches by a GET redirect (the identity provider's sign-in start
 * and callback, decision 0024) says so with `config: { writesOnGet: true }`.
 */
const handling = new AsyncLocalStorage<{ readOnly: boolean; route: string }>();

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

export class WriteInGetError extends Error {}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET is a redirect target of another site's protocol and may write. */
    writesOnGet?: boolean;
  }
}

const guard: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const ctx = handling.getStore();
    if (ctx?.readOnly && WRITES.has(node.kind)) {
      throw new WriteInGetError(`${node.kind} while answering GET ${ctx.route}`);
    }
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};

/** The database the features get: guarded outside production, with its write clock kept. */
export function guardedDb(db: Db, env: string): Db {
  if (env === 'production') return db;
  const clock = writeClockOf(db);
  const guarded = db.withPlugin(guard);
  return clock ? attachWriteClock(guarded, clock) : guarded;
}

/** Runs each request in its own context; the handler phase of a GET or HEAD is read-only. */
export function registerReadOnlyGets(app: FastifyInstance, env: string): void {
  if (env === 'production') return;
  app.addHook('onRequest', (req, _reply, done) => {
    handling.run({ readOnly: false, route: req.routeOptions.url ?? req.url }, done);
  });
  // Registered after session auth, so only the route's own work is inside the guard.
  app.addHook('preHandler', async (req) => {
    const ctx = handling.getStore();
    const writes = req.routeOptions.config?.writesOnGet === true;
    if (ctx) ctx.readOnly = (req.method === 'GET' || req.method === 'HEAD') && !writes;
  });
}
