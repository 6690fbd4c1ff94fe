import { sql, type Kysely } from 'kysely';

/**
 * Which shares a link naming only the CV opens (`/view-shared-cv/<cv>` without `?share=`).
 * Links have named their share since before migration 012, so only shares made before 012 ran
 * can have been mailed without it: those keep opening by CV id. Every later share opens only
 * by its own link, so a pin guessed on the CV id is checked against the old shares alone,
 * not against every recipient's pin at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cv_shares')
    .addColumn('opens_by_cv_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE cv_shares SET opens_by_cv_id = 1 WHERE created_at < (
    SELECT timestamp FROM kysely_migration WHERE name = '012-share-control')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cv_shares').dropColumn('opens_by_cv_id').execute();
}
