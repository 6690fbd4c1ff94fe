import type { Kysely } from 'kysely';

/**
 * Employment entries gain an optional location ("City, Country", JSON Resume's work
 * `location`). Nullable with '' as default, so existing rows read as "no location".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('section_employment_history')
    .addColumn('location', 'text', (c) => c.defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('section_employment_history').dropColumn('location').execute();
}
