import type { Insertable, Kysely, Selectable } from 'kysely';

/**
 * Portable column conventions (the same DDL runs on SQLite and PostgreSQL):
 * ids are 24-hex text, timestamps ISO-8601 UTC text (sortable as text),
 * booleans integers 0/1.
 */
export interface UsersTable {
  id: string;
  full_name: string;
  email: string;
  email_lower: string;
  password_hash: string;
  is_hr: number;
  is_verified: number;
  affiliate_code: string;
  pending_cv_to_save: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DevicesTable {
  id: string;
  user_id: string;
  user_agent: string;
  platform: string;
  created_at: string;
  last_seen_at: string;
}

export interface AffiliateReferralsTable {
  id: string;
  owner_user_id: string;
  referred_user_id: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  devices: DevicesTable;
  affiliate_referrals: AffiliateReferralsTable;
  notifications: NotificationsTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  recipient_email: string | null;
  share_cv_id: string | null;
  created_at: string;
  is_read: number;
}
