import {
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSummarySchema,
  createConversationRequestSchema,
  messageSchema,
  ok,
  renameConversationRequestSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import { toConversationDetail, toConversationSummary } from './conversation-views.js';
import {
  conversationList,
  conversationWithMessages,
  createConversation,
  removeConversation,
  renameConversation,
} from './conversations.service.js';

const tags = ['ai'];
const security = [{ bearerAuth: [] }];
const config = { access: 'ai:use' as const, errors: ['CONVERSATION_NOT_FOUND' as const] };
const listConfig = { access: 'ai:use' as const };
const configForCourse = { access: 'ai:use' as const, errors: ['COURSE_NOT_FOUND' as const] };
const params = z.object({ conversation_id: z.string().min(1).max(64) });
const NOT_YOURS = 'Another user’s or a missing conversation answers 404 CONVERSATION_NOT_FOUND.';

/**
 * `/api/v1/conversations`: the signed-in user's conversations with the AI tutor. Exchanges are
 * recorded by the chat routes (`conversation_id` in their body) and by guided turns.
 */
export function conversationsRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/conversations',
      {
        config: listConfig,
        schema: {
          tags,
          security,
          summary: 'Your conversations with the tutor, most recently active first',
          description:
            'kind=guided lists guided sessions; unfinished=true only those not completed and not expired (resumable).',
          querystring: conversationListQuerySchema,
          response: { 200: successEnvelopeSchema(conversationListSchema) },
        },
      },
      async (request) => {
        const { rows, total } = await conversationList(db, principalOf(request), request.query);
        const { page, limit } = request.query;
        return ok({ conversations: rows.map(toConversationSummary), total, page, limit });
      },
    );

    routes.post(
      '/api/v1/conversations',
      {
        config: configForCourse,
        schema: {
          tags,
          security,
          summary: 'Start an empty conversation (its first question names it unless a title is given)',
          description: 'course_id must be a course you belong to (else 404 COURSE_NOT_FOUND).',
          body: createConversationRequestSchema,
          response: { 201: successEnvelopeSchema(conversationSummarySchema) },
        },
      },
      async (request, reply) => {
        const row = await createConversation(db, principalOf(request), request.body);
        return reply.status(201).send(ok(toConversationSummary(row)));
      },
    );

    routes.get(
      '/api/v1/conversations/:conversation_id',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'One of your conversations with its messages, oldest first',
          description: NOT_YOURS,
          params,
          response: { 200: successEnvelopeSchema(conversationDetailSchema) },
        },
      },
      async (request) => {
        const found = await conversationWithMessages(
          db,
          principalOf(request),
          request.params.conversation_id,
        );
        return ok(toConversationDetail(found.row, found.messages));
      },
    );

    routes.put(
      '/api/v1/conversations/:conversation_id',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Rename one of your conversations',
          description: NOT_YOURS,
          params,
          body: renameConversationRequestSchema,
          response: { 200: successEnvelopeSchema(conversationSummarySchema) },
        },
      },
      async (request) => {
        const row = await renameConversation(
          db,
          principalOf(request),
          request.params.conversation_id,
          request.body.title,
        );
        return ok(toConversationSummary(row));
      },
    );

    routes.delete(
      '/api/v1/conversations/:conversation_id',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Delete one of your conversations and its messages',
          description: NOT_YOURS,
          params,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await removeConversation(db, principalOf(request), request.params.conversation_id);
        return ok({ message: 'Conversation deleted' });
      },
    );
  };
}
