import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';

// Placeholder until the course routes land (issue 4).
export function coursesRoutes(_db: Db) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
