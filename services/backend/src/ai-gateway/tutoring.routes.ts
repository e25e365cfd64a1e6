import {
  AppError,
  CLIENT_CLOSED_REQUEST_STATUS,
  clientClosedRequestBody,
  type GuidedChatResponse,
  gatewayGuidedChatRequestSchema,
  guidedChatResponseSchema,
  ok,
  recordedToolChatRequestSchema,
  successEnvelopeSchema,
  TOOLS_CHAT_MODE,
  type ToolChatResponse,
  toolChatResponseSchema,
  writingAnalysisRequestSchema,
  writingAnalysisResponseSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/access.js';
import type { BackendConfig } from '../config.js';
import { recordExchange, recordGuidedTurn } from '../conversations/conversations.service.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import type { ForwardTarget } from './ai-forwarder.js';
import { conversationOf } from './conversation-recording.js';
import { forwardToAi } from './tutoring-forwarder.js';

/**
 * `/api/v1/ai/chat/guided`, `/api/v1/ai/writing/analyze` and `/api/v1/ai/chat_with_tools`:
 * the AI service's tutoring routes behind sign-in (`ai:use`), the per-user rate limit and the
 * gateway token. The user is always the token's: a guided session's `user_id` is filled in
 * here, and a body that names somebody else is refused rather than silently rewritten.
 */
export function tutoringRoutes(config: BackendConfig, target: ForwardTarget, db: Db) {
  const routeConfig = {
    access: 'ai:use' as const,
    rateLimit: {
      max: config.ai.rateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `ai:${request.principal?.userId ?? request.ip}`,
    },
  };

  async function forward<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    body: unknown,
    /** Runs with the AI service's answer before it is sent (recording it in a conversation). */
    keep?: (answer: T) => Promise<void>,
  ) {
    const principal = principalOf(request);
    const controller = new AbortController();
    // The client left: the AI service's request (and its upstream call) is aborted with it.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    try {
      const answer = await forwardToAi<T>(target, {
        path,
        body,
        requestId: request.id,
        user: { userId: principal.userId, role: principal.role },
        signal: controller.signal,
        log: request.log,
      });
      await keep?.(answer);
      return ok(answer);
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      return reply.status(CLIENT_CLOSED_REQUEST_STATUS).send(clientClosedRequestBody);
    }
  }

  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/v1/ai/chat/guided',
      {
        config: {
          ...routeConfig,
          errors: [
            'COURSE_NOT_FOUND',
            'SESSION_NOT_FOUND',
            'EXERCISE_ANSWER_INVALID',
            'ROUTING_FORBIDDEN',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary: 'A turn of a guided learning session on a topic of one of your courses',
          description:
            'Omit session_id to start a session; the answer carries the session_id to continue it. The session ' +
            'belongs to the signed-in user (user_id comes from the token; a body user_id other than yours is a 400). ' +
            'course_id must be a course you belong to (else 404 COURSE_NOT_FOUND). Another user’s or an expired ' +
            'session answers 404 SESSION_NOT_FOUND. Every turn is recorded in a guided conversation of yours (created by ' +
            'the first turn), whose latest state GET /api/v1/conversations/{id} returns for resuming. Each step is ' +
            'passed by checked answers to its exercises: send the current `exercise`’s answer as `answer` (a typed ' +
            'answer that cannot be read is a 400 EXERCISE_ANSWER_INVALID, not an attempt).',
          body: gatewayGuidedChatRequestSchema,
          response: { 200: successEnvelopeSchema(guidedChatResponseSchema) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (request.body.user_id !== undefined && request.body.user_id !== principal.userId) {
          throw new AppError('VALIDATION_ERROR', 'user_id names another user', {
            details: 'user_id: omit it (the token says who you are) or send your own id',
          });
        }
        if (request.body.course_id !== undefined) await accessCourse(db, principal, request.body.course_id);
        const turn = {
          question: request.body.messages.at(-1)?.content ?? '',
          askedAt: isoNow(),
          courseId: request.body.course_id,
        };
        return forward<GuidedChatResponse>(
          request,
          reply,
          '/v1/chat/guided',
          { ...request.body, user_id: principal.userId },
          (answer) => recordGuidedTurn(db, principal, { ...turn, answer }),
        );
      },
    );
    routes.post(
      '/api/v1/ai/writing/analyze',
      {
        config: {
          ...routeConfig,
          errors: ['ROUTING_FORBIDDEN', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary: 'Analyse a piece of academic writing against the rubric of its type',
          description:
            'Types: literature_review, course_paper, thesis, abstract, lab_report. Overall score, per-dimension ' +
            'scores with weights and comments, strengths, improvements pointing at sentences or paragraphs, and ' +
            'measured facts. Empty or too short text: 400 VALIDATION_ERROR.',
          body: writingAnalysisRequestSchema,
          response: { 200: successEnvelopeSchema(writingAnalysisResponseSchema) },
        },
      },
      async (request, reply) => forward(request, reply, '/v1/writing/analyze', request.body),
    );
    routes.post(
      '/api/v1/ai/chat_with_tools',
      {
        config: {
          ...routeConfig,
          errors: [
            'CONVERSATION_NOT_FOUND',
            'COURSE_NOT_FOUND',
            'ROUTING_FORBIDDEN',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary:
            'Chat where the tutor may run simulations, calculate, convert units and search course notes',
          description:
            'Returns the reply plus every tool call and its result. At most max_tool_calls tools run (default 5, ' +
            'at most 10). With course_id (a course you belong to) the course search also sees that course’s material. ' +
            'With conversation_id (one of yours) the question and the answer with its tool calls are recorded there.',
          body: recordedToolChatRequestSchema,
          response: { 200: successEnvelopeSchema(toolChatResponseSchema) },
        },
      },
      async (request, reply) => {
        const { conversation_id, ...body } = request.body;
        const conversation = await conversationOf(db, request, conversation_id);
        if (body.course_id !== undefined) await accessCourse(db, principalOf(request), body.course_id);
        const exchange = {
          question: body.messages.at(-1)?.content ?? '',
          askedAt: isoNow(),
          mode: TOOLS_CHAT_MODE,
          courseId: body.course_id,
        };
        return forward<ToolChatResponse>(request, reply, '/v1/chat_with_tools', body, async (answer) => {
          if (!conversation) return;
          await recordExchange(db, conversation, {
            ...exchange,
            answer: {
              content: answer.reply,
              status: 'complete',
              tools: { tool_calls: answer.tool_calls, tool_results: answer.tool_results },
            },
          });
        });
      },
    );
  };
}
