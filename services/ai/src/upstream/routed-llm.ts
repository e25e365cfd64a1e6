import {
  AppError,
  type ChatPrivacy,
  CLIENT_CLOSED_REQUEST_STATUS,
  clientClosedRequestBody,
  statusOf,
} from '@faraday/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatContext, ChatDeps } from '../chat/chat.service.js';
import { now, RouteTrace } from '../chat/route-trace.js';
import { decideRoute, type FailedAttempt, type RoutingDecision } from '../routing/router.js';
import type { AssistantTurn, ConversationMessage, ToolSpec } from './assistant-turn.js';
import { CallerGone, UpstreamFailure } from './upstream-errors.js';

/**
 * The tutoring routes' way to the language model: every call goes through the same router as
 * `/v1/chat` (privacy, trust, fallback), the same client (timeouts, error mapping) and leaves
 * the same one-line decision log. A route may make several calls (tool rounds, a JSON repair);
 * each is routed and logged on its own, so a fallback in round two is visible as such.
 */
export interface RoutedRequest {
  /** Names the feature in the decision log, where `/v1/chat` puts its mode. */
  kind: string;
  privacy?: ChatPrivacy | undefined;
  courseId?: string | undefined;
}

export class RoutedLlm {
  /** The model that gave the last answer. */
  model = 'simulated';

  constructor(
    private readonly deps: ChatDeps,
    private readonly ctx: ChatContext,
    private readonly request: RoutedRequest,
  ) {}

  private decide(attempts: readonly FailedAttempt[]): RoutingDecision {
    const { llm, isProduction } = this.deps.config;
    return decideRoute({
      policy: llm.policy,
      production: isProduction,
      cloudFallbackNonprod: llm.cloudFallbackNonprod,
      trusted: this.ctx.trusted,
      body: { privacy: this.request.privacy, route: undefined },
      headers: this.ctx.headers,
      ready: {
        local: this.deps.upstreams.local !== undefined,
        cloud: this.deps.upstreams.cloud !== undefined,
      },
      attempts,
    });
  }

  /**
   * True when no upstream is configured (simulated mode). A request the router refuses
   * (public from an untrusted caller, contradictory headers) is refused here, before any work.
   */
  isSimulated(): boolean {
    const decision = this.decide([]);
    if (decision.action === 'reject' || decision.action === 'simulate') {
      // Calls log themselves; a request that makes none still leaves its one decision line.
      new RouteTrace(this.ctx.log, this.inputs()).finish(
        decision.action === 'reject'
          ? {
              decision: 'reject',
              status: statusOf(decision.code),
              outcome: 'rejected',
              reason: decision.reason,
            }
          : { decision: 'simulate', upstream: 'simulated', status: 200, outcome: 'completed' },
      );
    }
    if (decision.action === 'reject') throw new AppError(decision.code, decision.reason);
    return decision.action === 'simulate';
  }

  private inputs(): Record<string, unknown> {
    const { config } = this.deps;
    return {
      mode: this.request.kind,
      stream: false,
      trusted: this.ctx.trusted,
      user_id: this.ctx.user.id ?? null,
      user_role: this.ctx.user.role ?? null,
      privacy: this.request.privacy ?? null,
      route: null,
      header_privacy: this.ctx.headers.privacy ?? null,
      header_route: this.ctx.headers.route ?? null,
      course_id: this.request.courseId ?? null,
      policy: config.llm.policy,
      production: config.isProduction,
      cloud_fallback_nonprod: config.llm.cloudFallbackNonprod,
      ready_local: config.llm.local !== undefined,
      ready_cloud: config.llm.cloud !== undefined,
    };
  }

  /** One model answer (text and/or tool calls), with the router's fallback between attempts. */
  async converse(messages: ConversationMessage[], tools?: ToolSpec[]): Promise<AssistantTurn> {
    const trace = new RouteTrace(this.ctx.log, this.inputs());
    const attempts: FailedAttempt[] = [];
    let lastFailure: UpstreamFailure | undefined;
    for (;;) {
      const decision = this.decide(attempts);
      if (decision.action === 'reject' || decision.action === 'fail') {
        const details = decision.action === 'fail' ? lastFailure?.detail : undefined;
        trace.finish({
          decision: decision.action,
          upstream: lastFailure?.upstream,
          status: statusOf(decision.code),
          outcome: decision.action === 'reject' ? 'rejected' : 'upstream_error',
          reason: decision.reason,
        });
        throw new AppError(decision.code, decision.reason, details === undefined ? {} : { details });
      }
      if (decision.action === 'simulate') {
        // Callers check isSimulated() first; reaching this is a bug, not a user error.
        throw new Error('RoutedLlm.converse called in simulated mode');
      }
      const startedAt = now();
      try {
        const turn = await this.deps.upstreams[decision.upstream]!.converse(messages, this.ctx, tools);
        trace.attempt(decision.upstream, 'ok', startedAt);
        trace.finish({
          decision: 'call',
          upstream: decision.upstream,
          fallbackReason: decision.fallbackReason,
          status: 200,
          outcome: 'completed',
        });
        this.model = turn.model;
        return turn;
      } catch (error) {
        if (error instanceof CallerGone) {
          trace.finish({
            decision: 'call',
            upstream: decision.upstream,
            status: 499,
            outcome: 'client_gone',
          });
        }
        if (!(error instanceof UpstreamFailure)) throw error;
        trace.attempt(error.upstream, error.kind, startedAt, error.detail);
        attempts.push({ upstream: error.upstream, failure: error.kind, afterFirstToken: false });
        lastFailure = error;
      }
    }
  }

  /** A plain text answer. */
  async text(messages: ConversationMessage[]): Promise<string> {
    const turn = await this.converse(messages);
    return turn.content ?? '';
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** What the router and the decision log need to know about the HTTP request. */
export function llmContextOf(request: FastifyRequest, reply: FastifyReply): ChatContext {
  const controller = new AbortController();
  // The caller hung up before the answer was complete: the upstream call is aborted with it.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return {
    requestId: request.id,
    trusted: request.trusted,
    headers: { privacy: headerValue(request, 'x-ai-privacy'), route: headerValue(request, 'x-ai-route') },
    signal: controller.signal,
    user: { id: headerValue(request, 'x-user-id'), role: headerValue(request, 'x-user-role') },
    log: request.log,
  };
}

/** The caller hung up before its answer: finish the request (499) rather than abandon it. */
export function answerCallerGone(reply: FastifyReply): FastifyReply {
  return reply.status(CLIENT_CLOSED_REQUEST_STATUS).send(clientClosedRequestBody);
}
