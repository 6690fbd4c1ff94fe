import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/create-db.ts';
import { upgradeDatabase } from '../src/upgrade.ts';
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Database, Db } from '../src/db/database.ts';
import { newId } from '../src/db/ids.ts';
import { CEFR_LEVELS } from '@vitae/core';
import { nameTokenRows, type ListingRow } from '../src/public-cv/public-cv.repo.ts';
import { normText } from '../src/public-cv/listing-facets.ts';

const FIRST = [
  'Thandi',
  'Sipho',
  'Naledi',
  'Ayanda',
  'Lerato',
  'Pieter',
  'Anna',
  'John',
  'Fatima',
  'Ravi',
  'Mei',
  'Carlos',
  'Amara',
  'Olu',
  'Zanele',
  'Johan',
  'Priya',
  'Ahmed',
  'Grace',
  'Kofi',
];
const LAST = [
  'Mokoena',
  'Dlamini',
  'Naidoo',
  'van der Merwe',
  'Smith',
  'Botha',
  'Khumalo',
  'Nkosi',
  'Pillay',
  'Jacobs',
  'Williams',
  'Adams',
  'Mahlangu',
  'Chen',
  'Okafor',
  'Mensah',
  'Patel',
  'Fourie',
  'Sithole',
  'Ndlovu',
];
const NATIONALITIES = ['South African', 'Zimbabwean', 'Nigerian', 'Kenyan', 'British', 'Indian'];
const POSITIONS = [
  'Software Developer',
  'Data Analyst',
  'Accountant',
  'Project Manager',
  'Sales Representative',
  'Nurse',
  'Teacher',
  'Electrician',
  'Farm Manager',
  'Graphic Designer',
  'Data Engineer',
  'Call Centre Agent',
];
const PLACES: [string, string][] = [
  ['Johannesburg', 'Gauteng'],
  ['Pretoria', 'Gauteng'],
  ['Soweto', 'Gauteng'],
  ['Cape Town', 'Western Cape'],
  ['Stellenbosch', 'Western Cape'],
  ['Durban', 'KwaZulu-Natal'],
  ['Pietermaritzburg', 'KwaZulu-Natal'],
  ['Gqeberha', 'Eastern Cape'],
  ['Bloemfontein', 'Free State'],
  ['Polokwane', 'Limpopo'],
  ['Mbombela', 'Mpumalanga'],
  ['Kimberley', 'Northern Cape'],
  ['Mahikeng', 'North West'],
];
/** 300 skill names: a few dozen common ones, then a long tail, as listed skills are. */
const SKILLS = [
  'Python',
  'SQL',
  'Excel',
  'Java',
  'Customer Service',
  'Project Management',
  'Accounting',
  'Communication',
  'Sales',
  'Leadership',
  'React',
  'TypeScript',
  'Bookkeeping',
  'Nursing',
  'Teaching',
  'Welding',
  'Driving',
  'Photoshop',
  'Marketing',
  'Data Analysis',
  ...Array.from({ length: 280 }, (_, i) => `Skill${i}`),
];
const LANGUAGES = [
  'English',
  'isiZulu',
  'isiXhosa',
  'Afrikaans',
  'Sesotho',
  'Setswana',
  'Sepedi',
  'Xitsonga',
];
const SUMMARY_WORDS = [
  'reliable',
  'motivated',
  'experienced',
  'creative',
  'analytical',
  'friendly',
  'organised',
  'curious',
];

/** The i-th listing's facets: skewed skill picks (a few common, a long tail), 1..3 languages. */
function facetsFor(i: number) {
  const position = POSITIONS[(i * 7) % POSITIONS.length]!;
  const [city, province] = PLACES[(i * 11) % PLACES.length]!;
  const skills = new Set<string>();
  for (let k = 0; k < 5; k++) {
    // Squaring a spread-out fraction favours the first names of the list.
    const r = (((i + 1) * (k + 3) * 2654435761) % 1000) / 1000;
    skills.add(SKILLS[Math.floor(r * r * SKILLS.length)]!);
  }
  const languages = [
    { name: 'English', level: 3 + (i % 4) },
    ...LANGUAGES.slice(1)
      .filter((_, k) => (i + k) % 3 === 0)
      .slice(0, 2)
      .map((name, k) => ({ name, level: 1 + ((i + k) % 6) })),
  ];
  const summary = `${SUMMARY_WORDS[i % 8]} ${position.toLowerCase()} with ${SUMMARY_WORDS[(i >> 3) % 8]} habits`;
  return {
    position,
    city,
    province,
    skills: [...skills],
    languages,
    summary,
    years: i % 25,
    video: i % 10 === 0,
  };
}

const GENDERS = ['male', 'female', 'male', 'female', ''];
/** Listings per insert round: a round's rows go in as one JSON parameter per table. */
const BATCH = 5000;
const BULK_FROM = 50_000;

type Table = keyof Database;
type Row = Record<string, string | number | null>;

