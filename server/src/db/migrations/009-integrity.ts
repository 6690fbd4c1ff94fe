import { sql, type Kysely } from 'kysely';

/**
 * The one-per-user and no-duplicate rules, held by the database itself so that parallel
 * requests cannot break them (issue 12). Rows that already break a rule are resolved first
 * (the oldest is kept), so this runs on a live database without failing.
 */
const SINGLE_RECORD_TABLES = [
  'section_personal_info',
  'section_contact_info',
  'section_personal_summary',
];
/** Interests and attributes are unique per user in any letter case. */
const CASE_INSENSITIVE = [
  ['section_interest', 'interest'],
  ['section_attribute', 'attribute'],
] as const;

/** Rows of `table` that have an older row (created_at, then id) with the same `sameAs`. */
const hasOlderTwin = (table: string, sameAs: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.table(table)} older
    WHERE ${sql.raw(sameAs)}
      AND (older.created_at < ${sql.table(table)}.created_at
        OR (older.created_at = ${sql.table(table)}.created_at AND older.id < ${sql.table(table)}.id)))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SINGLE_RECORD_TABLES) {
    // The oldest record is the one the app has been reading and updating.
    await sql`DELETE FROM ${sql.table(table)}
      WHERE ${hasOlderTwin(table, `older.user_id = ${table}.user_id`)}`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_one_per_user`)}
      ON ${sql.table(table)} (user_id)`.execute(db);
  }

  for (const [table, column] of CASE_INSENSITIVE) {
    const same = `older.user_id = ${table}.user_id AND lower(older.${column}) = lower(${table}.${column})`;
    await sql`DELETE FROM ${sql.table(table)} WHERE ${hasOlderTwin(table, same)}`.execute(db);
    // An expression index: SQLite and PostgreSQL both accept lower(column) here.
    await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_unique_lower`)}
      ON ${sql.table(table)} (user_id, lower(${sql.ref(column)}))`.execute(db);
  }

  // At most one assigned photo per user: keep the most recently assigned (assigning
  // stamps updated_at), unassign the others.
  await sql`UPDATE photos SET assigned = 0
    WHERE assigned = 1 AND EXISTS (SELECT 1 FROM photos newer
      WHERE newer.user_id = photos.user_id AND newer.assigned = 1
        AND (newer.updated_at > photos.updated_at
          OR (newer.updated_at = photos.updated_at AND newer.id > photos.id)))`.execute(db);
  await sql`CREATE UNIQUE INDEX photos_one_assigned ON photos (user_id)
    WHERE assigned = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_one_assigned').ifExists().execute();
  for (const [table] of CASE_INSENSITIVE) {
    await db.schema.dropIndex(`${table}_unique_lower`).ifExists().execute();
  }
  for (const table of SINGLE_RECORD_TABLES) {
    await db.schema.dropIndex(`${table}_one_per_user`).ifExists().execute();
  }
}
