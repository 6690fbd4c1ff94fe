import { sql, type Kysely } from 'kysely';

/**
 * Entries in the user's order (issue 17): every section table gains `sort_order`, the place of
 * the entry in its section (0 first). Existing rows keep the order they have been shown in
 * (created_at, then id), per user. Single-record sections get the column too, so every
 * section reads the same way; theirs stays 0. Spelled out here (not derived from the core
 * registry), so this shipped migration never changes. Not named `position`: employment
 * history and references have a `position` field (the job title) already.
 */
const TABLES = [
  'section_personal_info',
  'section_contact_info',
  'section_personal_summary',
  'section_employment_history',
  'section_experience',
  'section_secondary_education',
  'section_tertiary_education',
  'section_skill',
  'section_language',
  'section_attribute',
  'section_interest',
  'section_reference',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The number of the user's rows listed before this one: 0, 1, 2... in today's order.
    await sql`UPDATE ${sql.table(table)} SET sort_order = (
      SELECT COUNT(*) FROM ${sql.table(table)} earlier
      WHERE earlier.user_id = ${sql.table(table)}.user_id
        AND (earlier.created_at < ${sql.table(table)}.created_at
          OR (earlier.created_at = ${sql.table(table)}.created_at
            AND earlier.id < ${sql.table(table)}.id)))`.execute(db);
    await db.schema
      .createIndex(`${table}_user_sort_order`)
      .on(table)
      .columns(['user_id', 'sort_order'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_user_sort_order`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('sort_order').execute();
  }
}
