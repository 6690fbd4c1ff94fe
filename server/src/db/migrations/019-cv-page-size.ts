import { sql, type Kysely } from 'kysely';

/**
 * Each CV keeps its paper size (issue 17): the live preview draws its pages and the PDF download
 * starts from it. 'A4' as default, so existing CVs keep the paper they printed on; the check
 * keeps anything else out even past the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('curriculum_vitae')
    .addColumn('page_size', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A4')
        .check(sql`page_size in ('A4', 'Letter')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('curriculum_vitae').dropColumn('page_size').execute();
}
