import type { Kysely } from 'kysely';
import { createRebuildRequests } from './frozen-helpers.ts';

/**
 * The rebuild requests of derived data (frozen-helpers.ts): a database that ran migration 015
 * before it asked for its rebuild through this table has none yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRebuildRequests(db);
}

export async function down(): Promise<void> {
  // Kept: 015 creates it too, and drops it on its way down.
}
