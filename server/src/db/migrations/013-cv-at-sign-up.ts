import { sql, type Kysely } from 'kysely';
import { newId, nowIso } from './frozen-helpers.ts';

/**
 * Every account has its CV record from sign-up on, so reading it never has to create it
 * (a GET changes nothing). Accounts made before get theirs here, in batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ id: string }>`
      select u.id from users u
      where not exists (select 1 from curriculum_vitae c where c.user_id = u.id)
      limit 1000`.execute(db);
    if (rows.length === 0) return;
    const now = nowIso();
    await sql`insert into curriculum_vitae (id, user_id, template, created_at, updated_at)
      values ${sql.join(rows.map((r) => sql`(${newId()}, ${r.id}, ${'template01'}, ${now}, ${now})`))}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // The records stay: they are the users' CVs now.
}
