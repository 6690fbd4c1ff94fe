import type { Kysely } from 'kysely';

/**
 * Upload signatures already spent: a signature lets one upload through, once, on any instance.
 * Rows are kept until the signature would have expired anyway, then deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_upload_signatures')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('used_upload_signatures_expiry')
    .on('used_upload_signatures')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_upload_signatures').execute();
}
