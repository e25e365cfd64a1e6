import type { FastifyInstance } from 'fastify';
import type { BackendConfig } from '../config.js';

// Placeholder until the AI gateway lands (issue 8); registers no route yet.
export function aiGatewayRoutes(_config: BackendConfig) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
