import type { Kysely } from 'kysely';

/**
 * Shares of a CV by email (each with its own hashed view pin) and the views they led to.
 * The CV id is the curriculum_vitae id; no foreign key to that table so the order of
 * feature migrations does not matter, the owner's user id cascades instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cv_shares')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('cv_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // JSON text: [{ email, key }]
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'varchar(100)')
    .addColumn('template', 'varchar(20)', (c) => c.notNull())
    .addColumn('include_photo', 'integer', (c) => c.notNull().defaultTo(1))
    // HMAC of the pin keyed with the server secret: the pin itself is never stored.
    .addColumn('pin_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cv_shares_cv_id').on('cv_shares').column('cv_id').execute();
  await db.schema.createIndex('cv_shares_user_id').on('cv_shares').column('user_id').execute();

  await db.schema
    .createTable('cv_views')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('cv_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('owner_user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('share_id', 'varchar(24)')
    .addColumn('recipient_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('recipient_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip_address', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cv_views_cv_id').on('cv_views').column('cv_id').execute();
  await db.schema
    .createIndex('cv_views_owner_user_id')
    .on('cv_views')
    .column('owner_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_views').ifExists().execute();
  await db.schema.dropTable('cv_shares').ifExists().execute();
}
