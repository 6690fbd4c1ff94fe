import { sql, type Kysely } from 'kysely';

/**
 * An HR user's view of a saved CV counts (and tells the owner) at most once an hour:
 * `last_counted_at` on the saved row is claimed by a conditional UPDATE, so parallel
 * requests count once. Every visit still leaves a row in the view trail, pruned per
 * viewer through the new index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hr_saved_cvs').addColumn('last_counted_at', 'varchar(32)').execute();
  // A view counted just before the upgrade is not counted again right after it.
  await sql`UPDATE hr_saved_cvs SET last_counted_at = last_viewed`.execute(db);
  await db.schema
    .createIndex('public_cv_views_viewer')
    .on('public_cv_views')
    .columns(['public_cv_id', 'hr_user_id', 'viewed_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('public_cv_views_viewer').ifExists().execute();
  await db.schema.alterTable('hr_saved_cvs').dropColumn('last_counted_at').execute();
}
