import {
  announcementListQuerySchema,
  announcementListSchema,
  announcementSchema,
  createAnnouncementRequestSchema,
  MAX_ANNOUNCEMENT_BODY,
  markAnnouncementsReadSchema,
  messageSchema,
  ok,
  successEnvelopeSchema,
  unreadAnnouncementsQuerySchema,
  unreadAnnouncementsSchema,
  updateAnnouncementRequestSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import {
  deleteAnnouncement,
  editAnnouncement,
  listAnnouncements,
  markAnnouncementsRead,
  postAnnouncement,
  unreadAnnouncements,
} from './announcements.service.js';

const tags = ['announcements'];
const security = [{ bearerAuth: [] }];
const courseParams = z.object({ course_id: z.string().min(1).max(64) });
const announcementParams = courseParams.extend({ announcement_id: z.string().min(1).max(64) });
const announcementEnvelope = successEnvelopeSchema(announcementSchema);
/**
 * Room for the longest body even at 4 bytes a character and JSON escapes, well under the
 * server's 1 MiB: a larger request is refused (413 PAYLOAD_TOO_LARGE) before it is parsed.
 */
const BODY_LIMIT = 256 * 1024;
const changeErrors = ['COURSE_NOT_FOUND', 'PAYLOAD_TOO_LARGE'] as const;

/** Announcements of a course, and the caller's unread ones across their courses. */
export function announcementsRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/api/v1/courses/:course_id/announcements',
      {
        bodyLimit: BODY_LIMIT,
        config: { access: 'course:write', errors: [...changeErrors] },
        schema: {
          tags,
          security,
          summary: "Post an announcement; the course's teacher, assistants or an admin",
          description: `Markdown up to ${MAX_ANNOUNCEMENT_BODY} characters; \`resource_id\` must name a resource of the same course (else 400 VALIDATION_ERROR).`,
          params: courseParams,
          body: createAnnouncementRequestSchema,
          response: { 201: announcementEnvelope },
        },
      },
      async (request, reply) => {
        const view = await postAnnouncement(db, principalOf(request), request.params.course_id, request.body);
        return reply.status(201).send(ok(view));
      },
    );

    routes.get(
      '/api/v1/courses/:course_id/announcements',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            "A course's announcements (members): pinned first, then those you have not read, then newest",
          params: courseParams,
          querystring: announcementListQuerySchema,
          response: { 200: successEnvelopeSchema(announcementListSchema) },
        },
      },
      async (request) =>
        ok(await listAnnouncements(db, principalOf(request), request.params.course_id, request.query)),
    );

    routes.post(
      '/api/v1/courses/:course_id/announcements/read',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Mark every announcement of the course read for you (the web app does on opening them)',
          params: courseParams,
          response: { 200: successEnvelopeSchema(markAnnouncementsReadSchema) },
        },
      },
      async (request) => ok(await markAnnouncementsRead(db, principalOf(request), request.params.course_id)),
    );

    routes.put(
      '/api/v1/courses/:course_id/announcements/:announcement_id',
      {
        bodyLimit: BODY_LIMIT,
        config: { access: 'course:write', errors: [...changeErrors, 'ANNOUNCEMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Edit, pin or unpin an announcement (teacher, assistants, admin); readers keep it read',
          params: announcementParams,
          body: updateAnnouncementRequestSchema,
          response: { 200: announcementEnvelope },
        },
      },
      async (request) => {
        const { course_id, announcement_id } = request.params;
        return ok(await editAnnouncement(db, principalOf(request), course_id, announcement_id, request.body));
      },
    );

    routes.delete(
      '/api/v1/courses/:course_id/announcements/:announcement_id',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'ANNOUNCEMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Delete an announcement (teacher, assistants, admin)',
          params: announcementParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        const { course_id, announcement_id } = request.params;
        await deleteAnnouncement(db, principalOf(request), course_id, announcement_id);
        return ok({ message: 'Announcement deleted' });
      },
    );

    routes.get(
      '/api/v1/me/unread-announcements',
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary:
            'Announcements you have not read, across the courses you teach, assist or take; newest first',
          querystring: unreadAnnouncementsQuerySchema,
          response: { 200: successEnvelopeSchema(unreadAnnouncementsSchema) },
        },
      },
      async (request) => ok(await unreadAnnouncements(db, principalOf(request), request.query)),
    );
  };
}
