import type { Kysely } from 'kysely';

/**
 * The public listing and the HR side. The listing row carries a copy of the owner's
 * personal info (name, gender, date of birth, nationality) so browse filters, sorts
 * and pages on one table with indexes, without a join per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_cvs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('cv_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('is_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listed_at', 'varchar(32)')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('full_name_lower', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_of_birth', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('nationality', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Browse: newest/oldest first, by gender, by name; the id breaks ties for stable pages.
  await db.schema
    .createIndex('public_cvs_listed_at')
    .on('public_cvs')
    .columns(['is_listed', 'listed_at', 'id'])
    .execute();
  await db.schema
    .createIndex('public_cvs_gender_listed_at')
    .on('public_cvs')
    .columns(['is_listed', 'gender', 'listed_at', 'id'])
    .execute();
  await db.schema
    .createIndex('public_cvs_name')
    .on('public_cvs')
    .columns(['is_listed', 'full_name_lower', 'id'])
    .execute();
  await db.schema
    .createIndex('public_cvs_views')
    .on('public_cvs')
    .columns(['is_listed', 'view_count', 'id'])
    .execute();

  // Name search by word prefix: one row per word of the listing's name, so a search reads
  // an index range of matching words instead of every listed name.
  await db.schema
    .createTable('public_cv_name_tokens')
    .addColumn('public_cv_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('public_cv_name_tokens_pk', ['public_cv_id', 'token'])
    .execute();
  await db.schema
    .createIndex('public_cv_name_tokens_token')
    .on('public_cv_name_tokens')
    .columns(['token', 'public_cv_id'])
    .execute();

  await db.schema
    .createTable('public_cv_views')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('public_cv_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('hr_user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('hr_user_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('viewed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('public_cv_views_recent')
    .on('public_cv_views')
    .columns(['public_cv_id', 'viewed_at', 'id'])
    .execute();

  await db.schema
    .createTable('hr_saved_cvs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('hr_user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('public_cv_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('rank', 'varchar(20)', (c) => c.notNull().defaultTo('null'))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_saved', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_viewed', 'varchar(32)')
    .addUniqueConstraint('hr_saved_cvs_hr_cv', ['hr_user_id', 'public_cv_id'])
    .execute();
  // "isSaved" in browse looks rows up by CV for one HR user.
  await db.schema
    .createIndex('hr_saved_cvs_cv')
    .on('hr_saved_cvs')
    .columns(['public_cv_id', 'hr_user_id'])
    .execute();

  await db.schema
    .createTable('hr_notes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('saved_cv_id', 'varchar(24)', (c) =>
      c.notNull().references('hr_saved_cvs.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('hr_notes_saved_created')
    .on('hr_notes')
    .columns(['saved_cv_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'hr_notes',
    'hr_saved_cvs',
    'public_cv_views',
    'public_cv_name_tokens',
    'public_cvs',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
