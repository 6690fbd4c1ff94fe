import type { Kysely } from 'kysely';

/**
 * Settings → Your sessions (issue 34): the approximate place a session signed in from, as the
 * proxy in front named it (SESSION_PLACE_HEADERS, e.g. a CDN's city and country headers). Null
 * where none is configured, and for sessions from before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('place', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('place').execute();
}
