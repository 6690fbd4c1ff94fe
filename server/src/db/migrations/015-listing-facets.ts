import type { Kysely } from 'kysely';
import { requestRebuild } from './frozen-helpers.ts';

/** The card and filter facts kept on the listing row (issue 18), each with its default. */
const COLUMNS = [
  ['headline', 'varchar(200)', ''],
  ['city', 'varchar(100)', ''],
  ['city_norm', 'varchar(100)', ''],
  ['province', 'varchar(100)', ''],
  ['province_norm', 'varchar(100)', ''],
  ['years_experience', 'integer', 0],
  ['summary_excerpt', 'varchar(300)', ''],
  ['has_video', 'integer', 0],
  ['top_skills', 'text', '[]'],
  ['languages', 'text', '[]'],
] as const;

/**
 * What a recruiter decides on (latest position, skills, languages with a CEFR level, place,
 * years of experience, a summary excerpt, a video) is copied onto the listing, with one row
 * per skill and per language, so browse filters and cards read indexed rows instead of
 * every section table. Search words gain a `hits` count (how many of name, headline, skills
 * and summary hold the word): relevance reads it off an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, fallback] of COLUMNS) {
    await db.schema
      .alterTable('public_cvs')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema
    .alterTable('public_cv_name_tokens')
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // One row per skill: the copies of the listed flag and date let a skill filter read its
  // page in listing order straight off the index.
  await db.schema
    .createTable('listing_skills')
    .addColumn('listing_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('skill_norm', 'varchar(100)', (c) => c.notNull())
    .addColumn('skill', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('listing_skills_pk', ['listing_id', 'skill_norm'])
    .execute();
  await db.schema
    .createIndex('listing_skills_browse')
    .on('listing_skills')
    .columns(['skill_norm', 'is_listed', 'listed_at', 'listing_id'])
    .execute();

  // Languages are few and common: a filter probes the (listing, language) key per candidate.
  await db.schema
    .createTable('listing_languages')
    .addColumn('listing_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('language_norm', 'varchar(50)', (c) => c.notNull())
    /** CEFR as a number: A1 = 1 .. C2 = 6, 0 when unrated. */
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_languages_pk', ['listing_id', 'language_norm'])
    .execute();
  await db.schema
    .createIndex('listing_languages_language')
    .on('listing_languages')
    .columns(['language_norm', 'level', 'listing_id'])
    .execute();

  // Relevance: a word's listings, most hits first, newest first.
  await db.schema
    .createIndex('public_cv_name_tokens_hits')
    .on('public_cv_name_tokens')
    .columns(['token', 'is_listed', 'hits', 'listed_at', 'public_cv_id'])
    .execute();
  // Filters without a search: a province (or city) in listing order.
  await db.schema
    .createIndex('public_cvs_province_listed_at')
    .on('public_cvs')
    .columns(['is_listed', 'province_norm', 'listed_at', 'id'])
    .execute();
  await db.schema
    .createIndex('public_cvs_city_listed_at')
    .on('public_cvs')
    .columns(['is_listed', 'city_norm', 'listed_at', 'id'])
    .execute();

  // The backfill of every listing's facets and search words is derived data: today's code
  // computes it after the last migration (server/src/upgrade.ts). Until issue 28 this line
  // called the public-cv repo, whose queries read columns that later migrations add (022's
  // sort_order), so a database holding listings could not upgrade past 015 in one step.
  await requestRebuild(db, 'listing-facets');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('derived_rebuilds').ifExists().execute();
  await db.schema.dropIndex('public_cvs_city_listed_at').ifExists().execute();
  await db.schema.dropIndex('public_cvs_province_listed_at').ifExists().execute();
  await db.schema.dropIndex('public_cv_name_tokens_hits').ifExists().execute();
  await db.schema.dropTable('listing_languages').ifExists().execute();
  await db.schema.dropTable('listing_skills').ifExists().execute();
  await db.schema.alterTable('public_cv_name_tokens').dropColumn('hits').execute();
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('public_cvs').dropColumn(name).execute();
  }
}
