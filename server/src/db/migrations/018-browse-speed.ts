import type { Kysely } from 'kysely';

const PLACE_KEY = (place: string) => ['is_listed', `${place}_norm`, 'listed_at', 'id'];
const PLACE_EXTRA = ['years_experience', 'has_video', 'gender'];

/**
 * Browse checks each candidate listing of a filtered page or count by its key: a language
 * with its level, and the listing's listed flag, gender, place, years and video. These two
 * indexes answer those probes on their own (SQLite: covering index; PostgreSQL: index-only
 * scan), instead of reading each candidate's table row (a listing's row is mostly its card:
 * skills, languages and summary text). At a million listings a rare filter combination
 * probes a few thousand candidates, and the narrow index stays in memory where the table
 * does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A province or city page reads its listings in date order and tests years, video and
  // gender on each: with those columns in the index the scan never visits a table row
  // (migration 015's versions without them are replaced).
  for (const place of ['province', 'city']) {
    await db.schema
      .createIndex(`public_cvs_${place}_browse`)
      .on('public_cvs')
      .columns([...PLACE_KEY(place), ...PLACE_EXTRA])
      .execute();
    await db.schema.dropIndex(`public_cvs_${place}_listed_at`).execute();
  }
  await db.schema
    .createIndex('listing_languages_probe')
    .on('listing_languages')
    .columns(['listing_id', 'language_norm', 'level'])
    .execute();
  await db.schema
    .createIndex('public_cvs_facets_probe')
    .on('public_cvs')
    .columns([
      'id',
      'is_listed',
      'gender',
      'province_norm',
      'city_norm',
      'years_experience',
      'has_video',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const place of ['province', 'city']) {
    await db.schema
      .createIndex(`public_cvs_${place}_listed_at`)
      .on('public_cvs')
      .columns(PLACE_KEY(place))
      .execute();
    await db.schema.dropIndex(`public_cvs_${place}_browse`).execute();
  }
  await db.schema.dropIndex('public_cvs_facets_probe').ifExists().execute();
  await db.schema.dropIndex('listing_languages_probe').ifExists().execute();
}
