import { isRated, type HrNote, type HrRankValue, type SavedCv } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';

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

  const toSaved = (r: SavedRow, notes: HrNote[]): SavedCv => ({
    _id: r.id,
    curriculumVitaeID: r.cv_id,
    fullName: r.full_name,
    rank: isRated(r.rank) ? r.rank : 'null',
    viewCount: r.view_count,
    dateSaved: r.date_saved,
    lastViewed: r.last_viewed,
    notes,
  });

  /** One saved CV of this HR user, by its own, the listing's or the CV's id; undefined otherwise. */
  const findRow = (hrUserId: string, id: string) =>
    savedRows(hrUserId)
      .where((eb) =>
        eb.or([eb('s.id', '=', id), eb('s.public_cv_id', '=', id), eb('p.cv_id', '=', id)]),
      )
      .executeTakeFirst();

  async function one(hrUserId: string, id: string) {
    const row = await findRow(hrUserId, id);
    if (!row) return undefined;
    const notes = await notesOf([row.id]);
    return { row, saved: toSaved(row, notes.get(row.id)!) };
  }

  return {
    one,

    /** The HR user's saved CVs, most recently saved first. */
    async list(hrUserId: string): Promise<SavedCv[]> {
      const rows = await savedRows(hrUserId)
        .orderBy('s.date_saved', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
      const notes = await notesOf(rows.map((r) => r.id));
      return rows.map((r) => toSaved(r, notes.get(r.id)!));
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

    async countView(savedId: string): Promise<void> {
      await db
        .updateTable('hr_saved_cvs')
        .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed: nowIso() }))
        .where('id', '=', savedId)
        .execute();
    },

    async setRank(savedId: string, rank: HrRankValue): Promise<void> {
      await db.updateTable('hr_saved_cvs').set({ rank }).where('id', '=', savedId).execute();
    },

    async addNote(savedId: string, content: string): Promise<void> {
      await db
        .insertInto('hr_notes')
        .values({ id: newId(), saved_cv_id: savedId, content, created_at: noteStamp() })
        .execute();
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

export type HrRepo = ReturnType<typeof hrRepo>;
