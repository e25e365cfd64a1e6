import {
  dueAssignmentsQuerySchema,
  dueAssignmentsSchema,
  gradebookSchema,
  gradingQueueQuerySchema,
  gradingQueueSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/access.js';
import { courseParams } from '../courses/courses.routes.js';
import type { Db } from '../db/database.js';
import { contentDisposition } from '../storage/http-download.js';
import { courseGradebook, gradebookWithCourse } from './gradebook.service.js';
import { gradebookCsv } from './gradebook-csv.js';
import { dueAssignments, gradingQueue } from './queues.service.js';

const tags = ['grades'];
const security = [{ bearerAuth: [] }];

/** The course gradebook (JSON and CSV), the grading queue of staff and the due list of students. */
export function gradesRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/courses/:course_id/grades',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            'Gradebook: students × published assignments with totals (a student gets only their own row)',
          params: courseParams,
          response: { 200: successEnvelopeSchema(gradebookSchema) },
        },
      },
      async (request) => ok(await courseGradebook(db, principalOf(request), request.params.course_id)),
    );

    routes.get(
      '/api/v1/courses/:course_id/grades.csv',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            'The gradebook as CSV (UTF-8 with a byte-order mark, for spreadsheet programs), saved as grades-<course code>-<date>.csv',
          params: courseParams,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { book, fileName } = await gradebookWithCourse(
          db,
          principalOf(request),
          request.params.course_id,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(fileName))
          .send(gradebookCsv(book));
      },
    );

    routes.get(
      '/api/v1/me/grading-queue',
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary: 'Submissions waiting for your grade across the courses you teach or assist, newest first',
          querystring: gradingQueueQuerySchema,
          response: { 200: successEnvelopeSchema(gradingQueueSchema) },
        },
      },
      async (request) => ok(await gradingQueue(db, principalOf(request), request.query)),
    );

    routes.get(
      '/api/v1/me/due-assignments',
      {
        config: { access: 'course:read' },
        schema: {
          tags,
          security,
          summary: 'Published assignments of your courses due in the next `days` days, with your own status',
          querystring: dueAssignmentsQuerySchema,
          response: { 200: successEnvelopeSchema(dueAssignmentsSchema) },
        },
      },
      async (request) => ok(await dueAssignments(db, principalOf(request), request.query)),
    );
  };
}
