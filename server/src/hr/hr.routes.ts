import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_TEMPLATE,
  HR_MESSAGES,
  noteSchema,
  rankSchema,
  idParams,
  recordId,
  type SavedCv,
  type SavedCvDetail,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireHr } from '../plugins/session.ts';
import { notifyUser } from '../notifications/notify.ts';
import { cvRepo } from '../cv/cv.repo.ts';
import { sharedCvData } from '../sharing/shared-cv-data.ts';
import { hrRepo } from './hr.repo.ts';

const tags = ['hr'];
const noteParams = idParams.extend({ noteId: recordId() });

/**
 * The HR user's saved CVs: list, view (counted once an hour), rank and notes. Another HR
 * user's answer 404. Once the owner unlists, the CV itself is shown only to an HR user it
 * was shared with directly; the saved entry (name, rank, notes) stays either way.
 */
export async function hrRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = hrRepo(db);

  const mine = async (hrUserId: string, id: string) => {
    const found = await repo.one(hrUserId, id);
    if (!found) throw new HttpError(404, HR_MESSAGES.savedNotFound);
    return found;
  };

  r.get(
    '/hr/saved-cv/saved-cvs',
    { schema: { tags } },
    async (req): Promise<{ data: SavedCv[] }> => {
      const hr = requireHr(req);
      return { data: await repo.list(hr.id) };
    },
  );

  /** The saved CV as it is now; with `visit`, the opening is counted first (once an hour). */
  const detail = async (
    hr: { id: string; full_name: string },
    id: string,
    visit: boolean,
  ): Promise<SavedCvDetail> => {
    const { row, access, saved } = await mine(hr.id, id);
    const cvTemplate = (await cvRepo(db).find(row.owner_id))?.template ?? DEFAULT_TEMPLATE;
    // Nothing of the CV to show, so nothing was viewed: no count, no trail, no notice.
    if (!access) return { ...saved, curriculumVitae: null, cvTemplate };
    if (visit) await recordVisit(row, hr);
    const [after, curriculumVitae] = await Promise.all([
      visit ? mine(hr.id, row.id) : { saved },
      sharedCvData(deps, row.owner_id, access.photo),
    ]);
    return { ...after.saved, curriculumVitae, cvTemplate };
  };

  const recordVisit = async (
    row: { id: string; public_cv_id: string; owner_id: string },
    hr: { id: string; full_name: string },
  ) => {
    const visit = await repo.recordVisit(row, { id: hr.id, name: hr.full_name });
    if (!visit.counted) return;
    // The owner hears of the view: a stored notification and the live event.
    await notifyUser(deps, row.owner_id, {
      type: 'public-cv-viewed',
      title: HR_MESSAGES.viewedTitle,
      message: HR_MESSAGES.viewedMessage(hr.full_name),
    });
    events.publish('public-cv.viewed', { userId: row.owner_id, ...visit.view });
  };

  // A read: reloading or prefetching it counts nothing.
  r.get('/hr/saved-cv/:id', { schema: { tags, params: idParams } }, async (req) =>
    detail(requireHr(req), req.params.id, false),
  );

  // Opening the saved CV in the HR view: counts the visit and answers the CV in one request.
  r.post('/hr/saved-cv/:id/views', { schema: { tags, params: idParams } }, async (req) =>
    detail(requireHr(req), req.params.id, true),
  );

  r.put(
    '/hr/saved-cv/:id/notes',
    { schema: { tags, params: idParams, body: noteSchema } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      await repo.addNote(row.id, req.body.content);
      return (await mine(hr.id, row.id)).saved;
    },
  );

  r.put(
    '/hr/saved-cv/:id/rank',
    { schema: { tags, params: idParams, body: rankSchema } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      await repo.setRank(row.id, req.body.rank);
      return (await mine(hr.id, row.id)).saved;
    },
  );

  r.delete(
    '/hr/saved-cv/:id/notes/:noteId',
    { schema: { tags, params: noteParams } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      if (!(await repo.deleteNote(row.id, req.params.noteId))) {
        throw new HttpError(404, HR_MESSAGES.noteNotFound);
      }
      return (await mine(hr.id, row.id)).saved;
    },
  );
}
