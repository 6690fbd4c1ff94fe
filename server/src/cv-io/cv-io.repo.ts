import type { Kysely } from 'kysely';
import type { SectionKey } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { tableOf } from '../sections/index.ts';

/** The SQL import and export need beyond the section repo's: whole-section removal, certificates. */
export function cvIoRepo(typedDb: Db) {
  // Section tables come from the registry, so the query builder sees them as plain strings.
  const db = typedDb as unknown as Kysely<Record<string, { user_id: string }>>;
  return {
    /** Removes every entry of one section of the user (an import in replace mode). */
    async clearSection(key: SectionKey, userId: string): Promise<void> {
      await db.deleteFrom(tableOf(key)).where('user_id', '=', userId).execute();
    },

    /** The user's certificates as an export carries them, oldest first (no file). */
    certificates: (userId: string) =>
      typedDb
        .selectFrom('certificates')
        .select(['title', 'issuer', 'issued_on as date', 'url'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** A certificate without a file, as an import stores it (issue 32). */
    async insertCertificate(
      userId: string,
      c: { title: string; issuer: string; date: string; url: string },
    ): Promise<void> {
      const now = new Date().toISOString();
      await typedDb
        .insertInto('certificates')
        .values({
          id: newId(),
          user_id: userId,
          media_id: null,
          title: c.title,
          issuer: c.issuer,
          issued_on: c.date,
          url: c.url,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
  };
}
