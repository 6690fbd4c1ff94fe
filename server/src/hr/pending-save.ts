import type { Db, UserRow } from '../db/database.ts';
import { publicCvRepo } from '../public-cv/public-cv.repo.ts';
import { hrRepo } from './hr.repo.ts';

/**
 * The "Save CV" handover: register, login and enable-hr-dashboard keep the CV id
 * the visitor wanted in `users.pending_cv_to_save`. The first HR screen that loads
 * saves it (only when that CV is publicly listed) and clears the column, so a
 * stale id is never retried.
 */
export async function savePendingCv(db: Db, hr: UserRow): Promise<void> {
  const pending = hr.pending_cv_to_save;
  if (!pending || !hr.is_hr) return;
  const listing = await publicCvRepo(db).byId(pending);
  if (listing && listing.is_listed === 1) await hrRepo(db).save(hr.id, listing.id);
  await db
    .updateTable('users')
    .set({ pending_cv_to_save: null })
    .where('id', '=', hr.id)
    .where('pending_cv_to_save', '=', pending)
    .execute();
}
