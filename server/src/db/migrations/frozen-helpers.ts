import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * What shipped migrations share, frozen with them: a migration runs against the schema of its
 * own day, so it may use SQL and this file only, never a repo or feature module whose queries
 * follow later schemas (issue 28; eslint.config.js enforces it). Never change what these do.
 */

/** 24 hex characters, the shape clients know as `_id`. */
export const newId = (): string => randomBytes(12).toString('hex');

export const nowIso = (): string => new Date().toISOString();

/**
 * Asks for derived data (facets, search words) to be rebuilt by today's code once every
 * migration has run (server/src/upgrade.ts): a migration changes the schema; the rows derived
 * from other rows are computed by the code that reads them, against the latest schema.
 */
export async function requestRebuild(db: Kysely<unknown>, name: string): Promise<void> {
  await createRebuildRequests(db);
  await db
    .insertInto('derived_rebuilds' as never)
    .values({ name, requested_at: nowIso() } as never)
    .onConflict((oc) => oc.column('name' as never).doNothing())
    .execute();
}

/** The table of rebuild requests (each name once), if it is not there yet. */
export async function createRebuildRequests(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('derived_rebuilds')
    .ifNotExists()
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
