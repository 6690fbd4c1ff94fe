import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  notificationsQuerySchema,
  idParams,
  multiLineText,
  singleLineText,
  type NotificationsChange,
  type NotificationsPage,
} from '@vitae/core';
import {
  notificationSchema,
  notificationsChangeSchema,
  notificationsPageSchema,
} from '@vitae/core/responses/notifications';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { notificationsRepo } from './notifications.repo.ts';
import { notifyUser } from './notify.ts';

const tags = ['notifications'];
const change = { 200: notificationsChangeSchema, ...errorResponses };

export async function notificationsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = notificationsRepo(db);

  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errorResponses },
      },
    },
    async (req): Promise<NotificationsPage> => {
      const user = requireUser(req);
      const [page, unreadCount] = await Promise.all([
        repo.page(user.id, req.query),
        repo.unreadCount(user.id),
      ]);
      return { ...page, unreadCount };
    },
  );

  r.put(
    '/api/notifications/read-all',
    { schema: { tags, response: change } },
    async (req): Promise<NotificationsChange> => {
      const user = requireUser(req);
      await repo.markAllRead(user.id);
      return { success: true, unreadCount: 0 };
    },
  );

  r.put(
    '/api/notifications/:id/read',
    { schema: { tags, params: idParams, response: change } },
    async (req): Promise<NotificationsChange> => {
      const user = requireUser(req);
      const data = await repo.markRead(user.id, req.params.id);
      if (!data) throw notFound(NOTIFICATION_MESSAGES.notFound);
      return { success: true, data, unreadCount: await repo.unreadCount(user.id) };
    },
  );

  r.delete(
    '/api/notifications/:id',
    { schema: { tags, params: idParams, response: change } },
    async (req): Promise<NotificationsChange> => {
      const user = requireUser(req);
      if (!(await repo.remove(user.id, req.params.id))) {
        throw notFound(NOTIFICATION_MESSAGES.notFound);
      }
      return { success: true, unreadCount: await repo.unreadCount(user.id) };
    },
  );

  r.delete(
    '/api/notifications',
    { schema: { tags, response: change } },
    async (req): Promise<NotificationsChange> => {
      const user = requireUser(req);
      await repo.removeAll(user.id);
      return { success: true, unreadCount: 0 };
    },
  );

  if (deps.config.env !== 'production') devNotifyRoute(app, deps);
}

const devNotifyBody = z.object({
  type: singleLineText().min(1).max(50).default('dev'),
  title: singleLineText().min(1).max(200),
  message: multiLineText().min(1).max(1000),
});

/**
 * Outside production only: the signed-in user sends themself a notification, so the
 * bell and the realtime channel can be tried (and tested end to end) before the
 * features that notify exist.
 */
function devNotifyRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/notifications',
    {
      schema: {
        hide: true,
        body: devNotifyBody,
        response: { 201: notificationSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      return reply.status(201).send(await notifyUser(deps, user.id, req.body));
    },
  );
}
