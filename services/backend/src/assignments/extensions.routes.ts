import {
  extensionListSchema,
  extensionSchema,
  messageSchema,
  ok,
  putExtensionRequestSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import { listExtensions, putExtension, removeExtension } from './extensions.service.js';

const tags = ['assignments'];
const security = [{ bearerAuth: [] }];
const base = '/api/v1/courses/:course_id/assignments/:assignment_id/extensions';
const id = z.string().min(1).max(64);
const assignmentParams = z.object({ course_id: id, assignment_id: id });
const studentParams = assignmentParams.extend({ student_id: id });
const READ_ERRORS = ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] as const;

/** Per-student extended due dates (docs/adr/0128-late-penalty-derived-at-read.md). */
export function extensionsRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      base,
      {
        config: { access: 'course:read', errors: [...READ_ERRORS] },
        schema: {
          tags,
          security,
          summary: "Extensions on an assignment: staff see every student's, a student only their own",
          params: assignmentParams,
          response: { 200: successEnvelopeSchema(extensionListSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(await listExtensions(db, principalOf(request), course_id, assignment_id));
      },
    );

    routes.put(
      `${base}/:student_id`,
      {
        config: { access: 'course:write', errors: [...READ_ERRORS, 'USER_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            "Grant or move a student's extended due date (teacher, assistants, admin); " +
            'their final cut-off moves by as much',
          params: studentParams,
          body: putExtensionRequestSchema,
          response: { 200: successEnvelopeSchema(extensionSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id, student_id } = request.params;
        const ids = { courseId: course_id, assignmentId: assignment_id, studentId: student_id };
        return ok(await putExtension(db, principalOf(request), ids, request.body.due_date));
      },
    );

    routes.delete(
      `${base}/:student_id`,
      {
        config: { access: 'course:write', errors: [...READ_ERRORS, 'NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Remove a student's extension: the assignment's due date applies to them again",
          params: studentParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id, student_id } = request.params;
        const ids = { courseId: course_id, assignmentId: assignment_id, studentId: student_id };
        await removeExtension(db, principalOf(request), ids);
        return ok({ message: 'Extension removed' });
      },
    );
  };
}
