import {
  CLIENT_CLOSED_REQUEST_STATUS,
  chatResponseSchema,
  clientClosedRequestBody,
  gatewayChatRequestSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/access.js';
import type { BackendConfig } from '../config.js';
import { type ForwardCall, type ForwardTarget, forwardChat, forwardChatStream } from './ai-forwarder.js';
import { tutoringRoutes } from './tutoring.routes.js';

/** Aborts when the client goes away before its answer is complete. */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function forwardCallOf(request: FastifyRequest, body: ForwardCall['body'], reply: FastifyReply): ForwardCall {
  const principal = principalOf(request);
  return {
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

/** `POST /api/v1/ai/chat`: the AI tutor behind sign-in, a per-user rate limit and the gateway token. */
export function aiGatewayRoutes(config: BackendConfig) {
  const target: ForwardTarget = {
    aiServiceUrl: config.aiServiceUrl,
    gatewayToken: config.ai.gatewayToken,
    timeoutMs: config.ai.requestTimeoutMs,
  };
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/ai/chat',
      {
        config: {
          access: 'ai:use',
          rateLimit: {
            max: config.ai.rateLimitPerMinute,
            timeWindow: '1 minute',
            // Runs after the access hook, so the caller is known: one budget per user, not per address.
            keyGenerator: (request: FastifyRequest) => `ai:${request.principal?.userId ?? request.ip}`,
          },
        },
        schema: {
          tags: ['ai'],
          security: [{ bearerAuth: [] }],
          summary: 'Chat with the AI tutor; with stream=true the answer is server-sent events',
          description:
            'Modes: tutor, grader, polish, sim_tutor, formula_verify, problem_solver. `privacy: public` allows a ' +
            'fallback to the cloud model when the local one is down; the default, private, never leaves the local ' +
            'model. With `stream: true` the response is text/event-stream: start, delta (content), done or error, ' +
            'each event one JSON `data:` line.',
          body: gatewayChatRequestSchema,
          response: { 200: successEnvelopeSchema(chatResponseSchema) },
        },
      },
      async (request, reply) => {
        const call = forwardCallOf(request, request.body, reply);
        try {
          if (!request.body.stream) return ok(await forwardChat(target, call));
          await forwardChatStream(target, call, () => {
            reply.hijack();
            return reply.raw;
          });
          return reply;
        } catch (error) {
          if (!call.signal.aborted) throw error;
          // The client left: there is nobody to answer, and nothing went wrong on our side.
          if (reply.sent) return reply;
          return answerCallerGone(reply);
        }
      },
    );
    // Guided learning, writing analysis and chat with tools (issue 10).
    await app.register(tutoringRoutes(config, target, app.db));
  };
}
