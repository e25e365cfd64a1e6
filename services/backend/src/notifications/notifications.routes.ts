import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  ok,
  successEnvelopeSchema,
  unreadNotificationCountSchema,
  updateNotificationPreferencesRequestSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import {
  myNotifications,
  myPreferences,
  myUnreadCount,
  readAllNotifications,
  readNotification,
  updateMyPreferences,
} from './notifications.service.js';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
const config = { access: 'course:read' as const };

/** The caller's own notifications and their choices; nobody reads another user's. */
export function notificationsRoutes(db: Db, emailAvailable: boolean) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/me/notifications',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Your notifications: unread first, then newest',
          querystring: notificationListQuerySchema,
          response: { 200: successEnvelopeSchema(notificationListSchema) },
        },
      },
      async (request) => ok(await myNotifications(db, principalOf(request), request.query)),
    );

    routes.get(
      '/api/v1/me/notifications/unread-count',
      {
        config,
        schema: {
          tags,
          security,
          summary: "How many of your notifications you have not read (the header's bell)",
          response: { 200: successEnvelopeSchema(unreadNotificationCountSchema) },
        },
      },
      async (request) => ok(await myUnreadCount(db, principalOf(request))),
    );

    routes.post(
      '/api/v1/me/notifications/:notification_id/read',
      {
        config: { ...config, errors: ['NOTIFICATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Mark one of your notifications read; answers your unread count',
          params: z.object({ notification_id: z.string().min(1).max(64) }),
          response: { 200: successEnvelopeSchema(unreadNotificationCountSchema) },
        },
      },
      async (request) => ok(await readNotification(db, principalOf(request), request.params.notification_id)),
    );

    routes.post(
      '/api/v1/me/notifications/read',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Mark all your notifications read',
          response: { 200: successEnvelopeSchema(markNotificationsReadSchema) },
        },
      },
      async (request) => ok(await readAllNotifications(db, principalOf(request))),
    );

    routes.get(
      '/api/v1/me/notification-preferences',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Which kinds of notification you receive, in the app and by e-mail',
          response: { 200: successEnvelopeSchema(notificationPreferencesSchema) },
        },
      },
      async (request) => ok(await myPreferences(db, principalOf(request), emailAvailable)),
    );

    routes.put(
      '/api/v1/me/notification-preferences',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Choose kinds of notification; kinds not named keep their setting',
          description: 'Applies to notifications created from now on; those already there stay.',
          body: updateNotificationPreferencesRequestSchema,
          response: { 200: successEnvelopeSchema(notificationPreferencesSchema) },
        },
      },
      async (request) =>
        ok(await updateMyPreferences(db, principalOf(request), request.body, emailAvailable)),
    );
  };
}
