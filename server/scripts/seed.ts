import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createDb, migrateToLatest } from '../src/db/create-db.ts';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../src/db/database.ts';
import { newId } from '../src/db/ids.ts';
import { nameTokenRows } from '../src/public-cv/public-cv.repo.ts';

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
const GENDERS = ['male', 'female', 'male', 'female', ''];
const BATCH = 500;

/**
 * Inserts `count` job seekers with personal info, a CV record and a listed public CV,
 * in batches (the users cannot sign in: their password hash is not a real hash).
 */
export async function seedListedCvs(db: Db, count: number): Promise<void> {
  const now = Date.now();
  const year = 365 * 24 * 60 * 60 * 1000;
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const users: Insertable<Database['users']>[] = [];
    const cvs: Insertable<Database['curriculum_vitae']>[] = [];
    const infos: Insertable<Database['section_personal_info']>[] = [];
    const listings: Insertable<Database['public_cvs']>[] = [];
    const tokens: Insertable<Database['public_cv_name_tokens']>[] = [];
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
        created_at: at,
        updated_at: at,
      });
      tokens.push(...nameTokenRows({ ...listings.at(-1)!, listed_at: at }));
    }
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('users').values(users).execute();
      await tx.insertInto('curriculum_vitae').values(cvs).execute();
      await tx.insertInto('section_personal_info').values(infos).execute();
      await tx.insertInto('public_cvs').values(listings).execute();
      await tx.insertInto('public_cv_name_tokens').values(tokens).execute();
    });
  }
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
