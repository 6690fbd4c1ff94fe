import type { Kysely } from 'kysely';

/** One CV record per user: it carries the chosen template, so it follows the user everywhere. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('curriculum_vitae')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('template', 'varchar(20)', (c) => c.notNull().defaultTo('template01'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('curriculum_vitae').ifExists().execute();
}
