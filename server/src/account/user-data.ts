/**
 * Everything Vitae holds about one user, found from the schema itself: every table whose
 * foreign keys lead to `users` (directly, or through a table that does). A table added later
 * is part of the account export and the deletion without anyone listing it here.
 */
import { sql } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/database.ts';

interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

/** How one table's rows are the user's: by a column naming the user, or by a parent row. */
export interface UserTable {
  table: string;
  /** Columns that reference users.id: a row is the user's when one of them is the user. */
  userColumns: string[];
  /** Without a user column: the row's parent (by these columns) is the user's. */
  parents: { column: string; refTable: string; refColumn: string }[];
}

/** Columns never exported: only hashes of secrets are stored, and even those stay home. */
export const SECRET_COLUMN = /(_hash|secret)$/;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  const query = isPostgres(db)
    ? sql<ForeignKey>`
        select kcu.table_name as "table", kcu.column_name as "column",
               ccu.table_name as "refTable", ccu.column_name as "refColumn"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`
    : sql<ForeignKey>`
        select m.name as "table", p."from" as "column", p."table" as "refTable", p."to" as "refColumn"
        from sqlite_master m, pragma_foreign_key_list(m.name) p
        where m.type = 'table'`;
  return (await query.execute(db)).rows;
}

/** The user-keyed tables, parents before children (so a child's parents are known first). */
export async function userTables(db: Db): Promise<UserTable[]> {
  const keys = await foreignKeys(db);
  const reaching = new Set(
    keys.map((k) => k.table).filter((t) => t !== 'users' && reachesUsers(t, keys)),
  );
  const pending = [...reaching].sort().map((table): UserTable => {
    const own = keys.filter((k) => k.table === table);
    const userColumns = own.filter((k) => k.refTable === 'users').map((k) => k.column);
    const parents = userColumns.length
      ? []
      : own
          .filter((k) => reaching.has(k.refTable) && k.refTable !== table)
          .map(({ column, refTable, refColumn }) => ({ column, refTable, refColumn }));
    return { table, userColumns, parents };
  });
  const ordered: UserTable[] = [{ table: 'users', userColumns: ['id'], parents: [] }];
  const placed = new Set(['users']);
  while (pending.length) {
    const i = pending.findIndex((t) => t.parents.every((p) => placed.has(p.refTable)));
    // A cycle of parents without user columns cannot be ordered: take the next one as it is.
    const [next] = pending.splice(Math.max(i, 0), 1);
    ordered.push(next!);
    placed.add(next!.table);
  }
  return ordered;
}

function reachesUsers(table: string, keys: ForeignKey[], seen = new Set<string>()): boolean {
  if (table === 'users') return true;
  if (seen.has(table)) return false;
  seen.add(table);
  return keys.some((k) => k.table === table && reachesUsers(k.refTable, keys, seen));
}

type Row = Record<string, unknown>;

/**
 * The user's rows of every user-keyed table. A row naming another user in its user column
 * (an HR user's save of this user's CV) is that other user's, and is left out.
 */
export async function userRows(db: Db, userId: string): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const t of await userTables(db)) {
    out[t.table] = await rowsOf(db, t, userId, out);
  }
  return out;
}

async function rowsOf(db: Db, t: UserTable, userId: string, known: Record<string, Row[]>) {
  const table = sql.table(t.table);
  if (t.userColumns.length) {
    const where = sql.join(
      t.userColumns.map((c) => sql`${sql.ref(c)} = ${userId}`),
      sql` or `,
    );
    return (await sql<Row>`select * from ${table} where ${where}`.execute(db)).rows;
  }
  const conditions = t.parents
    .map((p) => ({ p, values: (known[p.refTable] ?? []).map((r) => r[p.refColumn]) }))
    .filter(({ values }) => values.length > 0)
    .map(({ p, values }) => sql`${sql.ref(p.column)} in (${sql.join(values)})`);
  if (!conditions.length) return [];
  return (
    await sql<Row>`select * from ${table} where ${sql.join(conditions, sql` or `)}`.execute(db)
  ).rows;
}

/**
 * Columns about other people that the app never shows the user (a share recipient's address
 * and raw browser string: the user sees the device kind): left out of the export.
 */
export const OTHERS_COLUMNS: Record<string, string[]> = {
  cv_views: ['ip_address', 'user_agent'],
};

const leftOut = (table: string, column: string) =>
  SECRET_COLUMN.test(column) || (OTHERS_COLUMNS[table]?.includes(column) ?? false);

/**
 * What others did with the user's public listing, as the app shows it to the user: HR users'
 * views and contact requests (rows keyed by the HR user, so `userRows` finds them for the HR
 * user only). The HR user appears by name, as on the listing page.
 */
export async function listingActivity(db: Db, userId: string) {
  const views = await db
    .selectFrom('public_cv_views as v')
    .innerJoin('public_cvs as p', 'p.id', 'v.public_cv_id')
    .select(['v.hr_user_name', 'v.viewed_at', 'v.device_kind', 'v.video_percent'])
    .where('p.user_id', '=', userId)
    .orderBy('v.viewed_at')
    .orderBy('v.id')
    .execute();
  const contactRequests = await db
    .selectFrom('contact_requests as c')
    .innerJoin('public_cvs as p', 'p.id', 'c.public_cv_id')
    .select(['c.hr_user_name', 'c.status', 'c.requested_at', 'c.decided_at'])
    .where('p.user_id', '=', userId)
    .orderBy('c.requested_at')
    .orderBy('c.id')
    .execute();
  return { views, contactRequests };
}

/** The rows without their secret columns (and others' data), and which columns were left out. */
export function withoutSecrets(rows: Record<string, Row[]>): {
  tables: Record<string, Row[]>;
  omitted: Record<string, string[]>;
} {
  const tables: Record<string, Row[]> = {};
  const omitted: Record<string, string[]> = {};
  for (const [table, list] of Object.entries(rows)) {
    tables[table] = list.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([c]) => !leftOut(table, c))),
    );
    const hidden = Object.keys(list[0] ?? {}).filter((c) => leftOut(table, c));
    if (hidden.length) omitted[table] = hidden;
  }
  return { tables, omitted };
}
