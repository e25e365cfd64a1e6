import {
  type ChatRequest,
  CLIENT_CLOSED_REQUEST_STATUS,
  chatRequestSchema,
  chatResponseSchema,
  clientClosedRequestBody,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import { REQUEST_ID_HEADER, type ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CallerGone } from '../upstream/upstream-errors.js';
import { answerChat, type ChatContext, type ChatDeps, type ChatOptions } from './chat.service.js';
import { streamChat } from './chat-stream.js';
import { SseWriter } from './sse.js';

export const PRIVACY_HEADER = 'x-ai-privacy';
export const ROUTE_HEADER = 'x-ai-route';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  // A repeated header is ambiguous; joined, it fails the router's check with a clear message.
  return Array.isArray(value) ? value.join(',') : value;
}

/** An AbortSignal that fires when the caller disconnects before the answer is complete. */
function callerSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function contextOf(request: FastifyRequest, reply: FastifyReply): ChatContext {
  return {
    requestId: request.id,
    trusted: request.trusted,
    headers: { privacy: headerValue(request, PRIVACY_HEADER), route: headerValue(request, ROUTE_HEADER) },
    signal: callerSignal(reply),
    user: { id: headerValue(request, 'x-user-id'), role: headerValue(request, 'x-user-role') },
    log: request.log,
  };
}

/** The caller hung up before its answer: finish the request (499) rather than abandon it. */
function answerCallerGone(reply: FastifyReply): FastifyReply {
  return reply.status(CLIENT_CLOSED_REQUEST_STATUS).send(clientClosedRequestBody);
}

/** One chat request, answered whole or streamed; `options.retrieval` forces retrieval (hybrid). */
async function handleChat(
  deps: ChatDeps,
  request: FastifyRequest,
  body: ChatRequest,
  reply: FastifyReply,
  options: ChatOptions,
) {
  const ctx = contextOf(request, reply);
  if (!body.stream) {
    try {
      return ok(await answerChat(deps, body, ctx, options));
    } catch (error) {
      if (!(error instanceof CallerGone)) throw error;
      return answerCallerGone(reply);
    }
  }
  // From the first event on, the response is ours, not Fastify's.
  const sse = new SseWriter(reply.raw, { [REQUEST_ID_HEADER]: request.id }, () => reply.hijack());
  try {
    await streamChat(deps, body, ctx, sse, options);
  } catch (error) {
    // Until the stream opens, errors go through Fastify's handler as JSON.
    if (!sse.isOpen) {
      if (error instanceof CallerGone) return answerCallerGone(reply);
      throw error;
    }
    request.log.error({ err: error }, 'stream failed after it started');
    await sse.send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Internal server error' });
  }
  // The caller left before the first token.
  if (!sse.isOpen) return answerCallerGone(reply);
  sse.end();
  return reply;
}

export function chatRoutes(deps: ChatDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/v1/chat',
      {
        config: {
          errors: ['ROUTING_FORBIDDEN', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags: ['chat'],
          summary: 'Chat in one of the modes; with stream=true the answer is server-sent events',
          description:
            'Modes: tutor, grader, polish, sim_tutor, formula_verify, problem_solver; append _rag (tutor_rag) to ' +
            'answer from the course material with `citations` ([n] in the reply is citations[n-1]; with course_id ' +
            'that course’s documents too; a blank question is a 400, retrieval unavailable a 503). Routing: body ' +
            '`privacy` and `route`, or the X-AI-Privacy / X-AI-Route headers (both must agree). With `stream: true` ' +
            'the response is text/event-stream with events start, citations (retrieval only), delta, done or ' +
            'error, each one JSON data line. With a model, tutor and problem_solver may call the tools of ' +
            '/v1/chat_with_tools (at most CHAT_MAX_TOOL_CALLS): each one is a `tool` event (call and result) ' +
            'between the deltas, and tool_calls / tool_results in a non-streamed answer.',
          body: chatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => handleChat(deps, request, request.body, reply, {}),
    );
    routes.post(
      '/v1/chat/hybrid',
      {
        config: {
          errors: ['ROUTING_FORBIDDEN', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags: ['chat', 'retrieval'],
          summary: 'Chat from the course material with hybrid (keyword + vector) retrieval',
          description:
            'As POST /v1/chat with retrieval always on (mode tutor or tutor_rag alike): keyword and vector ' +
            'results fused by reciprocal rank fusion, expanded over the graph, re-ranked; the answer cites [n] ' +
            'and carries `citations`. Streams like /v1/chat, with a citations event after start.',
          body: chatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => handleChat(deps, request, request.body, reply, { retrieval: 'hybrid' }),
    );
  };
}
