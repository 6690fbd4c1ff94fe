import { sql, type Kysely } from 'kysely';

/**
 * A public link per CV version (issue 30): `/cv/{slug}` opens the version without a pin while
 * its row exists. Turning the link off deletes the row; "reset link" replaces it with a new id
 * and slug, so every URL handed out under the old one (media included) stops working. Views
 * through a link are `cv_views` rows with `via_link = 1`: they outlive a reset, like a
 * share's trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cv_public_links')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('cv_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('curriculum_vitae.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('slug', 'varchar(32)', (c) => c.notNull().unique())
    // Search engines may list the page only when the owner says so.
    .addColumn('indexable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('include_photo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cv_public_links_user_id')
    .on('cv_public_links')
    .column('user_id')
    .execute();

  await db.schema
    .alterTable('cv_views')
    .addColumn('via_link', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A version's link trail, newest first, without reading its shares' views.
  await sql`create index cv_views_link on cv_views (cv_id, created_at) where via_link = 1`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cv_views_link').execute();
  await db.schema.alterTable('cv_views').dropColumn('via_link').execute();
  await db.schema.dropTable('cv_public_links').execute();
}
