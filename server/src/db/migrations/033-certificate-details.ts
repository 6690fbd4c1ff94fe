import { sql, type Kysely } from 'kysely';

/**
 * Issue 32. A certificate may be a record without a file (a LinkedIn certification, or one
 * typed in): `media_id` becomes optional, and every certificate may carry its issuer, its
 * date (a month, YYYY-MM, or a year) and a link to check it, '' when not given. SQLite cannot drop a
 * column's NOT NULL, so the table is rebuilt the same way on both engines; its rows keep their
 * ids, files and times.
 *
 * Users may turn off the optional emails (so far: a contact request from an HR user);
 * 1 = send, the default, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates_033')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'varchar(24)', (c) => c.unique().references('media.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(100)', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(issuer) <= 100`),
    )
    .addColumn('issued_on', 'varchar(7)', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`issued_on = '' or issued_on like '____' or issued_on like '____-__'`),
    )
    .addColumn('url', 'varchar(500)', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(url) <= 500`),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO certificates_033 (id, user_id, media_id, title, created_at, updated_at)
    SELECT id, user_id, media_id, title, created_at, updated_at FROM certificates`.execute(db);
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('certificates_033').renameTo('certificates').execute();
  await db.schema
    .createIndex('certificates_user_created')
    .on('certificates')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('email_contact_requests', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_contact_requests').execute();
  // Back to the shape of migration 005: certificates without a file cannot go back, so they go.
  await db.schema
    .createTable('certificates_005')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'varchar(24)', (c) => c.notNull().unique().references('media.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO certificates_005 (id, user_id, media_id, title, created_at, updated_at)
    SELECT id, user_id, media_id, title, created_at, updated_at FROM certificates
    WHERE media_id IS NOT NULL`.execute(db);
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('certificates_005').renameTo('certificates').execute();
  await db.schema
    .createIndex('certificates_user_created')
    .on('certificates')
    .columns(['user_id', 'created_at'])
    .execute();
}
