import type { Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn, issue 34): an account's registered credentials, and the challenges the
 * server handed out for a passkey to sign (single use, minutes long; the expired go on the way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // base64url of the authenticator's credential id (at most 1023 bytes by the WebAuthn spec).
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    // base64url of the COSE public key.
    .addColumn('public_key', 'varchar(4000)', (c) => c.notNull())
    // The authenticator's signature counter: an unsigned 32-bit number.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    // The transports the browser reported at registration, comma-separated (hints only).
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    // SHA-256 of the challenge; the challenge itself comes back inside the signed answer.
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
    // 'register' (signed in: adding a passkey) or 'sign-in' (anyone: no account yet).
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expiry')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
