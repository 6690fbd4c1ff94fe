import { sql } from 'kysely';
import {
  VERSION_MESSAGES,
  VERSION_NAME_MAX,
  VERSIONS_MAX,
  resolvePageSize,
  resolveTemplateId,
  type CvArrangement,
  type CvDesign,
  type PageSize,
  CUSTOM_ENTRIES_SECTION,
  type VersionEntrySection,
  type TemplateId,
} from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { inTransaction, lockRow, onUniqueViolation } from '../db/integrity.ts';
import { HttpError } from '../plugins/errors.ts';
import { tableOf } from '../sections/index.ts';

/** A version as the API answers it (issue 30). */
export interface CvVersion {
  _id: string;
  name: string;
  isDefault: boolean;
  template: TemplateId;
  pageSize: PageSize;
  headline: string | null;
  summary: string | null;
  /** The ids of the entries this version leaves out. */
  excluded: string[];
  /** Shares of this version still open (not revoked, not expired). */
  liveShares: number;
  /** Whether its public link is on (`/cv/{slug}`, server/src/public-link). */
  publicLink: boolean;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = [
  'id',
  'name',
  'is_default',
  'template',
  'page_size',
  'headline',
  'summary',
  'created_at',
  'updated_at',
] as const;

const notFound = () => new HttpError(404, VERSION_MESSAGES.notFound);
const duplicateName = () =>
  new HttpError(409, VERSION_MESSAGES.duplicateName, { name: VERSION_MESSAGES.duplicateName });

export interface VersionChanges {
  name?: string;
  isDefault?: true;
  headline?: string | null;
  summary?: string | null;
}

/**
 * The versions of one user's CV: list, create (empty or as a copy), change, delete, and which
 * entries each leaves out. Writes run under the user's row lock (db/integrity.ts `lockRow`),
 * so the cap of VERSIONS_MAX and the one default hold under parallel requests; the unique
 * indexes of migration 026 back both up.
 */
export function versionsRepo(db: Db) {
  async function list(userId: string): Promise<CvVersion[]> {
    const now = nowIso();
    const [rows, excluded, shares] = await Promise.all([
      db
        .selectFrom('curriculum_vitae')
        .select([...COLUMNS])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('cv_public_links as l')
                .select('l.id')
                .whereRef('l.cv_id', '=', 'curriculum_vitae.id'),
            )
            .as('has_link'),
        )
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('cv_version_exclusions')
        .select(['version_id', 'entry_id'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('cv_shares')
        .select((eb) => ['cv_id', eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .groupBy('cv_id')
        .execute(),
    ]);
    const live = new Map(shares.map((s) => [s.cv_id, Number(s.n)]));
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      isDefault: r.is_default === 1,
      template: resolveTemplateId(r.template),
      pageSize: resolvePageSize(r.page_size),
      headline: r.headline,
      summary: r.summary,
      excluded: excluded.filter((x) => x.version_id === r.id).map((x) => x.entry_id),
      liveShares: live.get(r.id) ?? 0,
      publicLink: Boolean(Number(r.has_link)),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async function get(userId: string, id: string): Promise<CvVersion> {
    const version = (await list(userId)).find((v) => v._id === id);
    if (!version) throw notFound();
    return version;
  }

  /** Runs `fn` with the user's row locked, a unique name clash answering 409. */
  const locked = <T>(userId: string, fn: (trx: Db) => Promise<T>) =>
    inTransaction(db, async (trx) => {
      await lockRow(trx, 'users', userId);
      return fn(trx);
    }).catch(onUniqueViolation(duplicateName()));

  return {
    list,
    get,

    /** A new version: a copy of `from` (settings and exclusions), or one with every entry. */
    async create(userId: string, name: string, from?: string): Promise<CvVersion> {
      const id = await locked(userId, async (trx) => {
        const source = from
          ? await trx
              .selectFrom('curriculum_vitae')
              .selectAll()
              .where('user_id', '=', userId)
              .where('id', '=', from)
              .executeTakeFirst()
          : undefined;
        if (from && !source) throw notFound();
        const made = await insertRow(trx, userId, name, {
          template: source?.template ?? 'template01',
          ...(source && {
            page_size: source.page_size,
            arrangement: source.arrangement,
            design: source.design,
          }),
          headline: source?.headline ?? null,
          summary: source?.summary ?? null,
        });
        if (source) {
          await sql`INSERT INTO cv_version_exclusions (version_id, entry_id, section_key, user_id)
            SELECT ${made}, entry_id, section_key, user_id FROM cv_version_exclusions
            WHERE version_id = ${source.id}`.execute(trx);
        }
        return made;
      });
      return get(userId, id);
    },

    /** Renames, makes default, or sets the version's own headline and summary. */
    async update(userId: string, id: string, changes: VersionChanges): Promise<CvVersion> {
      await locked(userId, async (trx) => {
        const row = await trx
          .selectFrom('curriculum_vitae')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound();
        if (changes.isDefault) {
          await trx
            .updateTable('curriculum_vitae')
            .set({ is_default: 0 })
            .where('user_id', '=', userId)
            .where('is_default', '=', 1)
            .execute();
        }
        await trx
          .updateTable('curriculum_vitae')
          .set({
            ...(changes.name !== undefined && {
              name: changes.name,
              name_lower: changes.name.toLowerCase(),
            }),
            ...(changes.isDefault && { is_default: 1 }),
            ...(changes.headline !== undefined && { headline: changes.headline }),
            ...(changes.summary !== undefined && { summary: changes.summary }),
            updated_at: nowIso(),
          })
          .where('id', '=', id)
          .execute();
      });
      return get(userId, id);
    },

    /**
     * Deletes a version, never the last. Its live shares end with it, so a version that has
     * some is deleted only when `revokeShares` says the user was asked (else 409 with the
     * count); a listing showing it moves to the default, which moves to the oldest other.
     */
    async remove(userId: string, id: string, revokeShares: boolean): Promise<void> {
      await locked(userId, async (trx) => {
        const versions = await trx
          .selectFrom('curriculum_vitae')
          .select(['id', 'is_default'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        const target = versions.find((v) => v.id === id);
        if (!target) throw notFound();
        if (versions.length === 1) throw new HttpError(409, VERSION_MESSAGES.lastOne);
        const now = nowIso();
        const { n } = await trx
          .selectFrom('cv_shares')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('cv_id', '=', id)
          .where('revoked_at', 'is', null)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .executeTakeFirstOrThrow();
        const live = Number(n);
        if (live > 0 && !revokeShares) {
          const message = VERSION_MESSAGES.liveShares(live);
          throw new HttpError(409, message, { liveShares: message });
        }
        await trx
          .updateTable('cv_shares')
          .set({ revoked_at: now })
          .where('cv_id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
        const heir = target.is_default === 1 ? versions.find((v) => v.id !== id)!.id : undefined;
        await trx.deleteFrom('curriculum_vitae').where('id', '=', id).execute();
        if (heir) {
          await trx
            .updateTable('curriculum_vitae')
            .set({ is_default: 1 })
            .where('id', '=', heir)
            .execute();
        }
        const fallback =
          heir ?? versions.find((v) => v.is_default === 1 && v.id !== id)?.id ?? undefined;
        if (fallback) {
          await trx
            .updateTable('public_cvs')
            .set({ cv_id: fallback })
            .where('user_id', '=', userId)
            .where('cv_id', '=', id)
            .execute();
        }
      });
    },

    /**
     * Puts an entry in or out of a version; the entry must be the user's, in that section.
     * Exclusions of entries deleted since are dropped on the way, so the table stays bounded
     * by the user's entries.
     */
    async setIncluded(
      userId: string,
      versionId: string,
      section: VersionEntrySection,
      entryId: string,
      included: boolean,
    ): Promise<CvVersion> {
      await locked(userId, async (trx) => {
        const version = await trx
          .selectFrom('curriculum_vitae')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '=', versionId)
          .executeTakeFirst();
        if (!version) throw notFound();
        const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(entryTable(section))}
          WHERE id = ${entryId} AND user_id = ${userId}`.execute(trx);
        if (rows.length === 0) throw new HttpError(404, VERSION_MESSAGES.entryNotFound);
        await trx
          .deleteFrom('cv_version_exclusions')
          .where('version_id', '=', versionId)
          .where('entry_id', '=', entryId)
          .execute();
        if (!included) {
          await trx
            .insertInto('cv_version_exclusions')
            .values({
              version_id: versionId,
              entry_id: entryId,
              section_key: section,
              user_id: userId,
            })
            .execute();
        }
        await pruneGone(trx, userId, section);
      });
      return get(userId, versionId);
    },
  };
}

/** The table holding a section's entries; the user's own sections' entries share one. */
const entryTable = (section: VersionEntrySection) =>
  section === CUSTOM_ENTRIES_SECTION ? 'custom_section_entries' : tableOf(section);

/** Drops the user's exclusions in `section` whose entry was deleted. */
async function pruneGone(trx: Db, userId: string, section: VersionEntrySection): Promise<void> {
  await sql`DELETE FROM cv_version_exclusions
    WHERE user_id = ${userId} AND section_key = ${section}
    AND entry_id NOT IN (SELECT id FROM ${sql.table(entryTable(section))} WHERE user_id = ${userId})`.execute(
    trx,
  );
}

/**
 * How many versions the user has, refusing with `409` when that is already VERSIONS_MAX. Run
 * it under the user's row lock, in the transaction that then inserts.
 */
async function versionCount(trx: Db, userId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('curriculum_vitae')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= VERSIONS_MAX) throw new HttpError(409, VERSION_MESSAGES.tooMany);
  return Number(n);
}

/** What a version made inside another feature's transaction starts as (an import, issue 30). */
export interface VersionSpec {
  name: string;
  template: TemplateId;
  pageSize?: PageSize;
  arrangement?: CvArrangement;
  design?: CvDesign;
  headline?: string | null;
  summary?: string | null;
  /** The entries it leaves out (of list sections, or the user's own: `custom`). */
  excluded?: readonly { section: VersionEntrySection; entryId: string }[];
}

/**
 * `name`, else the first of "name (2)", "name (3)"… that none of the user's versions has
 * (ignoring case), cut to fit the 40 characters. Run it under the user's row lock, in the
 * transaction that then inserts the version, so no parallel request takes it meanwhile.
 */
export async function freeVersionName(trx: Db, userId: string, name: string): Promise<string> {
  const rows = await trx
    .selectFrom('curriculum_vitae')
    .select('name_lower')
    .where('user_id', '=', userId)
    .execute();
  const taken = new Set(rows.map((r) => r.name_lower));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${name.slice(0, VERSION_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Inserts a version inside the caller's transaction, locking the user's row first (a no-op
 * when the caller holds it): `409` at the cap of VERSIONS_MAX or for a name the user has.
 * Returns its id. Never the default (the account has one: cvRepo.ensure).
 */
export async function insertVersion(trx: Db, userId: string, spec: VersionSpec): Promise<string> {
  await lockRow(trx, 'users', userId);
  const id = await insertRow(trx, userId, spec.name, {
    template: spec.template,
    ...(spec.pageSize && { page_size: spec.pageSize }),
    ...(spec.arrangement && { arrangement: JSON.stringify(spec.arrangement) }),
    ...(spec.design && { design: JSON.stringify(spec.design) }),
    headline: spec.headline ?? null,
    summary: spec.summary ?? null,
  });
  const excluded = spec.excluded ?? [];
  if (excluded.length > 0) {
    // One statement for all of them: an import may leave out every entry of the profile.
    await trx
      .insertInto('cv_version_exclusions')
      .values(
        excluded.map(({ section, entryId }) => ({
          version_id: id,
          entry_id: entryId,
          section_key: section,
          user_id: userId,
        })),
      )
      .execute();
  }
  return id;
}

/** A version's look as its row holds it (JSON as text). */
interface VersionLook {
  template: string;
  page_size?: string;
  arrangement?: string;
  design?: string;
  headline: string | null;
  summary: string | null;
}

/**
 * Inserts the version row under the user's row lock (held by the caller): `409` at the cap or
 * for a name the user has; the user's first version is their default. Returns its id.
 */
async function insertRow(trx: Db, userId: string, name: string, look: VersionLook) {
  const n = await versionCount(trx, userId);
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto('curriculum_vitae')
    .values({
      id,
      user_id: userId,
      name,
      name_lower: name.toLowerCase(),
      is_default: n === 0 ? 1 : 0,
      ...look,
      created_at: now,
      updated_at: now,
    })
    .execute()
    .catch(onUniqueViolation(duplicateName()));
  return id;
}
