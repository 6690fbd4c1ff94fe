import type { Kysely } from 'kysely';

/**
 * Personal information gains an optional headline (the job title under the name, JSON Resume's
 * `basics.label`). '' as default, so existing rows read as "no headline".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('section_personal_info')
    .addColumn('headline', 'text', (c) => c.defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('section_personal_info').dropColumn('headline').execute();
}
