import { sql, type Kysely } from 'kysely';

/**
 * Each CV keeps its design (issue 17): accent colour, font, text size and spacing, as JSON
 * text (core/src/design.ts reads it, anything unknown as the template's own). Text on both
 * databases, so the one-request CV's statement reads it the same way on each. The default
 * is every part "the template's own", so existing CVs look exactly as before; the check keeps
 * the column a small JSON object even past the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('curriculum_vitae')
    .addColumn('design', 'text', (c) =>
      c
        .notNull()
        .defaultTo('{"accent":null,"font":null,"size":"medium","density":"normal"}')
        .check(sql`length(design) <= 200 and substr(design, 1, 1) = '{'`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('curriculum_vitae').dropColumn('design').execute();
}
