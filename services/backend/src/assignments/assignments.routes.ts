import {
  assignmentDetailSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentSchema,
  createAssignmentRequestSchema,
  ok,
  successEnvelopeSchema,
  updateAssignmentRequestSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import {
  createAssignment,
  getAssignment,
  listCourseAssignments,
  updateAssignment,
} from './assignments.service.js';
import { extensionsRoutes } from './extensions.routes.js';
import { gradingFilesRoutes } from './grading-files.routes.js';
import { submissionsRoutes } from './submissions.routes.js';

const tags = ['assignments'];
const security = [{ bearerAuth: [] }];
const courseParams = z.object({ course_id: z.string().min(1).max(64) });
const assignmentParams = courseParams.extend({ assignment_id: z.string().min(1).max(64) });
const assignmentEnvelope = successEnvelopeSchema(assignmentSchema);

/** Assignments of a course, and their submissions. */
export function assignmentsRoutes(ctx: CourseContentContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/api/v1/courses/:course_id/assignments',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Create an assignment (a draft) in a course; the course's teacher, assistants or an admin",
          params: courseParams,
          body: createAssignmentRequestSchema,
          response: { 201: assignmentEnvelope },
        },
      },
      async (request, reply) => {
        const view = await createAssignment(
          ctx.db,
          principalOf(request),
          request.params.course_id,
          request.body,
        );
        return reply.status(201).send(ok(view));
      },
    );

    routes.get(
      '/api/v1/courses/:course_id/assignments',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'List the assignments of a course by due date (students see published and closed ones)',
          params: courseParams,
          querystring: assignmentListQuerySchema,
          response: { 200: successEnvelopeSchema(assignmentListSchema) },
        },
      },
      async (request) =>
        ok(
          await listCourseAssignments(ctx.db, principalOf(request), request.params.course_id, request.query),
        ),
    );

    routes.get(
      '/api/v1/courses/:course_id/assignments/:assignment_id',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'An assignment; a student also gets their own submission',
          params: assignmentParams,
          response: { 200: successEnvelopeSchema(assignmentDetailSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(await getAssignment(ctx.db, principalOf(request), course_id, assignment_id));
      },
    );

    routes.put(
      '/api/v1/courses/:course_id/assignments/:assignment_id',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            'Edit an assignment or move its status: draft -> published -> closed, closed -> published, ' +
            'published -> draft while nobody has submitted',
          params: assignmentParams,
          body: updateAssignmentRequestSchema,
          response: { 200: assignmentEnvelope },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(
          await updateAssignment(ctx.db, principalOf(request), course_id, assignment_id, request.body),
        );
      },
    );

    await app.register(submissionsRoutes(ctx));
    await app.register(gradingFilesRoutes(ctx));
    await app.register(extensionsRoutes(ctx.db));
  };
}
