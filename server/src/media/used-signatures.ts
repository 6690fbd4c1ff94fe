import { UPLOAD_SIGNATURE_TTL_S } from '@vitae/core';
import type { Db } from '../db/database.ts';

/**
 * Spends an upload signature: true for the first upload that claims it, false for any other,
 * in parallel or on another instance (the primary key decides). Spent signatures past their
 * lifetime are deleted on the way, so the table holds ten minutes' worth at most.
 */
export async function claimUploadSignature(db: Db, signature: string): Promise<boolean> {
  const now = Date.now();
  await db
    .deleteFrom('used_upload_signatures')
    .where('expires_at', '<', new Date(now).toISOString())
    .execute();
  // The longest a valid signature can still be used: its ten minutes, plus the skew tolerated.
  const expiresAt = new Date(now + (UPLOAD_SIGNATURE_TTL_S + 120) * 1000).toISOString();
  const res = await db
    .insertInto('used_upload_signatures')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
