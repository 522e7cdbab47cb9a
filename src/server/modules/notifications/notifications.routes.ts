import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadResponseSchema,
  notificationIdParamsSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  saveNotificationPreferencesSchema,
} from '#common/notifications.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  myNotificationPreferences,
  myNotifications,
  saveNotificationPreferences,
} from './notifications.service.ts';

const user = { access: 'user' } as const;
// Whether a member is texted is theirs to choose: an admin acting as them may look, not change it
// (impersonation is read-only and this route declares no exception).
const userOnly = { access: 'user' } as const;

/** The bell: the signed-in user's stored notifications, their read state and SMS choices. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/user/notifications',
    {
      config: user,
      schema: {
        description: 'My notifications, newest first, a page at a time, with the unread count.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (req) => myNotifications(ctx, signedInActor(req), { page: req.query.page }),
  );
  app.post(
    '/api/user/notifications/read-all',
    { config: user, schema: { description: 'Mark all my notifications read.', response: { 200: markReadResponseSchema } } },
    async (req) => markAllNotificationsRead(ctx, signedInActor(req)),
  );
  app.post(
    '/api/user/notifications/:id/read',
    {
      config: user,
      schema: { description: 'Mark one of my notifications read.', params: notificationIdParamsSchema, response: { 200: markReadResponseSchema } },
    },
    async (req) => markNotificationRead(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.get(
    '/api/user/notification-preferences',
    {
      config: user,
      schema: { description: 'Which kinds of notification I also get by text message.', response: { 200: notificationPreferencesSchema } },
    },
    async (req) => myNotificationPreferences(ctx, signedInActor(req)),
  );
  app.put(
    '/api/user/notification-preferences',
    {
      config: userOnly,
      schema: {
        description: 'Choose per kind whether I also get a text message.',
        body: saveNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => saveNotificationPreferences(ctx, signedInActor(req), req.body),
  );
};
