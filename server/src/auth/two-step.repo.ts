import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { isoIn, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';
import { recoveryCodeHash } from './two-step-crypto.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The SQL of two-step sign-in: secrets, recovery codes and sign-ins waiting for a code. */
export function twoStepRepo(db: Db) {
  return {
    secretOf(userId: string) {
      return db
        .selectFrom('two_step_secrets')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether the account signs in in two steps. */
    async isOn(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('two_step_secrets')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .executeTakeFirst();
      return Boolean(row);
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('two_step_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * A set-up in progress: the new secret replaces an earlier set-up's. Returns false (and
     * stores nothing) when two-step is already on.
     */
    async startSetup(userId: string, encryptedSecret: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const current = await trx
          .selectFrom('two_step_secrets')
          .select('enabled_at')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (current?.enabled_at) return false;
        await trx.deleteFrom('two_step_secrets').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_step_secrets')
          .values({
            user_id: userId,
            encrypted_secret: encryptedSecret,
            enabled_at: null,
            last_used_step: null,
            created_at: nowIso(),
          })
          .execute();
        return true;
      });
    },

    /**
     * Turns the set-up on with the step of the code that confirmed it, and stores the recovery
     * codes' hashes, in one transaction; false when the set-up is gone or already on (a
     * parallel confirmation won) or the step was used.
     */
    async enable(
      userId: string,
      encryptedSecret: string,
      step: number,
      normalizedCodes: string[],
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const now = nowIso();
        const done = await trx
          .updateTable('two_step_secrets')
          .set({ enabled_at: now, last_used_step: step })
          .where('user_id', '=', userId)
          .where('encrypted_secret', '=', encryptedSecret)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return null;
        await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_step_recovery_codes')
          .values(
            normalizedCodes.map((c) => ({
              code_hash: recoveryCodeHash(userId, c),
              user_id: userId,
              created_at: now,
              used_at: null,
            })),
          )
          .execute();
        return now;
      });
    },

    /**
     * Records `step` as used; false when it, or a later one, was used already (a replayed code,
     * or the loser of two parallel uses: the conditional update lets one win).
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const res = await db
        .updateTable('two_step_secrets')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Whether the recovery code is the account's and unused, without using it up. */
    async recoveryCodeLive(userId: string, normalized: string): Promise<boolean> {
      const row = await db
        .selectFrom('two_step_recovery_codes')
        .select('user_id')
        .where('code_hash', '=', recoveryCodeHash(userId, normalized))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Uses one recovery code up; false when it is not the account's or was used already. */
    async useRecoveryCode(userId: string, normalized: string): Promise<boolean> {
      const res = await db
        .updateTable('two_step_recovery_codes')
        .set({ used_at: nowIso() })
        .where('code_hash', '=', recoveryCodeHash(userId, normalized))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Everything two-step about the account goes: it signs in with its password alone. */
    async turnOff(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_step_logins').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_step_secrets').where('user_id', '=', userId).execute();
      });
    },

    /** A sign-in waiting for its code; returns the token (only its hash is kept). */
    async startLogin(input: {
      userId: string;
      passwordGeneration: string;
      hrIntent: boolean;
      cvToSave: string | null;
      ttlMs: number;
    }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // Expired ones of any account go on the way, so the table stays small.
      await db.deleteFrom('two_step_logins').where('expires_at', '<', nowIso()).execute();
      await db
        .insertInto('two_step_logins')
        .values({
          token_hash: sha256(token),
          user_id: input.userId,
          password_generation_hash: input.passwordGeneration,
          hr_intent: input.hrIntent ? 1 : 0,
          cv_to_save: input.cvToSave,
          created_at: nowIso(),
          expires_at: isoIn(input.ttlMs),
          used_at: null,
        })
        .execute();
      return token;
    },

    /** The live sign-in behind `token`, without using it up. */
    async pendingLogin(token: string) {
      return db
        .selectFrom('two_step_logins')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
    },

    /** Uses the sign-in up; of parallel uses one wins. */
    async finishLogin(token: string): Promise<boolean> {
      const res = await db
        .updateTable('two_step_logins')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A password reset voids sign-ins that were waiting for their code. */
    async dropLogins(userId: string): Promise<void> {
      await db.deleteFrom('two_step_logins').where('user_id', '=', userId).execute();
    },
  };
}
