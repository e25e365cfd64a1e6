import {
  CLIENT_CLOSED_REQUEST_STATUS,
  chatResponseSchema,
  clientClosedRequestBody,
  ok,
  type RecordedChatRequest,
  recordedChatRequestSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/access.js';
import type { BackendConfig } from '../config.js';
import { recordExchange } from '../conversations/conversations.service.js';
import { accessCourse } from '../courses/course-access.js';
import { isoNow } from '../shared/time.js';
import {
  type ChatPath,
  type ForwardCall,
  type ForwardTarget,
  forwardChat,
  forwardChatStream,
} from './ai-forwarder.js';
import { conversationOf, recordQuietly } from './conversation-recording.js';
import { StreamTranscript } from './stream-transcript.js';
import { tutoringRoutes } from './tutoring.routes.js';

/** Aborts when the client goes away before its answer is complete. */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function forwardCallOf(
  request: FastifyRequest,
  path: ChatPath,
  body: ForwardCall['body'],
  reply: FastifyReply,
): ForwardCall {
  const principal = principalOf(request);
  return {
    path,
    body,
    requestId: request.id,
    user: { userId: principal.userId, role: principal.role },
    signal: clientGoneSignal(reply),
    log: request.log,
  };
}

/** The caller hung up before its answer: finish the request (499) rather than abandon it. */
function answerCallerGone(reply: FastifyReply): FastifyReply {
  return reply.status(CLIENT_CLOSED_REQUEST_STATUS).send(clientClosedRequestBody);
}

const CHAT_DESCRIPTION =
  'Modes: tutor, grader, polish, sim_tutor, formula_verify, problem_solver; append _rag (tutor_rag) to answer ' +
  'from the course notes with `citations` [{n, source, section, text, score}] ([n] in the reply). course_id must ' +
  'be a course you belong to (else 404 COURSE_NOT_FOUND); retrieval then also searches its uploaded text ' +
  'resources. `privacy: public` allows a fallback to the cloud model when the local one is down; the default, ' +
  'private, never leaves the local model. With `stream: true` the response is text/event-stream: start, ' +
  'citations (retrieval only), delta (content), tool (a tool the model ran, tutor and problem_solver with a ' +
  'model), done or error, each event one JSON `data:` line. With ' +
  'conversation_id (one of yours, else 404 CONVERSATION_NOT_FOUND) the question and the answer are recorded ' +
  'there; a streamed answer is recorded as far as it got (status stopped when you left, failed when it broke off).';

/**
 * `POST /api/v1/ai/chat` and `/api/v1/ai/chat/hybrid`: the AI tutor behind sign-in, a per-user
 * rate limit and the gateway token.
 */
export function aiGatewayRoutes(config: BackendConfig) {
  const target: ForwardTarget = {
    aiServiceUrl: config.aiServiceUrl,
    gatewayToken: config.ai.gatewayToken,
    timeoutMs: config.ai.requestTimeoutMs,
  };
  const routeConfig = {
    access: 'ai:use' as const,
    rateLimit: {
      max: config.ai.rateLimitPerMinute,
      timeWindow: '1 minute',
      // Runs after the access hook, so the caller is known: one budget per user, not per address.
      keyGenerator: (request: FastifyRequest) => `ai:${request.principal?.userId ?? request.ip}`,
    },
  };
  return async (app: FastifyInstance): Promise<void> => {
    async function handle(
      request: FastifyRequest,
      body: RecordedChatRequest,
      reply: FastifyReply,
      path: ChatPath,
    ) {
      const { conversation_id, ...aiBody } = body;
      // Both checked before the AI service is asked anything.
      const conversation = await conversationOf(app.db, request, conversation_id);
      // Retrieval scopes by course: only a member may search (and be answered from) its material.
      if (aiBody.course_id !== undefined) await accessCourse(app.db, principalOf(request), aiBody.course_id);
      const call = forwardCallOf(request, path, aiBody, reply);
      const exchange = {
        question: aiBody.messages.at(-1)?.content ?? '',
        askedAt: isoNow(),
        mode: aiBody.mode,
        courseId: aiBody.course_id,
      };
      const transcript = new StreamTranscript();
      let streaming = false;
      let recorded = false;
      // Once the stream has begun, what arrived is kept, however it ended (a stopped answer too).
      const recordStream = async () => {
        if (!conversation || !streaming || recorded) return;
        recorded = true;
        await recordQuietly(request, () =>
          recordExchange(app.db, conversation, {
            ...exchange,
            answer: {
              content: transcript.content,
              status: transcript.status(call.signal.aborted),
              citations: transcript.citations,
              ...(transcript.tools.tool_calls.length > 0 ? { tools: transcript.tools } : {}),
            },
          }),
        );
      };
      try {
        if (!aiBody.stream) {
          const answer = await forwardChat(target, call);
          if (conversation) {
            await recordExchange(app.db, conversation, {
              ...exchange,
              answer: {
                content: answer.reply,
                status: 'complete',
                citations: answer.citations ?? [],
                ...(answer.tool_calls
                  ? { tools: { tool_calls: answer.tool_calls, tool_results: answer.tool_results ?? [] } }
                  : {}),
              },
            });
          }
          return ok(answer);
        }
        const takeOver = () => {
          streaming = true;
          reply.hijack();
          return reply.raw;
        };
        await forwardChatStream(target, call, takeOver, transcript.observe, recordStream);
        return reply;
      } catch (error) {
        if (!call.signal.aborted) throw error;
        // The client left: there is nobody to answer, and nothing went wrong on our side.
        if (reply.sent) return reply;
        return answerCallerGone(reply);
      } finally {
        // A stream the caller left ends without reaching beforeEnd: recorded here instead.
        await recordStream();
      }
    }

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/v1/ai/chat',
      {
        config: {
          ...routeConfig,
          errors: [
            'COURSE_NOT_FOUND',
            'CONVERSATION_NOT_FOUND',
            'ROUTING_FORBIDDEN',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary: 'Chat with the AI tutor; with stream=true the answer is server-sent events',
          description: CHAT_DESCRIPTION,
          body: recordedChatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => handle(request, request.body, reply, '/v1/chat'),
    );
    routes.post(
      '/api/v1/ai/chat/hybrid',
      {
        config: {
          ...routeConfig,
          errors: [
            'COURSE_NOT_FOUND',
            'CONVERSATION_NOT_FOUND',
            'ROUTING_FORBIDDEN',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary: 'Chat from the course notes with hybrid (keyword + vector) retrieval',
          description:
            'As POST /api/v1/ai/chat with retrieval always on, whatever the mode: keyword and vector search fused, ' +
            'expanded over the concept graph, and the answer cites [n] with `citations`. ' +
            CHAT_DESCRIPTION,
          body: recordedChatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => handle(request, request.body, reply, '/v1/chat/hybrid'),
    );
    // Guided learning, writing analysis and chat with tools.
    await app.register(tutoringRoutes(config, target, app.db));
  };
}
