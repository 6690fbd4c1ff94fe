import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One uploaded asset: its public id is the id; keys name the stored files.
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(64)')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_user_created')
    .on('media')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'varchar(24)', (c) => c.notNull().unique().references('media.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('assigned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('photos_user_created')
    .on('photos')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'varchar(24)', (c) => c.notNull().unique().references('media.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certificates_user_created')
    .on('certificates')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('first_impressions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'varchar(24)', (c) => c.notNull().unique().references('media.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['first_impressions', 'certificates', 'photos', 'media']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
