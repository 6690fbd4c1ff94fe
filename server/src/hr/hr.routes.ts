import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_TEMPLATE,
  HR_MESSAGES,
  noteSchema,
  rankSchema,
  type SavedCv,
  type SavedCvDetail,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireHr } from '../plugins/session.ts';
import { notifyUser } from '../notifications/notify.ts';
import { cvRepo } from '../cv/cv.repo.ts';
import { loadCvData } from '../cv/cv.routes.ts';
import { publicCvRepo } from '../public-cv/public-cv.repo.ts';
import { hrRepo } from './hr.repo.ts';
import { savePendingCv } from './pending-save.ts';

const tags = ['hr'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const noteParams = idParams.extend({ noteId: z.string().min(1).max(64) });

/** The HR user's saved CVs: list, view (counted), rank and notes. Another HR user's answer 404. */
export function hrRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = hrRepo(db);
  const listings = publicCvRepo(db);

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
      // The unlock cookie does not reach /hr paths; browse settles an unlisted pending CV.
      await savePendingCv(db, hr, { unlockedCvIds: [], final: false });
      return { data: await repo.list(hr.id) };
    },
  );

  r.get(
    '/hr/saved-cv/:id',
    { schema: { tags, params: idParams } },
    async (req): Promise<SavedCvDetail> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      await repo.countView(row.id);
      const listing = (await listings.byId(row.public_cv_id))!;
      const view = await listings.recordView(listing, { id: hr.id, name: hr.full_name });
      // The owner hears of the view: a stored notification and the live event.
      await notifyUser(deps, row.owner_id, {
        type: 'public-cv-viewed',
        title: HR_MESSAGES.viewedTitle,
        message: HR_MESSAGES.viewedMessage(hr.full_name),
      });
      events.publish('public-cv.viewed', { userId: row.owner_id, ...view });
      const [{ saved }, curriculumVitae, cv] = await Promise.all([
        mine(hr.id, row.id),
        loadCvData(db, row.owner_id),
        cvRepo(db).find(row.owner_id),
      ]);
      return { ...saved, curriculumVitae, cvTemplate: cv?.template ?? DEFAULT_TEMPLATE };
    },
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
