import type { Kysely } from 'kysely';

/**
 * Custom sections (issue 30): sections a user makes ("Volunteering", "Awards"), each with a
 * title, a kind and entries in the user's order (`sort_order`, as migration 022 gave every
 * section). Entries carry their owner too, so the one-request CV reads them by user like
 * every section, and the account export and deletion find them through `users`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_sections')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('other'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_sections_user_sort_order')
    .on('custom_sections')
    .columns(['user_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('custom_section_entries')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('section_id', 'varchar(24)', (c) =>
      c.notNull().references('custom_sections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('end_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_section_entries_section_sort_order')
    .on('custom_section_entries')
    .columns(['section_id', 'sort_order'])
    .execute();
  await db.schema
    .createIndex('custom_section_entries_user')
    .on('custom_section_entries')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_section_entries').ifExists().execute();
  await db.schema.dropTable('custom_sections').ifExists().execute();
}
