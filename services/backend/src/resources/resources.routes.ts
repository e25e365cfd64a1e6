import type { FastifyInstance } from 'fastify';
import type { CourseContentContext } from '../courses/course-content-context.js';

// Placeholder until resources land (issue 4).
export function resourcesRoutes(_ctx: CourseContentContext) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
