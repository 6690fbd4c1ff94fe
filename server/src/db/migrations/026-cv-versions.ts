import { sql, type Kysely } from 'kysely';

/**
 * One profile, many versions (issue 30): a user's CV records become versions of one profile.
 * Each keeps its own name, template, paper, arrangement and design, and may carry its own
 * headline and summary (null: the profile's). The one record each account has becomes its
 * default version, named "My CV", keeping its id, so shares, views and the listing that name
 * it keep opening the same CV. `user_id` was unique (migration 004); SQLite cannot drop a
 * column's UNIQUE, so the table is rebuilt the same way on both engines. A version leaves
 * an entry out by a row in `cv_version_exclusions`; a new entry has none, so it joins every
 * version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('curriculum_vitae_026')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('name_lower', 'varchar(40)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template', 'varchar(20)', (c) => c.notNull().defaultTo('template01'))
    .addColumn('page_size', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A4')
        .check(sql`page_size in ('A4', 'Letter')`),
    )
    .addColumn('arrangement', 'text', (c) =>
      c.notNull().defaultTo('{"order":[],"hidden":[],"titles":{}}'),
    )
    .addColumn('design', 'text', (c) =>
      c
        .notNull()
        .defaultTo('{"accent":null,"font":null,"size":"medium","density":"normal"}')
        .check(sql`length(design) <= 200 and substr(design, 1, 1) = '{'`),
    )
    .addColumn('headline', 'text')
    .addColumn('summary', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO curriculum_vitae_026 (id, user_id, name, name_lower, is_default, template,
      page_size, arrangement, design, headline, summary, created_at, updated_at)
    SELECT id, user_id, 'My CV', 'my cv', 1, template, page_size, arrangement, design, NULL, NULL,
      created_at, updated_at
    FROM curriculum_vitae`.execute(db);
  await db.schema.dropTable('curriculum_vitae').execute();
  await db.schema.alterTable('curriculum_vitae_026').renameTo('curriculum_vitae').execute();
  await db.schema
    .createIndex('curriculum_vitae_user_name')
    .unique()
    .on('curriculum_vitae')
    .columns(['user_id', 'name_lower'])
    .execute();
  // At most one default per user; the API moves it in one transaction.
  await db.schema
    .createIndex('curriculum_vitae_one_default')
    .unique()
    .on('curriculum_vitae')
    .column('user_id')
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('cv_version_exclusions')
    .addColumn('version_id', 'varchar(24)', (c) =>
      c.notNull().references('curriculum_vitae.id').onDelete('cascade'),
    )
    .addColumn('entry_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('section_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('cv_version_exclusions_pk', ['version_id', 'entry_id'])
    .execute();
  await db.schema
    .createIndex('cv_version_exclusions_user')
    .on('cv_version_exclusions')
    .columns(['user_id', 'entry_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_version_exclusions').ifExists().execute();
  // Back to one record per user, in the shape migrations 004 and 019–021 made: the default
  // version stays, the others go.
  await db.schema
    .createTable('curriculum_vitae_025')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('template', 'varchar(20)', (c) => c.notNull().defaultTo('template01'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('curriculum_vitae_025')
    .addColumn('page_size', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A4')
        .check(sql`page_size in ('A4', 'Letter')`),
    )
    .execute();
  await db.schema
    .alterTable('curriculum_vitae_025')
    .addColumn('arrangement', 'text', (c) =>
      c.notNull().defaultTo('{"order":[],"hidden":[],"titles":{}}'),
    )
    .execute();
  await db.schema
    .alterTable('curriculum_vitae_025')
    .addColumn('design', 'text', (c) =>
      c
        .notNull()
        .defaultTo('{"accent":null,"font":null,"size":"medium","density":"normal"}')
        .check(sql`length(design) <= 200 and substr(design, 1, 1) = '{'`),
    )
    .execute();
  await sql`INSERT INTO curriculum_vitae_025 (id, user_id, template, created_at, updated_at,
      page_size, arrangement, design)
    SELECT id, user_id, template, created_at, updated_at, page_size, arrangement, design
    FROM curriculum_vitae WHERE is_default = 1`.execute(db);
  await db.schema.dropTable('curriculum_vitae').execute();
  await db.schema.alterTable('curriculum_vitae_025').renameTo('curriculum_vitae').execute();
}
