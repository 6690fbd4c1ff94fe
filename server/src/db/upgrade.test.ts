import fs from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  readWorld,
  writeWorld,
  WORLD_PARTS,
  type World,
  type WorldPart,
  type WorldReads,
  signInAs,
} from '../test/data-world.ts';
import { SoftPasskey } from '../test/passkey-authenticator.ts';
import type { Db } from './database.ts';
import { migrationProvider } from './migrations/index.ts';

/**
 * Issue 28: a database of any earlier Vitae, holding data, upgrades to this one in one step
 * and reads back what was written. The world is written once through today's API; for every
 * earlier migration N a new database is migrated to N and given the world's rows as the
 * schema of N holds them (its tables, its columns), then upgraded as start-up does.
 */

type Rows = Record<string, unknown>[];

/**
 * Tables the world is not made of: the migrator's own, sign-ins (and those waiting for their
 * second step), rebuild requests, spent signatures, pending email changes.
 */
const NOT_DATA = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'sessions',
  'derived_rebuilds',
  'used_upload_signatures',
  'two_step_logins',
  'email_changes',
  'passkey_challenges',
  'identity_sign_ins',
]);

/** Parents before children; a table missing here fails the test (add it where it belongs). */
const INSERT_ORDER = [
  'users',
  'one_time_tokens',
  'two_step_secrets',
  'two_step_recovery_codes',
  'passkeys',
  'user_identities',
  'devices',
  'affiliate_referrals',
  'section_personal_info',
  'section_contact_info',
  'section_personal_summary',
  'section_employment_history',
  'section_experience',
  'section_secondary_education',
  'section_tertiary_education',
  'section_skill',
  'section_language',
  'section_attribute',
  'section_interest',
  'section_reference',
  'custom_sections',
  'custom_section_entries',
  'curriculum_vitae',
  'cv_version_exclusions',
  'cv_public_links',
  'media',
  'photos',
  'certificates',
  'first_impressions',
  'cv_shares',
  'cv_views',
  'public_cvs',
  'public_cv_views',
  'public_cv_name_tokens',
  'listing_skills',
  'listing_languages',
  'contact_requests',
  'hr_saved_cvs',
  'hr_notes',
  'notifications',
  'account_exports',
];

const isPostgres = (db: Db) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

