import {
  calendarFeedCreatedSchema,
  calendarFeedStateSchema,
  calendarQuerySchema,
  calendarSchema,
  messageSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import { feedCalendar, feedState, myCalendar, revokeFeed, rotateFeed } from './calendar.service.js';

const tags = ['calendar'];
const security = [{ bearerAuth: [] }];
const feedPath = '/api/v1/me/calendar-feed';
const feedParams = z.object({
  feed: z.string().min(1).max(100).describe('The secret of the feed, followed by .ics'),
});

export interface CalendarRouteSettings {
  publicUrl: string;
  feedRatePerMinute: number;
}

/** The caller's due dates, their private feed URL, and the feed itself (public, by its secret). */
export function calendarRoutes(db: Db, settings: CalendarRouteSettings) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/me/calendar',
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary:
            'Due dates across your courses: all work of courses you teach or assist, published work of courses you take with your own state',
          querystring: calendarQuerySchema,
          response: { 200: successEnvelopeSchema(calendarSchema) },
        },
      },
      async (request) => ok(await myCalendar(db, principalOf(request), request.query)),
    );

    routes.get(
      feedPath,
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary: 'Whether you have a calendar feed URL, and since when (its secret is never shown again)',
          response: { 200: successEnvelopeSchema(calendarFeedStateSchema) },
        },
      },
      async (request) => ok(await feedState(db, principalOf(request))),
    );

    routes.post(
      feedPath,
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary: 'Make a new secret calendar feed URL (iCalendar); the previous one stops working',
          description:
            'The URL is in this answer only: the server keeps a hash of its secret, never the secret.',
          response: { 201: successEnvelopeSchema(calendarFeedCreatedSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await rotateFeed(db, principalOf(request), settings.publicUrl))),
    );

    routes.delete(
      feedPath,
      {
        config: { access: 'course:read', errors: ['CALENDAR_FEED_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Revoke your calendar feed URL: subscribed calendars stop receiving updates',
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await revokeFeed(db, principalOf(request));
        return ok({ message: 'Calendar feed revoked' });
      },
    );

    routes.get(
      '/api/v1/calendar/feeds/:feed',
      {
        // The URL carries the secret: keep it out of the request log lines.
        logLevel: 'warn',
        config: {
          access: 'public',
          errors: ['CALENDAR_FEED_NOT_FOUND'],
          rateLimit: { max: settings.feedRatePerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary:
            'A calendar feed (RFC 5545 iCalendar) by its secret URL, for calendar programs to subscribe to',
          description:
            'No sign-in: the secret in the URL is the credential. A rotated or revoked secret answers 404 CALENDAR_FEED_NOT_FOUND.',
          params: feedParams,
          produces: ['text/calendar'],
        },
      },
      async (request, reply) => {
        const secret = request.params.feed.replace(/\.ics$/, '');
        const text = await feedCalendar(db, secret, settings.publicUrl);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="faraday.ics"')
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(text);
      },
    );
  };
}
