import {
  addMembersRequestSchema,
  addMembersResponseSchema,
  inviteCodeSchema,
  joinCourseRequestSchema,
  joinCourseResponseSchema,
  memberListSchema,
  messageSchema,
  ok,
  rotateInviteRequestSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import { perUser } from '../shared/per-user-rate-limit.js';
import {
  addCourseMembers,
  joinCourseByInviteCode,
  listCourseMembers,
  removeCourseMember,
  rotateInviteCode,
} from './members.service.js';

const tags = ['course members'];
const security = [{ bearerAuth: [] }];
const courseParams = z.object({ course_id: z.string().min(1).max(64) });
const memberParams = courseParams.extend({ user_id: z.string().min(1).max(64) });

export function membersRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/courses/:course_id/members',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Teacher, assistants and students of a course',
          params: courseParams,
          response: { 200: successEnvelopeSchema(memberListSchema) },
        },
      },
      async (request) => ok(await listCourseMembers(db, principalOf(request), request.params.course_id)),
    );

    routes.post(
      '/api/v1/courses/:course_id/members',
      {
        config: {
          access: 'course:write',
          errors: ['COURSE_NOT_FOUND', 'USER_NOT_FOUND', 'MEMBER_ALREADY_EXISTS', 'COURSE_FULL'],
        },
        schema: {
          tags,
          security,
          summary: 'Add users as assistants or students, with a result per user',
          params: courseParams,
          body: addMembersRequestSchema,
          response: { 200: successEnvelopeSchema(addMembersResponseSchema) },
        },
      },
      async (request) =>
        ok(await addCourseMembers(db, principalOf(request), request.params.course_id, request.body)),
    );

    routes.delete(
      '/api/v1/courses/:course_id/members/:user_id',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'USER_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Remove a member (not the teacher)',
          params: memberParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await removeCourseMember(db, principalOf(request), request.params.course_id, request.params.user_id);
        return ok({ message: 'Member removed' });
      },
    );

    routes.post(
      '/api/v1/courses/join',
      {
        config: {
          access: 'signed-in',
          errors: ['INVITE_CODE_INVALID', 'MEMBER_ALREADY_EXISTS', 'COURSE_FULL'],
          // Codes are 8 of 31 characters; a few guesses a minute find none.
          rateLimit: perUser(app.config.joinRatePerMinute, '1 minute'),
        },
        schema: {
          tags,
          security,
          summary: 'Join a course as a student with its invite code',
          body: joinCourseRequestSchema,
          response: { 200: successEnvelopeSchema(joinCourseResponseSchema) },
        },
      },
      async (request) => ok(await joinCourseByInviteCode(db, principalOf(request), request.body.invite_code)),
    );

    routes.post(
      '/api/v1/courses/:course_id/invite-code',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Issue a new invite code (the old one stops working), optionally expiring',
          params: courseParams,
          body: rotateInviteRequestSchema.nullish(),
          response: { 200: successEnvelopeSchema(inviteCodeSchema) },
        },
      },
      async (request) =>
        ok(
          await rotateInviteCode(
            db,
            principalOf(request),
            request.params.course_id,
            request.body?.expires_at,
            app.config.inviteCodeDays,
          ),
        ),
    );
  };
}
