import { createHash } from 'node:crypto';
import { PASSKEYS } from '@vitae/core';
import type { Db, PasskeysTable } from '../db/database.ts';
import { isoIn, newId, nowIso } from '../db/ids.ts';
import { isUniqueViolation, lockRow } from '../db/integrity.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export type PasskeyRow = PasskeysTable;
export type ChallengePurpose = 'register' | 'sign-in';

/** How a passkey is shown in Settings. */
export const toApiPasskey = (row: PasskeyRow) => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** The SQL of passkeys: the credentials, and the single-use challenges handed out for them. */
export function passkeysRepo(db: Db) {
  return {
    listOf(userId: string) {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async countOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    byCredentialId(credentialId: string) {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
    },

    /**
     * Stores a new passkey unless the account has its fill of them (counted under the user's
     * row lock, so parallel additions cannot pass the cap) or the credential is known already.
     */
    async add(input: {
      userId: string;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      name: string;
    }): Promise<PasskeyRow | 'full' | 'known'> {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockRow(trx, 'users', input.userId);
          const n = await passkeysRepo(trx).countOf(input.userId);
          if (n >= PASSKEYS.max) return 'full' as const;
          const row: PasskeyRow = {
            id: newId(),
            user_id: input.userId,
            credential_id: input.credentialId,
            public_key: input.publicKey,
            counter: input.counter,
            transports: input.transports.join(','),
            name: input.name,
            created_at: nowIso(),
            last_used_at: null,
          };
          await trx.insertInto('passkeys').values(row).execute();
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'known';
        throw err;
      }
    },

    async rename(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /**
     * Records a sign-in: the authenticator's new counter and the time. Conditional on the
     * counter read before, so of two parallel uses of one signature only one counts.
     */
    async used(id: string, oldCounter: number, newCounter: number): Promise<boolean> {
      const res = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: nowIso() })
        .where('id', '=', id)
        .where('counter', '=', oldCounter)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Keeps a challenge handed out (its hash); expired ones of anyone go on the way. */
    async saveChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<', nowIso()).execute();
      await db
        .insertInto('passkey_challenges')
        .values({
          challenge_hash: sha256(challenge),
          purpose,
          user_id: userId,
          created_at: nowIso(),
          expires_at: isoIn(PASSKEYS.challengeMinutes * 60_000),
        })
        .execute();
    },

    /**
     * Uses a challenge up: true when it was handed out for this purpose (and this account, for
     * adding a passkey), is live and unused. Of parallel uses one wins.
     */
    async useChallenge(
      challenge: string,
      purpose: ChallengePurpose,
      userId: string | null,
    ): Promise<boolean> {
      let q = db
        .deleteFrom('passkey_challenges')
        .where('challenge_hash', '=', sha256(challenge))
        .where('purpose', '=', purpose)
        .where('expires_at', '>', nowIso());
      q = userId === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', userId);
      const res = await q.executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}
