import { sql, type Kysely } from 'kysely';

/** The listing columns browse filters and sorts on, copied onto each name token row. */
const COPIED = [
  ['is_listed', 'integer', 0],
  ['gender', 'varchar(20)', ''],
  ['listed_at', 'varchar(32)', null],
  ['view_count', 'integer', 0],
  ['full_name_lower', 'varchar(200)', ''],
] as const;

/**
 * Name search reads the matching token rows only: with the listing's filter and sort
 * columns on the token row and an index per sort, a search reads one page of a word's
 * matches in index order and joins the listings for that page only, instead of joining
 * and sorting every match (~5% of the table for a common word).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, fallback] of COPIED) {
    await db.schema
      .alterTable('public_cv_name_tokens')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
    // Backfill from the listing (plain correlated UPDATE: the same SQL on both engines).
    await sql`UPDATE public_cv_name_tokens SET ${sql.ref(name)} = (
      SELECT p.${sql.ref(name)} FROM public_cvs p WHERE p.id = public_cv_name_tokens.public_cv_id
    )`.execute(db);
  }
  // One index per sort, with and without the gender filter: for one matching word the page
  // is read in index order and the scan stops after it (gender last covers "other").
  for (const sort of ['listed_at', 'view_count', 'full_name_lower']) {
    await db.schema
      .createIndex(`public_cv_name_tokens_${sort}`)
      .on('public_cv_name_tokens')
      .columns(['token', 'is_listed', sort, 'public_cv_id', 'gender'])
      .execute();
    await db.schema
      .createIndex(`public_cv_name_tokens_gender_${sort}`)
      .on('public_cv_name_tokens')
      .columns(['token', 'is_listed', 'gender', sort, 'public_cv_id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const sort of ['listed_at', 'view_count', 'full_name_lower']) {
    await db.schema.dropIndex(`public_cv_name_tokens_${sort}`).ifExists().execute();
    await db.schema.dropIndex(`public_cv_name_tokens_gender_${sort}`).ifExists().execute();
  }
  for (const [name] of [...COPIED].reverse()) {
    await db.schema.alterTable('public_cv_name_tokens').dropColumn(name).execute();
  }
}