/** Every table and its columns, read from the database itself. */
async function columnsOf(db: Db): Promise<Map<string, Set<string>>> {
  const rows = isPostgres(db)
    ? await sql<{ t: string; c: string }>`
        select table_name as t, column_name as c from information_schema.columns
        where table_schema = current_schema()`.execute(db)
    : await sql<{ t: string; c: string }>`
        select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p
        where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
  const out = new Map<string, Set<string>>();
  for (const { t, c } of rows.rows) out.set(t, (out.get(t) ?? new Set()).add(c));
  return out;
}

async function dump(db: Db): Promise<Map<string, Rows>> {
  const out = new Map<string, Rows>();
  for (const table of (await columnsOf(db)).keys()) {
    if (NOT_DATA.has(table)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    out.set(table, rows);
  }
  return out;
}

/** The world's rows as a database at an older schema holds them: its tables, its columns. */
async function fill(db: Db, rows: Map<string, Rows>, schema: Map<string, Set<string>>) {
  for (const table of INSERT_ORDER) {
    const columns = schema.get(table);
    if (!columns) continue;
    for (const row of rows.get(table) ?? []) {
      const kept = Object.entries(row).filter(([c]) => columns.has(c));
      await sql`insert into ${sql.table(table)} (${sql.join(kept.map(([c]) => sql.ref(c)))})
        values (${sql.join(kept.map(([, v]) => v))})`.execute(db);
    }
  }
}

/**
 * A fact that lives in a column a later migration added reads as that column's default after
 * an upgrade from before it: every `key` under `part` takes `value`.
 */
const LATER_COLUMNS: {
  table: string;
  column: string;
  part: WorldPart;
  key: string;
  value: unknown;
}[] = [
  // 012: shares made before links could expire never do; views before it have no device
  // kind or video share recorded.
  { table: 'cv_shares', column: 'expires_at', part: 'shares', key: 'expiresAt', value: null },
  { table: 'cv_views', column: 'device_kind', part: 'shares', key: 'deviceKind', value: 'other' },
  { table: 'cv_views', column: 'video_percent', part: 'shares', key: 'videoPercent', value: 0 },
  // 017: notifications tell when it happened and which request they ask about.
  {
    table: 'notifications',
    column: 'occurred_at',
    part: 'notifications',
    key: 'occurredAt',
    value: null,
  },
  {
    table: 'notifications',
    column: 'contact_request_id',
    part: 'notifications',
    key: 'contactRequestId',
    value: null,
  },
  // 017: a listing made before contact requests shows its contact details openly.
  {
    table: 'public_cvs',
    column: 'contact_mode',
    part: 'listing',
    key: 'contactAccess',
    value: 'open',
  },
  {
    table: 'public_cvs',
    column: 'contact_mode',
    part: 'listing',
    key: 'contactMode',
    value: 'open',
  },
];

function setEvery(node: unknown, key: string, value: unknown): void {
  if (Array.isArray(node)) node.forEach((n) => setEvery(n, key, value));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) (node as Record<string, unknown>)[k] = value;
      else setEvery(v, key, value);
    }
  }
}

/** What a reader sees of the world once upgraded from a schema: the parts it could hold. */
function expectedAt(before: WorldReads, schema: Map<string, Set<string>>): WorldReads {
  const out = structuredClone(before);
  for (const [part, tables] of Object.entries(WORLD_PARTS)) {
    if (!tables.every((t) => schema.has(t))) out[part as WorldPart] = undefined as never;
  }
  for (const later of LATER_COLUMNS) {
    if (schema.has(later.table) && !schema.get(later.table)!.has(later.column)) {
      setEvery(out[later.part], later.key, later.value);
    }
  }
  return out;
}

describe('upgrading a database that holds data, from every earlier migration', async () => {
  const names = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .slice(0, -1);
  let source: TestApp;
  let world: World;
  let rows: Map<string, Rows>;
  let before: WorldReads;

  beforeAll(async () => {
    source = await buildTestApp();
    world = await writeWorld(source);
    rows = await dump(source.db);
    before = await readWorld(source, world);
  }, 120_000);
  afterAll(() => source?.close());

  it('orders every table the world is made of', () => {
    expect([...rows.keys()].filter((t) => !INSERT_ORDER.includes(t))).toEqual([]);
  });

  // Each step migrates, fills and reads a whole world: a minute on a loaded machine.
  it.each(names)(
    'from %s to the latest, reading what was written',
    async (name) => {
      let schema = new Map<string, Set<string>>();
      const t = await buildTestApp({
        beforeUpgrade: async (db, dataDir) => {
          const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name);
          expect(error).toBeUndefined();
          schema = await columnsOf(db);
          await fill(db, rows, schema);
          fs.cpSync(path.join(source.dataDir, 'media'), path.join(dataDir, 'media'), {
            recursive: true,
          });
        },
      });
      try {
        const after = await readWorld(t, world, (table) => schema.has(table));
        expect(after).toEqual(expectedAt(before, schema));
      } finally {
        await t.close();
      }
    },
    60_000,
  );

  // 031 (passkeys): a database from before it holds accounts; once upgraded, one of them adds a
  // passkey and signs in with it, and the new tables are part of the account's data.
  it('from 029-public-links, an existing account adds a passkey and signs in with it', async () => {
    const t = await buildTestApp({
      beforeUpgrade: async (db) => {
        const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
          '029-public-links',
        );
        expect(error).toBeUndefined();
        await fill(db, rows, await columnsOf(db));
      },
    });
    try {
      const me = await signInAs(t, world.candidate);
      const call = (who: { cookie: string } | null, url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: who ? { cookie: who.cookie } : {},
          payload,
        });
      const key = new SoftPasskey();
      const options = await call(me, '/auth/user/passkeys/register-options', {
        password: world.candidate.password,
      });
      expect(options.statusCode, options.body).toBe(200);
      const added = await call(me, '/auth/user/passkeys', {
        name: 'After the upgrade',
        response: key.register(options.json().options),
      });
      expect(added.statusCode, added.body).toBe(201);
      const signIn = await call(null, '/auth/user/passkeys/sign-in-options', {});
      const res = await call(null, '/auth/user/login-passkey', {
        response: key.assert(signIn.json().options, world.candidateId),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.email).toBe(world.candidate.email);
    } finally {
      await t.close();
    }
  });
});
