import type { Kysely } from 'kysely';

/**
 * Each CV keeps its section arrangement (issue 17): the user's order of the sections, the ones
 * hidden and their titles, as JSON text (core/src/arrangement.ts reads and checks it). Text on
 * both databases, so the one-request CV's statement reads it the same way on each; the empty
 * arrangement as default, so existing CVs keep every template's own order and titles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('curriculum_vitae')
    .addColumn('arrangement', 'text', (c) =>
      c.notNull().defaultTo('{"order":[],"hidden":[],"titles":{}}'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('curriculum_vitae').dropColumn('arrangement').execute();
}
