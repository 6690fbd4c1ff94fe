import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_PREFERENCE_KEYS,
  type EmailPreferenceKey,
  type EmailPreferences,
} from '@vitae/core/email-preferences';
import type { Db } from '../db/database.ts';

/** Each preference's column on `users` (migration 033): 1 = send. */
const COLUMNS = {
  contactRequests: 'email_contact_requests',
} as const satisfies Record<EmailPreferenceKey, string>;

export function emailPreferencesRepo(db: Db) {
  return {
    /** The user's preferences; null for no such user. */
    async get(userId: string): Promise<EmailPreferences | null> {
      const row = await db
        .selectFrom('users')
        .select(Object.values(COLUMNS))
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return Object.fromEntries(
        EMAIL_PREFERENCE_KEYS.map((k) => [k, Number(row[COLUMNS[k]]) === 1]),
      ) as EmailPreferences;
    },

    async set(userId: string, change: Partial<EmailPreferences>): Promise<void> {
      const values = Object.fromEntries(
        EMAIL_PREFERENCE_KEYS.filter((k) => change[k] !== undefined).map((k) => [
          COLUMNS[k],
          change[k] ? 1 : 0,
        ]),
      );
      if (!Object.keys(values).length) return;
      await db.updateTable('users').set(values).where('id', '=', userId).execute();
    },

    /** Whether the user wants this email (a gone user: no). */
    async wants(userId: string, key: EmailPreferenceKey): Promise<boolean> {
      return (await this.get(userId))?.[key] ?? false;
    },
  };
}

/**
 * Unsubscribe tokens: the user id and the email's key, signed with a key derived from the
 * session secret. A token turns off one email of one user and nothing else; it does not
 * expire (a mail read months later still unsubscribes), and it is useless for anything but
 * this: it signs nobody in.
 */
const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'vitae', 'email unsubscribe v1', 32));

const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, key: EmailPreferenceKey): string {
  const payload = `${userId}.${key}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and email a token names, or null for anything not signed by us. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; key: EmailPreferenceKey } | null {
  const m = /^([0-9a-f]{24})\.([A-Za-z]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, userId, key, sig] = m as unknown as [string, string, string, string];
  if (!(EMAIL_PREFERENCE_KEYS as string[]).includes(key)) return null;
  const expected = Buffer.from(sign(secret, `${userId}.${key}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, key: key as EmailPreferenceKey };
}

/** The one-click link and the RFC 8058 headers an optional email carries. */
export function unsubscribeFor(
  opts: { secret: string; publicUrl: string },
  userId: string,
  key: EmailPreferenceKey,
): { url: string; headers: Record<string, string> } {
  const url = `${opts.publicUrl.replace(/\/$/, '')}/api/email/unsubscribe?token=${unsubscribeToken(opts.secret, userId, key)}`;
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