export interface SeedOptions {
  /**
   * A throwaway database (the bench's): while seeding, SQLite runs without a journal,
   * fsync or foreign key checks, PostgreSQL without commit flushes or foreign key triggers.
   * A crash halfway leaves a broken file; `npm run seed` on a real database keeps them.
   */
  throwaway?: boolean;
  log?: (line: string) => void;
}

/**
 * Inserts `count` job seekers with personal info, a CV record and a listed public CV with
 * its skills, languages and search words (the users cannot sign in: their password hash is
 * not a real hash). Each table's rows of a round go in as one statement reading a JSON
 * array, so a million listings (about 25 million rows) is minutes, not hours. From BULK_FROM
 * on, personal info and CV records are left out (browse reads neither) and the browse
 * indexes are dropped and rebuilt once at the end, all in one transaction.
 */
export async function seedListedCvs(db: Db, count: number, opts: SeedOptions = {}) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const bulk = count >= BULK_FROM;
  const pg = await isPostgres(db);
  // One connection throughout: the session settings below hold for it alone.
  await db.connection().execute(async (conn) => {
    const restoreSession = opts.throwaway ? await fastSession(conn, pg) : async () => undefined;
    try {
      await conn.transaction().execute(async (tx) => {
        const restore = bulk ? await dropBrowseIndexes(tx, pg) : null;
        await insertListings(tx, pg, count, bulk, log);
        if (restore) await restore(log);
      });
    } finally {
      await restoreSession();
    }
  });
}

async function insertListings(
  db: Db,
  pg: boolean,
  count: number,
  bulk: boolean,
  log: (line: string) => void,
) {
  const now = Date.now();
  const year = 365 * 24 * 60 * 60 * 1000;
  // Listing ids ascend with i (behind a random run prefix, so two seeds never collide): the
  // key indexes of the skill, language and word rows grow at their end instead of at random
  // pages, which keeps a million-listing load off the disk.
  const run = randomBytes(4).toString('hex');
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const rows: Record<string, Row[]> = {
      users: [],
      curriculum_vitae: [],
      section_personal_info: [],
      public_cvs: [],
      listing_skills: [],
      listing_languages: [],
      public_cv_name_tokens: [],
    };
    for (let k = 0; k < n; k++) {
      const i = start + k;
      const id = newId();
      const fullName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
      // Gender varies independently of the first name, as in real data.
      const gender = GENDERS[Math.floor(i / 7) % GENDERS.length]!;
      const dob = new Date(Date.UTC(1960 + (i % 40), i % 12, 1 + (i % 28)))
        .toISOString()
        .slice(0, 10);
      const nationality = NATIONALITIES[i % NATIONALITIES.length]!;
      const f = facetsFor(i);
      const at = new Date(
        now - Math.floor((((i * 7919) % 100_000) / 100_000) * year),
      ).toISOString();
      rows.users!.push({
        id,
        full_name: fullName,
        email: `seed-${id}@example.com`,
        email_lower: `seed-${id}@example.com`,
        password_hash: 'seeded-user-cannot-sign-in',
        is_hr: 0,
        is_verified: 1,
        affiliate_code: id.slice(0, 16),
        pending_cv_to_save: null,
        created_at: at,
        updated_at: at,
      } satisfies Insertable<Database['users']>);
      const cvId = newId();
      rows.curriculum_vitae!.push({
        id: cvId,
        user_id: id,
        name: 'My CV',
        name_lower: 'my cv',
        is_default: 1,
        template: 'template01',
        headline: null,
        summary: null,
        created_at: at,
        updated_at: at,
      } satisfies Insertable<Database['curriculum_vitae']>);
      rows.section_personal_info!.push({
        id: newId(),
        user_id: id,
        created_at: at,
        updated_at: at,
        full_name: fullName,
        headline: '',
        date_of_birth: dob,
        id_number: '',
        gender,
        sa_citizen: 0,
        pp_number: '',
        nationality,
        drivers_license: 0,
        license_code: '',
      } satisfies Insertable<Database['section_personal_info']>);
      const listing = {
        id: `${run}${i.toString(16).padStart(16, '0')}`,
        user_id: id,
        cv_id: cvId,
        is_listed: 1,
        listed_at: at,
        view_count: (i * 31) % 50,
        full_name: fullName,
        full_name_lower: fullName.toLowerCase(),
        gender,
        date_of_birth: dob,
        nationality,
        headline: f.position,
        city: f.city,
        city_norm: normText(f.city),
        province: f.province,
        province_norm: normText(f.province),
        years_experience: f.years,
        summary_excerpt: f.summary,
        has_video: f.video ? 1 : 0,
        top_skills: JSON.stringify(f.skills),
        languages: JSON.stringify(
          f.languages.map((l) => ({ name: l.name, cefr: CEFR_LEVELS[l.level - 1] })),
        ),
        created_at: at,
        updated_at: at,
      } satisfies Insertable<Database['public_cvs']>;
      rows.public_cvs!.push(listing);
      for (const skill of f.skills) {
        rows.listing_skills!.push({
          listing_id: listing.id,
          skill_norm: normText(skill),
          skill,
          is_listed: 1,
          listed_at: at,
        } satisfies Insertable<Database['listing_skills']>);
      }
      for (const l of f.languages) {
        rows.listing_languages!.push({
          listing_id: listing.id,
          language_norm: normText(l.name),
          level: l.level,
        } satisfies Insertable<Database['listing_languages']>);
      }
      rows.public_cv_name_tokens!.push(...nameTokenRows(listing as ListingRow, f.skills));
    }
    for (const [table, list] of Object.entries(rows)) {
      // Browse reads neither: a bulk seed leaves them out (a million of each is minutes).
      if (bulk && (table === 'curriculum_vitae' || table === 'section_personal_info')) continue;
      await insertJson(db, pg, table as Table, list);
    }
    if (bulk && (start / BATCH) % 20 === 0) {
      log(`  ${start + n} of ${count} (${((Date.now() - now) / 1000).toFixed(0)} s)`);
    }
  }
}

