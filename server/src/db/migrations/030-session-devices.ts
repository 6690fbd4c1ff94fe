import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Settings → Your sessions and Change email (issue 34).
 *
 * `sessions` gains what the list shows: a public id (random, unrelated to the cookie or its
 * hash, so the list names a session without handing out anything that signs in), the
 * browser's User-Agent (cut to 512 characters) and when it was last active (written at most
 * every few minutes). Sessions from before this have none of it: they get a public id here and
 * are listed as an unknown device. No network address is kept.
 *
 * `email_changes`: the one pending change of an account's address, replaced by a newer request;
 * only the link's hash is stored, and the password's generation it was asked with (a password
 * change or reset since voids it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(24)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'varchar(32)').execute();

  const raw = db as unknown as Kysely<{ sessions: { id_hash: string; public_id: string | null } }>;
  const existing = await raw.selectFrom('sessions').select('id_hash').execute();
  for (const { id_hash } of existing) {
    await raw
      .updateTable('sessions')
      .set({ public_id: randomBytes(12).toString('hex') })
      .where('id_hash', '=', id_hash)
      .execute();
  }
  await db.schema
    .createIndex('sessions_public_id')
    .on('sessions')
    .column('public_id')
    .unique()
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_generation_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropIndex('sessions_public_id').execute();
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
