import {
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
import { answerChat, type ChatContext, type ChatDeps, streamChat } from './chat.service.js';
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

export function chatRoutes(deps: ChatDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/chat',
      {
        schema: {
          tags: ['chat'],
          summary: 'Chat in one of the modes; with stream=true the answer is server-sent events',
          description:
            'Modes: tutor, grader, polish, sim_tutor, formula_verify, problem_solver. Routing: body `privacy` and ' +
            '`route`, or the X-AI-Privacy / X-AI-Route headers (both must agree). With `stream: true` the ' +
            'response is text/event-stream with events start, delta, done or error, each one JSON data line.',
          body: chatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request, reply);
        if (!request.body.stream) {
          try {
            return ok(await answerChat(deps, request.body, ctx));
          } catch (error) {
            if (!(error instanceof CallerGone)) throw error;
            return answerCallerGone(reply);
          }
        }
        // From the first event on, the response is ours, not Fastify's.
        const sse = new SseWriter(reply.raw, { [REQUEST_ID_HEADER]: request.id }, () => reply.hijack());
        try {
          await streamChat(deps, request.body, ctx, sse);
        } catch (error) {
          // Until the stream opens, errors go through Fastify's handler as JSON.
          if (!sse.isOpen) throw error;
          request.log.error({ err: error }, 'stream failed after it started');
          await sse.send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Internal server error' });
        }
        // The caller left before the first token.
        if (!sse.isOpen) return answerCallerGone(reply);
        sse.end();
        return reply;
      },
    );
  };
}
