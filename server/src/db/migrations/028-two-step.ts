import type { Kysely } from 'kysely';

/**
 * Two-step sign-in with an authenticator app (issue 34): the account's TOTP secret (encrypted;
 * `enabled_at` is null while the set-up awaits its first code), its one-time recovery codes
 * (hashes only), and sign-ins waiting for their code after a right password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_step_secrets')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('encrypted_secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(32)')
    // The last 30-second step whose code was used: a code works once.
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_step_recovery_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('two_step_recovery_codes_user')
    .on('two_step_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('two_step_logins')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // Which password let it through (its generation, a hash: never exported); a reset voids it.
    .addColumn('password_generation_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('hr_intent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cv_to_save', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('two_step_logins_user')
    .on('two_step_logins')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_step_logins').execute();
  await db.schema.dropTable('two_step_recovery_codes').execute();
  await db.schema.dropTable('two_step_secrets').execute();
}
