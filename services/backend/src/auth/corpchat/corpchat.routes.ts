import type { FastifyInstance } from 'fastify';
import type { CorpchatConfig } from '../../config.js';
import type { IdentityContext } from '../identity-context.js';

// Placeholder until corporate-chat login lands (issue 3, item 9); registers no route yet.
export function corpchatRoutes(_ctx: IdentityContext, _config: CorpchatConfig) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