/**
 * Inserts rows as one statement reading one JSON array parameter: no parameter limit and no
 * per-row statement, on both engines.
 */
async function insertJson(db: Db, pg: boolean, table: Table, rows: Row[]) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const list = sql.join(cols.map((c) => sql.ref(c)));
  const json = JSON.stringify(rows);
  const query = pg
    ? sql`INSERT INTO ${sql.table(table)} (${list})
        SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`
    : sql`INSERT INTO ${sql.table(table)} (${list})
        SELECT ${sql.join(cols.map((c) => sql`value ->> ${sql.lit(c)}`))} FROM json_each(${json})`;
  await query.execute(db);
}

const isPostgres = async (db: Db) =>
  !!(await sql`SELECT 1 AS x FROM pg_catalog.pg_class LIMIT 1`.execute(db).catch(() => null));

/**
 * Session settings for loading a throwaway database fast; returns how to put them back.
 * SQLite: the rollback journal in memory, no fsync, no foreign key checks, a 1 GB page cache for the
 * index builds. PostgreSQL: commits not waiting for the WAL flush, foreign key triggers off
 * (needs a superuser; skipped otherwise), 1 GB for sorting the index builds.
 */
async function fastSession(db: Db, pg: boolean): Promise<() => Promise<void>> {
  if (!pg) {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    // The undo journal in memory (better-sqlite3's defensive mode refuses OFF).
    const off = ['journal_mode = MEMORY', 'synchronous = OFF', 'temp_store = MEMORY'];
    for (const p of [...off, 'foreign_keys = OFF']) await sql.raw(`PRAGMA ${p}`).execute(db);
    await sql`PRAGMA cache_size = -1000000`.execute(db);
    return async () => {
      await sql.raw(`PRAGMA journal_mode = ${mode.rows[0]!.journal_mode}`).execute(db);
      for (const p of [
        'synchronous = FULL',
        'foreign_keys = ON',
        'cache_size = -2000',
        'temp_store = DEFAULT',
      ])
        await sql.raw(`PRAGMA ${p}`).execute(db);
    };
  }
  await sql`SET synchronous_commit = off`.execute(db);
  await sql`SET maintenance_work_mem = '1GB'`.execute(db);
  await sql`SET session_replication_role = replica`.execute(db).catch(() => undefined);
  return async () => {
    await sql`RESET ALL`.execute(db);
  };
}

/** The tables a bulk seed fills with their secondary indexes dropped, then rebuilt once. */
const BULK_TABLES = ['public_cvs', 'public_cv_name_tokens', 'listing_skills', 'listing_languages'];

/**
 * Drops the secondary indexes of the browse tables (keys and unique constraints stay) and
 * returns how to recreate them: building an index once over sorted rows is many times faster
 * than keeping it up to date through a million inserts.
 */
async function dropBrowseIndexes(db: Db, pg: boolean) {
  const defs: { name: string; sql: string }[] = [];
  for (const table of BULK_TABLES) {
    const rows = pg
      ? await sql<{ name: string; sql: string }>`
          SELECT indexname AS name, indexdef AS sql FROM pg_indexes
          WHERE tablename = ${table} AND schemaname = current_schema()
            AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db)
      : await sql<{ name: string; sql: string }>`
          SELECT name, sql FROM sqlite_master
          WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(db);
    defs.push(...rows.rows);
  }
  for (const d of defs) await sql`DROP INDEX ${sql.ref(d.name)}`.execute(db);
  return async (log: (line: string) => void) => {
    const started = Date.now();
    for (const d of defs) await sql.raw(d.sql).execute(db);
    log(`  ${defs.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };
}

/** `npm run seed -- --cvs 100000`: seeds the configured database (DATABASE_URL / DATA_DIR). */
async function main(): Promise<void> {
  const arg = process.argv.indexOf('--cvs');
  const count = arg > 0 ? Number(process.argv[arg + 1]) : 1000;
  if (!Number.isInteger(count) || count < 1) throw new Error('--cvs needs a positive whole number');
  const config = loadConfig(process.env);
  const db = createDb(config.database);
  await upgradeDatabase(db);
  const started = Date.now();
  await seedListedCvs(db, count);
  console.log(`Seeded ${count} listed CVs in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await db.destroy();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
