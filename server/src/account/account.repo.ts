import type { AccountExportsTable, Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';

export type ExportRow = AccountExportsTable;

/** The SQL of "Export my account" jobs and of deleting an account. */
export function accountRepo(db: Db) {
  return {
    async findExport(userId: string): Promise<ExportRow | undefined> {
      return db
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * A new queued job in place of the user's last one, unless `busy` says the last one still
     * counts: decided under the user's row lock, so two parallel requests start one job.
     * Returns the job and the replaced job's file (for the caller to remove), or null.
     */
    async startExport(
      userId: string,
      busy: (current: ExportRow) => boolean,
    ): Promise<{ job: ExportRow; oldFile: string | null } | null> {
      const now = nowIso();
      const job: ExportRow = {
        id: newId(),
        user_id: userId,
        status: 'queued',
        progress: 0,
        file_key: null,
        size: 0,
        created_at: now,
        updated_at: now,
        expires_at: null,
      };
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const current = await trx
          .selectFrom('account_exports')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (current && busy(current)) return null;
        await trx.deleteFrom('account_exports').where('user_id', '=', userId).execute();
        await trx.insertInto('account_exports').values(job).execute();
        return { job, oldFile: current?.file_key ?? null };
      });
    },

    async exportById(id: string): Promise<ExportRow | undefined> {
      return db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateExport(id: string, set: Partial<Omit<ExportRow, 'id' | 'user_id'>>) {
      await db
        .updateTable('account_exports')
        .set({ ...set, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /** Ready exports past their time, whose files are to be removed. */
    async expiredExports(now: string): Promise<ExportRow[]> {
      return db
        .selectFrom('account_exports')
        .selectAll()
        .where('status', '=', 'ready')
        .where('expires_at', '<', now)
        .execute();
    },

    /** Every stored object of the user: media files, thumbnails and export ZIPs. */
    async storageKeys(userId: string): Promise<string[]> {
      const media = await db
        .selectFrom('media')
        .select(['file_key', 'thumb_key'])
        .where('user_id', '=', userId)
        .execute();
      const exports = await db
        .selectFrom('account_exports')
        .select('file_key')
        .where('user_id', '=', userId)
        .execute();
      return [
        ...media.flatMap((m) => [m.file_key, m.thumb_key]),
        ...exports.map((e) => e.file_key),
      ].filter((k): k is string => Boolean(k));
    },

    async mediaFiles(userId: string) {
      return db
        .selectFrom('media')
        .select(['id', 'purpose', 'content_type', 'file_key', 'thumb_key'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /**
     * The user row goes; every table keyed by the user follows through its foreign keys
     * (ON DELETE CASCADE), other users' saves of their public CV included.
     */
    async deleteUser(userId: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
  };
}
