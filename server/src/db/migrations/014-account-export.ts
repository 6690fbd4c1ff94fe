import type { Kysely } from 'kysely';

/**
 * "Export my account" jobs (issue 16): one row per user (a new export replaces the last),
 * its progress while it is built in the background, and the stored ZIP's key until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_exports')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'varchar(64)')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('account_exports_expires_at')
    .on('account_exports')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_exports').execute();
}
