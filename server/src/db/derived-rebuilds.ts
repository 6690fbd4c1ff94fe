import type { Db } from './database.ts';

/** Recomputes one kind of derived data from the rows it is derived from; safe to run twice. */
export type Rebuild = (db: Db) => Promise<void>;

/**
 * Runs each rebuild a migration asked for (migrations/frozen-helpers.ts), then forgets the
 * request. A process that dies mid-rebuild leaves the request, and the next start runs it
 * again. A request no rebuild answers stops start-up: its data would stay stale unseen.
 */
export async function runRequestedRebuilds(
  db: Db,
  rebuilds: Readonly<Record<string, Rebuild>>,
): Promise<string[]> {
  const requested = await db
    .selectFrom('derived_rebuilds')
    .select('name')
    .orderBy('requested_at')
    .execute();
  for (const { name } of requested) {
    const rebuild = rebuilds[name];
    if (!rebuild) throw new Error(`No rebuild named ${name} (asked for by a migration)`);
    await rebuild(db);
    await db.deleteFrom('derived_rebuilds').where('name', '=', name).execute();
  }
  return requested.map((r) => r.name);
}
