import {
  courseDetailSchema,
  courseListQuerySchema,
  courseListSchema,
  createCourseRequestSchema,
  createCourseResponseSchema,
  messageSchema,
  ok,
  pageOffset,
  successEnvelopeSchema,
  updateCourseRequestSchema,
  updateCourseResponseSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import { changeCourse, courseDetail, createCourse, deleteCourse, listCourses } from './courses.service.js';
import { membersRoutes } from './members.routes.js';

const tags = ['courses'];
const security = [{ bearerAuth: [] }];
export const courseParams = z.object({ course_id: z.string().min(1).max(64) });

export function coursesRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/courses',
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary: 'Courses you can see (search over name and code)',
          querystring: courseListQuerySchema,
          response: { 200: successEnvelopeSchema(courseListSchema) },
        },
      },
      async (request) => {
        const { page, limit, search } = request.query;
        const result = await listCourses(db, principalOf(request), {
          search,
          offset: pageOffset({ page, limit }),
          limit,
        });
        return ok({ ...result, page, limit });
      },
    );

    routes.post(
      '/api/v1/courses',
      {
        config: { access: 'course:write', errors: ['COURSE_CODE_EXISTS'] },
        schema: {
          tags,
          security,
          summary: 'Create a course; you become its teacher and get an invite code',
          body: createCourseRequestSchema,
          response: { 201: successEnvelopeSchema(createCourseResponseSchema) },
        },
      },
      async (request, reply) => {
        const course = await createCourse(db, principalOf(request), request.body, app.config.inviteCodeDays);
        return reply.status(201).send(
          ok({
            id: course.id,
            name: course.name,
            code: course.code,
            semester: course.semester,
            description: course.description,
            teacher_id: course.teacher_id,
            status: 'active' as const,
            invite_code: course.invite_code ?? '',
            created_at: course.created_at,
          }),
        );
      },
    );

    routes.get(
      '/api/v1/courses/:course_id',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Course detail with assistants, syllabus and schedule',
          params: courseParams,
          response: { 200: successEnvelopeSchema(courseDetailSchema) },
        },
      },
      async (request) => ok(await courseDetail(db, principalOf(request), request.params.course_id)),
    );

    routes.put(
      '/api/v1/courses/:course_id',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Change a course (its teacher or an admin); status 'archived' closes it to joins",
          params: courseParams,
          body: updateCourseRequestSchema,
          response: { 200: successEnvelopeSchema(updateCourseResponseSchema) },
        },
      },
      async (request) => {
        const course = await changeCourse(db, principalOf(request), request.params.course_id, request.body);
        return ok({
          id: course.id,
          name: course.name,
          description: course.description,
          status: course.status as 'active' | 'archived',
          updated_at: course.updated_at,
        });
      },
    );

    routes.delete(
      '/api/v1/courses/:course_id',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Delete a course (soft: hidden everywhere afterwards)',
          params: courseParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await deleteCourse(db, principalOf(request), request.params.course_id);
        return ok({ message: 'Course deleted' });
      },
    );

    await app.register(membersRoutes(db));
  };
}
