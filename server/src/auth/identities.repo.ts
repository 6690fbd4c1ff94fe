import { createHash } from 'node:crypto';
import type { Db, IdentitySignInsTable } from '../db/database.ts';
import { isoIn, newId, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';
import { hasPassword } from './password.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The SQL of sign-in with an identity provider: linked accounts and sign-ins under way. */
export function identitiesRepo(db: Db) {
  return {
    /** Remembers a sign-in sent to a provider; the state is kept as its hash only. */
    async startSignIn(input: {
      state: string;
      provider: string;
      mode: IdentitySignInsTable['mode'];
      userId: string | null;
      nonce: string;
      verifier: string;
      ttlMs: number;
    }): Promise<void> {
      // Sign-ins left at the provider go when the next one starts.
      await db.deleteFrom('identity_sign_ins').where('expires_at', '<', nowIso()).execute();
      await db
        .insertInto('identity_sign_ins')
        .values({
          state_hash: sha256(input.state),
          provider: input.provider,
          mode: input.mode,
          user_id: input.userId,
          nonce_secret: input.nonce,
          verifier_secret: input.verifier,
          created_at: nowIso(),
          expires_at: isoIn(input.ttlMs),
          used_at: null,
        })
        .execute();
    },

    /**
     * Takes the sign-in of this state for this provider, once: a conditional update, so of two
     * callbacks with the same state (a replay) one at most gets it, and only before it expires.
     */
    async takeSignIn(state: string, provider: string) {
      const now = nowIso();
      const taken = await db
        .updateTable('identity_sign_ins')
        .set({ used_at: now })
        .where('state_hash', '=', sha256(state))
        .where('provider', '=', provider)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      return taken;
    },

    findIdentity(provider: string, subject: string) {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    listFor(userId: string) {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Links the provider's account to the user; false when it is linked to another user
     * already (the unique (provider, subject) decides, also between parallel links).
     */
    async link(userId: string, provider: string, subject: string, email: string | null) {
      const inserted = await db
        .insertInto('user_identities')
        .values({ id: newId(), user_id: userId, provider, subject, email, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (inserted) return true;
      return (await this.findIdentity(provider, subject))?.user_id === userId;
    },

    /**
     * Unlinks one of the user's identities, only while another way to sign in remains: a
     * password or another identity (checked and done under the user's row lock, so two
     * parallel unlinks cannot remove the last two ways together).
     */
    async unlink(userId: string, id: string): Promise<'unlinked' | 'not-found' | 'last'> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const mine = await trx
          .selectFrom('user_identities')
          .select('id')
          .where('user_id', '=', userId)
          .execute();
        if (!mine.some((r) => r.id === id)) return 'not-found';
        const user = await trx
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        if (!hasPassword(user.password_hash) && mine.length < 2) return 'last';
        await trx
          .deleteFrom('user_identities')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .execute();
        return 'unlinked';
      });
    },
  };
}
