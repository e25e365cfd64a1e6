import type { FastifyRequest } from 'fastify';
import { principalOf } from '../auth/access.js';
import type { ConversationRow } from '../conversations/conversations.repository.js';
import { ownConversation } from '../conversations/conversations.service.js';
import type { Db } from '../db/database.js';

/** The caller's conversation named by a chat body, checked before anything is forwarded. */
export async function conversationOf(
  db: Db,
  request: FastifyRequest,
  conversationId: string | undefined,
): Promise<ConversationRow | undefined> {
  if (conversationId === undefined) return undefined;
  return ownConversation(db, principalOf(request), conversationId);
}

/**
 * Records after the answer has gone out (a stream is already hijacked): a failure can no longer
 * change the response, so it is logged rather than thrown.
 */
export async function recordQuietly(request: FastifyRequest, record: () => Promise<void>): Promise<void> {
  try {
    await record();
  } catch (error) {
    request.log.error({ err: error }, 'could not record the answer in its conversation');
  }
}
