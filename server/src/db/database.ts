import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { SectionDataMap, SectionKey } from '@vitae/core';

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
  /** 1: mail the user about an HR user's contact request (migration 033). */
  email_contact_requests: Generated<number>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Migration 030: the id the sessions list names it by (random; never the cookie's hash). */
  public_id: string | null;
  /** The browser's User-Agent at sign-in, at most 512 characters; null before migration 030. */
  user_agent: string | null;
  /** Written at most every few minutes (SESSION_ACTIVE_EVERY_MS); null before migration 030. */
  last_active_at: string | null;
  /** Migration 034: where the proxy in front said the sign-in came from; null without one. */
  place: string | null;
}

/** A pending change of an account's address (migration 030): one per account. */
export interface EmailChangesTable {
  user_id: string;
  token_hash: string;
  new_email: string;
  /** passwordGeneration() of the password it was asked with: a change or reset voids it. */
  password_generation_hash: string;
  created_at: string;
  expires_at: string;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset' | 'sign-in';
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

/** A provider's account linked to a Vitae account (migration 032). */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
}

/** A sign-in under way at an identity provider: single use, ten minutes (migration 032). */
export interface IdentitySignInsTable {
  state_hash: string;
  provider: string;
  mode: 'signin' | 'link';
  user_id: string | null;
  nonce_secret: string;
  verifier_secret: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database extends SectionTables {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  identity_sign_ins: IdentitySignInsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  devices: DevicesTable;
  affiliate_referrals: AffiliateReferralsTable;
  notifications: NotificationsTable;
  cv_shares: CvSharesTable;
  cv_views: CvViewsTable;
  cv_public_links: CvPublicLinksTable;
  media: MediaTable;
  photos: PhotosTable;
  certificates: CertificatesTable;
  first_impressions: FirstImpressionsTable;
  public_cvs: PublicCvsTable;
  public_cv_views: PublicCvViewsTable;
  contact_requests: ContactRequestsTable;
  public_cv_name_tokens: PublicCvNameTokensTable;
  listing_skills: ListingSkillsTable;
  listing_languages: ListingLanguagesTable;
  hr_saved_cvs: HrSavedCvsTable;
  hr_notes: HrNotesTable;
  curriculum_vitae: CurriculumVitaeTable;
  cv_version_exclusions: CvVersionExclusionsTable;
  account_exports: AccountExportsTable;
  derived_rebuilds: DerivedRebuildsTable;
  used_upload_signatures: UsedUploadSignaturesTable;
  two_step_secrets: TwoStepSecretsTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_logins: TwoStepLoginsTable;
  email_changes: EmailChangesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  custom_sections: CustomSectionsTable;
  custom_section_entries: CustomSectionEntriesTable;
}

/**
 * An account's authenticator secret (migration 028), AES-GCM encrypted with a key derived from
 * the session secret; `enabled_at` is null while the set-up waits for its first code.
 */
export interface TwoStepSecretsTable {
  user_id: string;
  encrypted_secret: string;
  enabled_at: string | null;
  /** The last 30-second step whose code was used, so no code works twice. */
  last_used_step: number | null;
  created_at: string;
}

/** One-time recovery codes (migration 028): only their hashes. */
export interface TwoStepRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: string;
  used_at: string | null;
}

