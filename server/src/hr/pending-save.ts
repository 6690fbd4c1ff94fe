import type { Db, UserRow } from '../db/database.ts';
import { publicCvRepo } from '../public-cv/index.ts';
import { hrRepo } from './hr.repo.ts';

/**
 * The "Save CV" handover: register, login and enable-hr-dashboard keep the CV id the
 * visitor wanted in `users.pending_cv_to_save`; login and enable-hr-dashboard settle it at
 * once, and HR browse finishes what they could not.
 *
 * A listed CV is saved at once. A CV that is not listed is saved only when this browser
 * unlocked it with its pin (`unlockedCvIds`, read from the sharing unlock cookie). That
 * cookie only travels to /api paths, so a caller that cannot see it (`final: false`: the
 * /auth routes) leaves an unresolved id pending for browse (`final: true`) to decide.
 */
export async function savePendingCv(
  db: Db,
  hr: UserRow,
  opts: { unlockedCvIds: string[]; final: boolean },
): Promise<void> {
  const pending = hr.pending_cv_to_save;
  if (!pending || !hr.is_hr) return;
  const listings = publicCvRepo(db);
  let listing = await listings.byId(pending);
  const unlocked = opts.unlockedCvIds.includes(pending);
  if (!listing && unlocked) listing = await listingOfCv(db, pending);
  const allowed = listing && (listing.is_listed === 1 || unlocked);
  if (allowed) await hrRepo(db).save(hr.id, listing!.id);
  if (!allowed && !opts.final) return;
  await db
    .updateTable('users')
    .set({ pending_cv_to_save: null })
    .where('id', '=', hr.id)
    .where('pending_cv_to_save', '=', pending)
    .execute();
}

/** The (unlisted) listing row of a CV's owner, created when missing. */
async function listingOfCv(db: Db, cvId: string) {
  const cv = await db
    .selectFrom('curriculum_vitae')
    .select('user_id')
    .where('id', '=', cvId)
    .executeTakeFirst();
  return cv ? publicCvRepo(db).ensure(cv.user_id) : undefined;
}
