import {
  HR_VIEW_COUNT_WINDOW_MS,
  MAX_NOTES_PER_SAVED_CV,
  isRated,
  type ContactAccess,
  type ContactRequestStatus,
  type DeviceKind,
  type HrNote,
  type HrRankValue,
  type HrView,
  type SavedCv,
} from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';
import { publicCvRepo, contactRequestsRepo } from '../public-cv/index.ts';
import { recipientsOf } from '../sharing/index.ts';
import { parseList } from './browse.repo.ts';

/** Note times never repeat within this process, so notes added in one millisecond keep their order. */
let lastNoteAt = 0;
function noteStamp(): string {
  lastNoteAt = Math.max(Date.now(), lastNoteAt + 1);
  return new Date(lastNoteAt).toISOString();
}

/** Saved CVs, ranks and notes: every query is scoped by the HR user who made them. */
export function hrRepo(db: Db) {
  const savedRows = (hrUserId: string) =>
    db
      .selectFrom('hr_saved_cvs as s')
      .innerJoin('public_cvs as p', 'p.id', 's.public_cv_id')
      .innerJoin('users as u', 'u.id', 's.hr_user_id')
      .select([
        's.id',
        's.public_cv_id',
        's.rank',
        's.view_count',
        's.date_saved',
        's.last_viewed',
        'p.cv_id',
        'p.user_id as owner_id',
        'p.full_name',
        'p.is_listed',
        'p.contact_mode',
        'p.headline',
        'p.years_experience',
        'p.top_skills',
        'p.city',
        'p.province',
        'u.email as hr_email',
      ])
      .where('s.hr_user_id', '=', hrUserId);

  type SavedRow = Awaited<ReturnType<ReturnType<typeof savedRows>['executeTakeFirstOrThrow']>>;

  /** Notes of several saved CVs in one query, newest first. */
  async function notesOf(savedIds: string[]): Promise<Map<string, HrNote[]>> {
    const out = new Map<string, HrNote[]>(savedIds.map((id) => [id, []]));
    if (!savedIds.length) return out;
    const rows = await db
      .selectFrom('hr_notes')
      .select(['id', 'saved_cv_id', 'content', 'created_at'])
      .where('saved_cv_id', 'in', savedIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const r of rows) {
      out.get(r.saved_cv_id)!.push({ _id: r.id, content: r.content, createdAt: r.created_at });
    }
    return out;
  }

  /** Whether the owner shows this listing's email and phone only to approved requests. */
  const onRequest = (r: SavedRow) => r.contact_mode === 'on-request';

  /**
   * The CVs among `rows` that their owner shared with the HR user's email, each with whether
   * some such share includes the photo. Only asked for where it matters: an unlisted CV (the
   * share is the only access) or one whose contact details are on request (a direct share
   * shows them, as the shared viewer does).
   */
  async function directShares(rows: SavedRow[]): Promise<Map<string, { photo: boolean }>> {
    const out = new Map<string, { photo: boolean }>();
    const unlisted = rows.filter((r) => r.is_listed !== 1 || onRequest(r));
    if (!unlisted.length) return out;
    const email = unlisted[0]!.hr_email.trim().toLowerCase();
    const shares = await db
      .selectFrom('cv_shares')
      .selectAll()
      .where(
        'cv_id',
        'in',
        unlisted.map((r) => r.cv_id),
      )
      // A revoked or expired share no longer gives access (issue 14).
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
      .execute();
    const isMe = (e: unknown) => typeof e === 'string' && e.trim().toLowerCase() === email;
    for (const share of shares) {
      const toMe = recipientsOf(share).some((r) => isMe(r.email));
      if (!toMe) continue;
      const photo = (out.get(share.cv_id)?.photo ?? false) || share.include_photo === 1;
      out.set(share.cv_id, { photo });
    }
    return out;
  }

  /** What the HR user may see of the email and phone: open, else their request's state. */
  const contactAccessOf = (
    r: SavedRow,
    shared: boolean,
    request: ContactRequestStatus | undefined,
  ): ContactAccess => {
    if (!onRequest(r) || shared) return 'open';
    if (request === 'pending') return 'requested';
    return request ?? 'not-requested';
  };

  const toSaved = (
    r: SavedRow,
    notes: HrNote[],
    available: boolean,
    contactAccess: ContactAccess,
  ): SavedCv => ({
    _id: r.id,
    curriculumVitaeID: r.cv_id,
    fullName: r.full_name,
    rank: isRated(r.rank) ? r.rank : 'null',
    viewCount: r.view_count,
    dateSaved: r.date_saved,
    lastViewed: r.last_viewed,
    notes,
    listed: r.is_listed === 1,
    available,
    contactAccess,
    // The card's facts come from the listing's copy; none of them once the CV is out of reach.
    headline: available ? r.headline : '',
    yearsExperience: available ? r.years_experience : 0,
    topSkills: available ? parseList<string[]>(r.top_skills, []) : [],
    city: available ? r.city : '',
    province: available ? r.province : '',
  });

  /** One saved CV of this HR user, by its own, the listing's or the CV's id; undefined otherwise. */
  const findRow = (hrUserId: string, id: string) =>
    savedRows(hrUserId)
      .where((eb) =>
        eb.or([eb('s.id', '=', id), eb('s.public_cv_id', '=', id), eb('p.cv_id', '=', id)]),
      )
      .executeTakeFirst();

  /**
   * One saved CV, and what of the owner's CV this HR user may read: all of it (with the
   * photo) while listed, what a direct share to them allows once unlisted, else nothing.
   */
  async function one(hrUserId: string, id: string) {
    const row = await findRow(hrUserId, id);
    if (!row) return undefined;
    const [notes, shared, requests] = await Promise.all([
      notesOf([row.id]),
      directShares([row]),
      contactRequestsRepo(db).statesFor(hrUserId, [row.public_cv_id]),
    ]);
    const access = row.is_listed === 1 ? { photo: true } : (shared.get(row.cv_id) ?? null);
    const contact = contactAccessOf(row, shared.has(row.cv_id), requests.get(row.public_cv_id));
    return { row, access, saved: toSaved(row, notes.get(row.id)!, access !== null, contact) };
  }

  return {
    one,

    /**
     * Whether this HR user may read the saved CV now, without its notes and requests: what
     * each of its media files asks (a video's byte ranges, many times).
     */
    async mayRead(hrUserId: string, id: string): Promise<boolean> {
      const row = await findRow(hrUserId, id);
      if (!row) return false;
      return row.is_listed === 1 || (await directShares([row])).has(row.cv_id);
    },

    /** The HR user's saved CVs, most recently saved first. */
    async list(hrUserId: string): Promise<SavedCv[]> {
      const rows = await savedRows(hrUserId)
        .orderBy('s.date_saved', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
      const [notes, shared, requests] = await Promise.all([
        notesOf(rows.map((r) => r.id)),
        directShares(rows),
        contactRequestsRepo(db).statesFor(
          hrUserId,
          rows.filter(onRequest).map((r) => r.public_cv_id),
        ),
      ]);
      return rows.map((r) =>
        toSaved(
          r,
          notes.get(r.id)!,
          r.is_listed === 1 || shared.has(r.cv_id),
          contactAccessOf(r, shared.has(r.cv_id), requests.get(r.public_cv_id)),
        ),
      );
    },

    /** Saves a listing for an HR user; saving twice keeps the first record. */
    async save(hrUserId: string, publicCvId: string): Promise<{ created: boolean }> {
      const res = await db
        .insertInto('hr_saved_cvs')
        .values({
          id: newId(),
          hr_user_id: hrUserId,
          public_cv_id: publicCvId,
          rank: 'null',
          view_count: 0,
          date_saved: nowIso(),
          last_viewed: null,
        })
        .onConflict((oc) => oc.columns(['hr_user_id', 'public_cv_id']).doNothing())
        .executeTakeFirst();
      return { created: Number(res.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /**
     * One visit of the HR user to a saved CV. It always lands in the view trail and sets
     * "last viewed"; it counts as a view (and the caller tells the owner) only if none was
     * counted in the past hour. The conditional UPDATE claims that hour, so of parallel
     * visits exactly one counts, on SQLite and PostgreSQL alike.
     */
    async recordVisit(
      row: { id: string; public_cv_id: string },
      hr: { id: string; name: string },
      deviceKind: DeviceKind,
      now = new Date(),
    ): Promise<{ counted: boolean; view: HrView & { viewCount: number; viewId: string } }> {
      const at = now.toISOString();
      const since = new Date(now.getTime() - HR_VIEW_COUNT_WINDOW_MS).toISOString();
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('hr_saved_cvs')
          .set((eb) => ({
            view_count: eb('view_count', '+', 1),
            last_viewed: at,
            last_counted_at: at,
          }))
          .where('id', '=', row.id)
          .where((eb) =>
            eb.or([eb('last_counted_at', 'is', null), eb('last_counted_at', '<=', since)]),
          )
          .executeTakeFirst();
        const counted = Number(claimed.numUpdatedRows) > 0;
        if (!counted) {
          await trx
            .updateTable('hr_saved_cvs')
            .set({ last_viewed: at })
            .where('id', '=', row.id)
            .execute();
        }
        const view = await publicCvRepo(trx).recordView({ id: row.public_cv_id }, hr, {
          counted,
          at,
          deviceKind,
        });
        return { counted, view };
      });
    },

    async setRank(savedId: string, rank: HrRankValue): Promise<void> {
      await db.updateTable('hr_saved_cvs').set({ rank }).where('id', '=', savedId).execute();
    },

    /** False when the saved CV already has MAX_NOTES_PER_SAVED_CV notes. */
    async addNote(hrUserId: string, savedId: string, content: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // One HR user's notes one at a time, so parallel adds cannot pass the cap.
        await lockRow(trx, 'users', hrUserId);
        const { n } = await trx
          .selectFrom('hr_notes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('saved_cv_id', '=', savedId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAX_NOTES_PER_SAVED_CV) return false;
        await trx
          .insertInto('hr_notes')
          .values({ id: newId(), saved_cv_id: savedId, content, created_at: noteStamp() })
          .execute();
        return true;
      });
    },

    /** False when the note is not on this saved CV. */
    async deleteNote(savedId: string, noteId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('hr_notes')
        .where('saved_cv_id', '=', savedId)
        .where('id', '=', noteId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