/** A sign-in past its password, waiting for its code (migration 028); single use, 5 minutes. */
export interface TwoStepLoginsTable {
  token_hash: string;
  user_id: string;
  /** passwordGeneration() of the password that let it through: a reset voids it. */
  password_generation_hash: string;
  hr_intent: number;
  cv_to_save: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A registered passkey (WebAuthn credential, migration 031); ids and key as base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** The signature counter (bigint: PostgreSQL may answer it as a string). */
  counter: number | string;
  /** Comma-separated transports the browser reported. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for a passkey to sign (migration 031): single use, minutes long. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'sign-in';
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** Derived data a migration asked today's code to rebuild (migrations 015, 024; upgrade.ts). */
export interface DerivedRebuildsTable {
  name: string;
  requested_at: string;
}

/** An upload signature already spent, kept until it would have expired (migration 025). */
export interface UsedUploadSignaturesTable {
  signature: string;
  expires_at: string;
}

/** One "Export my account" job per user (migration 014); the ZIP is kept until expires_at. */
export interface AccountExportsTable {
  id: string;
  user_id: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  progress: number;
  file_key: string | null;
  size: number;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
}

/** An entry a version leaves out (migration 026); without a row an entry is in. */
export interface CvVersionExclusionsTable {
  version_id: string;
  entry_id: string;
  section_key: string;
  user_id: string;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/**
 * One version of a user's CV (migration 026: many per user, one the default); template is one
 * of the ten template ids.
 */
export interface CurriculumVitaeTable {
  id: string;
  user_id: string;
  name: string;
  name_lower: string;
  is_default: Generated<number>;
  template: string;
  /** 'A4' | 'Letter' (migration 019). */
  page_size: Generated<string>;
  /** The section arrangement as JSON text (migration 020, core/src/arrangement.ts). */
  arrangement: Generated<string>;
  /** The design as JSON text (migration 021, core/src/design.ts). */
  design: Generated<string>;
  /** The version's own headline and summary; null: the profile's (migration 026). */
  headline: string | null;
  summary: string | null;
  created_at: string;
  updated_at: string;
}

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
  /** When what it tells happened, shown in the reader's time zone (migration 017). */
  occurred_at: Generated<string | null>;
  /** The contact request a 'contact-requested' notification asks about (migration 017). */
  contact_request_id: Generated<string | null>;
}

/** Columns every CV section table has; the field columns are the core fields in snake_case. */
export interface SectionRowBase {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  /** The entry's place in its section, 0 first: the user's order (migration 022). */
  sort_order: Generated<number>;
}

/** 'ppNumber' -> 'pp_number' (the repo's columnOf, as a type). */
type Snake<S extends string> = S extends `${infer H}${infer R}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<R>}`
  : S;
type Underscored<S extends string> = S extends `${infer A}-${infer B}`
  ? `${A}_${Underscored<B>}`
  : S;
/** How a field is stored: booleans as 0/1, numbers as integers, text and JSON lists as text. */
type ColumnOf<V> = V extends string ? string : V extends boolean | number ? number : string;

/** A section's table, derived from its core definition: one column per field. */
export type SectionTable<K extends SectionKey> = SectionRowBase & {
  [F in keyof SectionDataMap[K] & string as Snake<F>]: ColumnOf<SectionDataMap[K][F]>;
};
/** section_personal_info, section_contact_info...: one table per registry key. */
export type SectionTables = {
  [K in SectionKey as `section_${Underscored<K>}`]: SectionTable<K>;
};

/** One uploaded file (its id is the public id); keys name the stored objects. */
export interface MediaTable {
  id: string;
  user_id: string;
  purpose: 'photo' | 'certificate' | 'video';
  resource_type: 'image' | 'video' | 'raw';
  content_type: string;
  file_key: string;
  /** A photo's thumbnail or a video's poster frame. */
  thumb_key: string | null;
  size: number;
  duration_ms: number | null;
  created_at: string;
}

export interface PhotosTable {
  id: string;
  user_id: string;
  media_id: string;
  title: string;
  assigned: number;
  created_at: string;
  updated_at: string;
}

export interface CertificatesTable {
  id: string;
  user_id: string;
  /** Null: a certificate without a file (migration 033). */
  media_id: string | null;
  title: string;
  issuer: Generated<string>;
  /** YYYY-MM or ''. */
  issued_on: Generated<string>;
  url: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface FirstImpressionsTable {
  id: string;
  user_id: string;
  media_id: string;
  created_at: string;
  updated_at: string;
}

/** A user's public listing; name, gender, birth date and nationality are copied from personal info for browse. */
export interface PublicCvsTable {
  id: string;
  user_id: string;
  cv_id: string;
  is_listed: number;
  listed_at: string | null;
  view_count: number;
  full_name: string;
  full_name_lower: string;
  gender: string;
  date_of_birth: string;
  nationality: string;
  /** Card and filter facts from the owner's sections (migration 015), kept by the repo. */
  headline: Generated<string>;
  city: Generated<string>;
  city_norm: Generated<string>;
  province: Generated<string>;
  province_norm: Generated<string>;
  years_experience: Generated<number>;
  summary_excerpt: Generated<string>;
  has_video: Generated<number>;
  /** JSON string[] and [{ name, cefr }]. */
  top_skills: Generated<string>;
  languages: Generated<string>;
  /** 'open': HR users see email and phone; 'on-request': only once approved (migration 017). */
  contact_mode: Generated<string>;
  created_at: string;
  updated_at: string;
}
/** One skill of a listing (migration 015), with copies of the listed flag and date. */
export interface ListingSkillsTable {
  listing_id: string;
  skill_norm: string;
  skill: string;
  is_listed: number;
  listed_at: string | null;
}
/** One language of a listing with its CEFR level as 1 (A1) .. 6 (C2), 0 unrated. */
export interface ListingLanguagesTable {
  listing_id: string;
  language_norm: string;
  level: number;
}
/** One word of a listing's lower-case name, for prefix search. */
export interface PublicCvNameTokensTable {
  public_cv_id: string;
  token: string;
  /** Copies of the listing's browse columns (migration 008), kept in step by the repo. */
  is_listed: number;
  gender: string;
  listed_at: string | null;
  view_count: number;
  full_name_lower: string;
  /** How many of name, headline, skills and summary hold the word (migration 015). */
  hits: Generated<number>;
}
export interface PublicCvViewsTable {
  id: string;
  public_cv_id: string;
  hr_user_id: string;
  hr_user_name: string;
  viewed_at: string;
  /** Migration 017: as on cv_views. */
  device_kind: Generated<string>;
  video_percent: Generated<number>;
}
/** An HR user's request to see a listing's email and phone (migration 017). */
export interface ContactRequestsTable {
  id: string;
  public_cv_id: string;
  hr_user_id: string;
  hr_user_name: string;
  status: 'pending' | 'approved' | 'declined';
  requested_at: string;
  decided_at: string | null;
}
/** A listing saved by one HR user; rank 'null' means unrated. */
export interface HrSavedCvsTable {
  id: string;
  hr_user_id: string;
  public_cv_id: string;
  rank: string;
  view_count: number;
  date_saved: string;
  last_viewed: string | null;
  /** When a view was last counted (and the owner told): at most once an hour (migration 010). */
  last_counted_at: string | null;
}
export interface HrNotesTable {
  id: string;
  saved_cv_id: string;
  content: string;
  created_at: string;
}

/** One share of a CV by email; the view pin is kept only as an HMAC. */
export interface CvSharesTable {
  id: string;
  cv_id: string;
  user_id: string;
  subject: string;
  message: string;
  /** JSON text: [{ email, key }] */
  recipients: string;
  recipient_name: string | null;
  template: string;
  include_photo: number;
  pin_hash: string;
  created_at: string;
  /** The one recipient of this share (migration 012); older shares: their first recipient. */
  recipient_email: string;
  /** ISO time the link and pin stop working; null never. */
  expires_at: string | null;
  revoked_at: string | null;
  /** Bumped by each resend: unlock grants carry it, so older ones stop working. */
  pin_generation: number;
  /** 1: mailed before links named their share, so a link naming only the CV opens it (023). */
  opens_by_cv_id: number;
}

/** A recipient's view of a shared CV (after unlocking it). */
export interface CvViewsTable {
  id: string;
  cv_id: string;
  owner_user_id: string;
  share_id: string | null;
  recipient_email: string;
  recipient_name: string;
  ip_address: string;
  user_agent: string;
  created_at: string;
  /** 'phone' | 'tablet' | 'desktop' | 'other', from the User-Agent (migration 012). */
  device_kind: string;
  /** How much of the first-impression video this viewer watched, 0–100; only grows. */
  video_percent: number;
  /** 1 for a view through the version's public link (migration 029), else 0. */
  via_link: Generated<number>;
}

/** A CV version's public link (migration 029): open while the row exists. */
export interface CvPublicLinksTable {
  id: string;
  cv_id: string;
  user_id: string;
  slug: string;
  indexable: Generated<number>;
  include_photo: Generated<number>;
  created_at: string;
}

/** A section the user made (migration 027, core/src/custom-sections.ts). */
export interface CustomSectionsTable {
  id: string;
  user_id: string;
  title: string;
  kind: string;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One entry of a custom section; `user_id` is its section's owner (migration 027). */
export interface CustomSectionEntriesTable {
  id: string;
  section_id: string;
  user_id: string;
  title: string;
  subtitle: string;
  place: string;
  start_date: string;
  end_date: string;
  /** Rich text, sanitised on write (server/src/sections/rich-text.ts). */
  description: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}
