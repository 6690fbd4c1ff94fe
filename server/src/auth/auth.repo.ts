import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { User } from '@vitae/core';
import type { Db, UserRow } from '../db/database.ts';
import { bool, isoIn, newId, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';
import { cvRepo } from '../cv/index.ts';

export function toApiUser(row: UserRow): User {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    isHR: bool(row.is_hr),
    isVerified: bool(row.is_verified),
    affiliateCode: row.affiliate_code,
    createdAt: row.created_at,
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A code is short, so its hash names the account too: two accounts' codes never collide. */
const signInCodeHash = (userId: string, code: string) => sha256(`sign-in\n${userId}\n${code}`);

type TokenPurpose = 'verify' | 'reset' | 'sign-in';

// Unambiguous letters and digits (no 0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newAffiliateCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export function authRepo(db: Db) {
  /** Stores a token's hash; older unused ones of that purpose die. */
  async function storeToken(
    userId: string,
    purpose: TokenPurpose,
    tokenHash: string,
    ttlMs: number,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // One issue at a time per user, so parallel requests still leave one live link.
      await lockRow(trx, 'users', userId);
      await trx
        .deleteFrom('one_time_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .execute();
      await trx
        .insertInto('one_time_tokens')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          purpose,
          created_at: nowIso(),
          expires_at: isoIn(ttlMs),
          used_at: null,
        })
        .execute();
    });
  }

  return {
    findByEmail(email: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email_lower', '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByAffiliateCode(code: string) {
      return db
        .selectFrom('users')
        .select(['id'])
        .where('affiliate_code', '=', code.trim().toUpperCase())
        .executeTakeFirst();
    },

    /** Inserts the user; returns undefined when the email is already taken. */
    async create(input: {
      fullName: string;
      email: string;
      passwordHash: string;
      isHr: boolean;
      pendingCvToSave: string | null;
      referredBy?: string;
    }): Promise<UserRow | undefined> {
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        full_name: input.fullName,
        email: input.email.trim(),
        email_lower: input.email.trim().toLowerCase(),
        password_hash: input.passwordHash,
        is_hr: input.isHr ? 1 : 0,
        is_verified: 0,
        affiliate_code: newAffiliateCode(),
        pending_cv_to_save: input.pendingCvToSave,
        created_at: now,
        updated_at: now,
        email_contact_requests: 1,
      };
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('users')
          .values(row)
          .onConflict((oc) => oc.column('email_lower').doNothing())
          .returningAll()
          .executeTakeFirst();
        // The CV record comes with the account, so reading it never has to create it.
        if (inserted) await cvRepo(trx).ensure(inserted.id);
        if (inserted && input.referredBy) {
          await trx
            .insertInto('affiliate_referrals')
            .values({
              id: newId(),
              owner_user_id: input.referredBy,
              referred_user_id: inserted.id,
              created_at: now,
            })
            .execute();
        }
        return inserted;
      });
    },

    async update(
      id: string,
      patch: Partial<
        Pick<UserRow, 'is_hr' | 'is_verified' | 'password_hash' | 'pending_cv_to_save'>
      >,
    ) {
      return db
        .updateTable('users')
        .set({ ...patch, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A fresh single-use token; only its hash is stored. Older unused ones of that purpose die. */
    async issueToken(userId: string, purpose: 'verify' | 'reset', ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await storeToken(userId, purpose, sha256(token), ttlMs);
      return token;
    },

    /** The user id a live token belongs to, without using it up. */
    async peekToken(token: string, purpose: 'verify' | 'reset'): Promise<string | undefined> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select(['user_id', 'expires_at'])
        .where('token_hash', '=', sha256(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (!row || Date.parse(row.expires_at) <= Date.now()) return undefined;
      return row.user_id;
    },

    /** Marks the token used; the conditional update makes a second use fail even in a race. */
    /** The owner of a token that was already used (a link opened a second time), if any. */
    async usedTokenOwner(token: string, purpose: 'verify' | 'reset'): Promise<string | undefined> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select('user_id')
        .where('token_hash', '=', sha256(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is not', null)
        .executeTakeFirst();
      return row?.user_id;
    },

    async consumeToken(token: string, purpose: 'verify' | 'reset'): Promise<string | undefined> {
      const row = await db
        .updateTable('one_time_tokens')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', sha256(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .returning(['user_id'])
        .executeTakeFirst();
      return row?.user_id;
    },
    /** A fresh 6-digit sign-in code (the account's earlier one dies); only its hash is stored. */
    async issueSignInCode(userId: string, ttlMs: number): Promise<string> {
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      await storeToken(userId, 'sign-in', signInCodeHash(userId, code), ttlMs);
      return code;
    },

    /** Whether `code` is the account's live sign-in code, without using it up. */
    async signInCodeLive(userId: string, code: string): Promise<boolean> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select('expires_at')
        .where('token_hash', '=', signInCodeHash(userId, code))
        .where('purpose', '=', 'sign-in')
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return !!row && Date.parse(row.expires_at) > Date.now();
    },

    /** Uses the sign-in code up; the conditional update lets only one of parallel uses win. */
    async consumeSignInCode(userId: string, code: string): Promise<boolean> {
      const row = await db
        .updateTable('one_time_tokens')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', signInCodeHash(userId, code))
        .where('purpose', '=', 'sign-in')
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .returning(['user_id'])
        .executeTakeFirst();
      return !!row;
    },

    /** Voids the account's sign-in code (after too many wrong ones). */
    async voidSignInCodes(userId: string): Promise<void> {
      await db
        .deleteFrom('one_time_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'sign-in')
        .execute();
    },
  };
}
