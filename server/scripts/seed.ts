import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createDb, migrateToLatest } from '../src/db/create-db.ts';
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
const BATCH = 500;
const BULK_BATCH = 5000;
const BULK_FROM = 50_000;

/**
 * Inserts `count` job seekers with personal info, a CV record and a listed public CV with
 * its skills, languages and search words, in batches (the users cannot sign in: their
 * password hash is not a real hash). From BULK_FROM on, personal info and CV records are
 * left out (browse reads neither) and the browse indexes are rebuilt once at the end.
 */
export async function seedListedCvs(db: Db, count: number): Promise<void> {
  const now = Date.now();
  const year = 365 * 24 * 60 * 60 * 1000;
  // Past BULK_FROM the indexes are rebuilt at the end and batches grow.
  const bulk = count >= BULK_FROM;
  const batch = bulk ? BULK_BATCH : BATCH;
  const restore = bulk ? await dropBrowseIndexes(db) : async () => undefined;
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const users: Insertable<Database['users']>[] = [];
    const cvs: Insertable<Database['curriculum_vitae']>[] = [];
    const infos: Insertable<Database['section_personal_info']>[] = [];
    const listings: Insertable<Database['public_cvs']>[] = [];
    const tokens: Insertable<Database['public_cv_name_tokens']>[] = [];
    const skillRows: Insertable<Database['listing_skills']>[] = [];
    const languageRows: Insertable<Database['listing_languages']>[] = [];
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
      users.push({
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
      });
      const cvId = newId();
      cvs.push({ id: cvId, user_id: id, template: 'template01', created_at: at, updated_at: at });
      infos.push({
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
      });
      const listingId = newId();
      listings.push({
        id: listingId,
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
        city_norm: f.city.toLowerCase(),
        province: f.province,
        province_norm: f.province.toLowerCase(),
        years_experience: f.years,
        summary_excerpt: f.summary,
        has_video: f.video ? 1 : 0,
        top_skills: JSON.stringify(f.skills),
        languages: JSON.stringify(
          f.languages.map((l) => ({ name: l.name, cefr: CEFR_LEVELS[l.level - 1] })),
        ),
        created_at: at,
        updated_at: at,
      });
      for (const skill of f.skills) {
        skillRows.push({
          listing_id: listingId,
          skill_norm: normText(skill),
          skill,
          is_listed: 1,
          listed_at: at,
        });
      }
      for (const l of f.languages) {
        languageRows.push({
          listing_id: listingId,
          language_norm: normText(l.name),
          level: l.level,
        });
      }
      tokens.push(...nameTokenRows({ ...listings.at(-1)!, listed_at: at } as ListingRow, f.skills));
    }
    await db.transaction().execute(async (tx) => {
      await inChunks(tx, 'users', users);
      // Browse reads neither: a bulk seed leaves them out (a million of each is minutes).
      if (!bulk) await inChunks(tx, 'curriculum_vitae', cvs);
      if (!bulk) await inChunks(tx, 'section_personal_info', infos);
      await inChunks(tx, 'public_cvs', listings);
      await inChunks(tx, 'listing_skills', skillRows);
      await inChunks(tx, 'listing_languages', languageRows);
      await inChunks(tx, 'public_cv_name_tokens', tokens);
    });
    if (bulk && (start / batch) % 20 === 0) {
      console.log(`  ${start + n} of ${count} (${((Date.now() - now) / 1000).toFixed(0)} s)`);
    }
  }
  if (bulk) await restore();
}

type Table = keyof Database;

/** Inserts in statements of at most ~16,000 values (PostgreSQL's parameter limit is 65,535). */
async function inChunks<T extends Table>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  const per = Math.max(1, Math.floor(16_000 / Object.keys(rows[0] ?? { a: 1 }).length));
  for (let k = 0; k < rows.length; k += per) {
    // The generic table makes Kysely's row type unresolvable; the caller's type holds.
    await db
      .insertInto(table)
      .values(rows.slice(k, k + per) as never)
      .execute();
  }
}

/** The tables a bulk seed fills with their secondary indexes dropped, then rebuilt once. */
const BULK_TABLES = ['public_cvs', 'public_cv_name_tokens', 'listing_skills', 'listing_languages'];

/**
 * Drops the secondary indexes of the browse tables (keys and unique constraints stay) and
 * returns how to recreate them: building an index once over sorted rows is many times faster
 * than keeping it up to date through a million inserts.
 */
async function dropBrowseIndexes(db: Db): Promise<() => Promise<void>> {
  const pg = !!(await sql`SELECT 1 AS x FROM pg_catalog.pg_class LIMIT 1`
    .execute(db)
    .catch(() => null));
  const defs: { name: string; sql: string }[] = [];
  for (const table of BULK_TABLES) {
    const rows = pg
      ? await sql<{ name: string; sql: string }>`
          SELECT indexname AS name, indexdef AS sql FROM pg_indexes
          WHERE tablename = ${table}
            AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db)
      : await sql<{ name: string; sql: string }>`
          SELECT name, sql FROM sqlite_master
          WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(db);
    defs.push(...rows.rows);
  }
  for (const d of defs) await sql`DROP INDEX ${sql.ref(d.name)}`.execute(db);
  if (!pg) await sql`PRAGMA synchronous = OFF`.execute(db);
  return async () => {
    const started = Date.now();
    for (const d of defs) await sql.raw(d.sql).execute(db);
    if (!pg) await sql`PRAGMA synchronous = NORMAL`.execute(db);
    console.log(
      `  ${defs.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  };
}

/** `npm run seed -- --cvs 100000`: seeds the configured database (DATABASE_URL / DATA_DIR). */
async function main(): Promise<void> {
  const arg = process.argv.indexOf('--cvs');
  const count = arg > 0 ? Number(process.argv[arg + 1]) : 1000;
  if (!Number.isInteger(count) || count < 1) throw new Error('--cvs needs a positive whole number');
  const config = loadConfig(process.env);
  const db = createDb(config.database);
  await migrateToLatest(db);
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
