import type { Kysely } from 'kysely';
import type { SectionKey } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { tableOf } from '../sections/index.ts';

/** The SQL import and export need beyond the section repo's: whole-section removal, titles. */
export function cvIoRepo(typedDb: Db) {
  // Section tables come from the registry, so the query builder sees them as plain strings.
  const db = typedDb as unknown as Kysely<Record<string, { user_id: string }>>;
  return {
    /** Removes every entry of one section of the user (an import in replace mode). */
    async clearSection(key: SectionKey, userId: string): Promise<void> {
      await db.deleteFrom(tableOf(key)).where('user_id', '=', userId).execute();
    },

    async certificateTitles(userId: string): Promise<string[]> {
      const rows = await typedDb
        .selectFrom('certificates')
        .select('title')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.title);
    },
  };
}
