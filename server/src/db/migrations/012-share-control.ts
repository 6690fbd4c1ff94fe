import { sql, type Kysely } from 'kysely';

/**
 * Shares under their sender's control (issue 14): one recipient per share (its email in a
 * column of its own; `recipients` JSON stays for older readers), an expiry (null: never, as
 * every existing share), a revocation time and a pin generation that a resend bumps, so
 * unlock grants issued before it stop working. Views record the device kind and how much of
 * the first-impression video was watched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cv_shares')
    .addColumn('recipient_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('cv_shares').addColumn('expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('cv_shares').addColumn('revoked_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('cv_shares')
    .addColumn('pin_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillRecipientEmail(db);

  await db.schema
    .alterTable('cv_views')
    .addColumn('device_kind', 'varchar(10)', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema
    .alterTable('cv_views')
    .addColumn('video_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cv_views_share_id').on('cv_views').column('share_id').execute();
}

/** The first recipient's email of each existing share (in JS: the JSON functions differ). */
async function backfillRecipientEmail(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; recipients: string }>`
    select id, recipients from cv_shares`.execute(db);
  for (const row of rows) {
    let email = '';
    try {
      const parsed: unknown = JSON.parse(row.recipients);
      const first = Array.isArray(parsed) ? (parsed[0] as { email?: unknown }) : undefined;
      if (typeof first?.email === 'string') email = first.email;
    } catch {
      // A malformed list keeps ''.
    }
    if (email) {
      await sql`update cv_shares set recipient_email = ${email} where id = ${row.id}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cv_views_share_id').execute();
  await db.schema.alterTable('cv_views').dropColumn('video_percent').execute();
  await db.schema.alterTable('cv_views').dropColumn('device_kind').execute();
  for (const col of ['pin_generation', 'revoked_at', 'expires_at', 'recipient_email']) {
    await db.schema.alterTable('cv_shares').dropColumn(col).execute();
  }
}
