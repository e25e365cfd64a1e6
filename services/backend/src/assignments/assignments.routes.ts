import type { FastifyInstance } from 'fastify';
import type { CourseContentContext } from '../courses/course-content-context.js';

// Placeholder until assignments and submissions land (issue 4).
export function assignmentsRoutes(_ctx: CourseContentContext) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
