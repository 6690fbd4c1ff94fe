import { migrateToLatest } from './db/create-db.ts';
import type { Db } from './db/database.ts';
import { runRequestedRebuilds, type Rebuild } from './db/derived-rebuilds.ts';
import { refreshAllFacets } from './public-cv/index.ts';

/** Derived data by name, as migrations ask for it; each rebuilt by today's code. */
const REBUILDS: Readonly<Record<string, Rebuild>> = {
  'listing-facets': refreshAllFacets,
};

/**
 * Brings a database of any earlier Vitae to this one: the frozen migrations change the
 * schema, then the derived data they asked for is rebuilt against the latest schema.
 * Start-up, the tests, restore and the scripts all upgrade through here.
 */
export async function upgradeDatabase(db: Db): Promise<void> {
  await migrateToLatest(db);
  await runRequestedRebuilds(db, REBUILDS);
}
