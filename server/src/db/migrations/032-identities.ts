import type { Kysely } from 'kysely';

/**
 * Sign-in with an identity provider (issue 34, decision 0024): the providers' accounts linked
 * to a Vitae account (one Vitae account per provider account), and the sign-ins under way at a
 * provider (state, nonce and PKCE verifier; ten minutes, single use).
 *
 * `users.password_hash` stays NOT NULL: an account made through a provider holds a marker that
 * no password matches (`!` and random hex) instead of a hash, which SQLite could not allow
 * without rebuilding `users` and every table that refers to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    // The provider's `sub`: stable for the person, unlike their email.
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('user_identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('user_identities_user')
    .on('user_identities')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('identity_sign_ins')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    // 'signin' (or sign-up) or 'link' (to user_id's account, after a password check).
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('cascade'))
    // Named *_secret so an account export leaves them out.
    .addColumn('nonce_secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('verifier_secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('identity_sign_ins_expiry')
    .on('identity_sign_ins')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_sign_ins').execute();
  await db.schema.dropTable('user_identities').execute();
}
