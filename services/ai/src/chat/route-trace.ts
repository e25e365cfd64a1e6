import { performance } from 'node:perf_hooks';
import type { ChatRequest } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../config.js';
import type { ChatContext } from './chat.service.js';

interface AttemptRecord {
  upstream: string;
  outcome: string;
  latency_ms: number;
  detail?: string;
}

export interface TraceEnd {
  decision: 'simulate' | 'call' | 'reject' | 'fail';
  upstream?: string | undefined;
  fallbackReason?: string | undefined;
  /** HTTP status of the answer; a stream that started is 200 whatever happened later. */
  status: number;
  /** For streams: completed, upstream_error or client_gone. */
  outcome: string;
  reason?: string;
}

/**
 * Collects what the router decided and what each attempt did, and writes it as ONE structured
 * log line when the request is settled (docs/adr/0036). The request logger adds `request_id`.
 */
export class RouteTrace {
  private readonly started = performance.now();
  private firstTokenMs: number | undefined;
  private readonly attempts: AttemptRecord[] = [];
  private finished = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly inputs: Record<string, unknown>,
  ) {}

  static inputsOf(
    request: ChatRequest,
    config: AiConfig,
    ctx: Pick<ChatContext, 'trusted' | 'headers' | 'user'>,
  ): Record<string, unknown> {
    const { headers } = ctx;
    return {
      mode: request.mode,
      stream: request.stream,
      trusted: ctx.trusted,
      user_id: ctx.user.id ?? null,
      user_role: ctx.user.role ?? null,
      privacy: request.privacy ?? null,
      route: request.route ?? null,
      header_privacy: headers.privacy ?? null,
      header_route: headers.route ?? null,
      course_id: request.course_id ?? null,
      policy: config.llm.policy,
      production: config.isProduction,
      cloud_fallback_nonprod: config.llm.cloudFallbackNonprod,
      ready_local: config.llm.local !== undefined,
      ready_cloud: config.llm.cloud !== undefined,
    };
  }

  elapsedMs(): number {
    return Math.round(performance.now() - this.started);
  }

  firstToken(): void {
    this.firstTokenMs ??= this.elapsedMs();
  }

  attempt(upstream: string, outcome: string, startedAt: number, detail?: string): void {
    this.attempts.push({
      upstream,
      outcome,
      latency_ms: Math.round(performance.now() - startedAt),
      ...(detail === undefined ? {} : { detail }),
    });
  }

  finish(end: TraceEnd): void {
    if (this.finished) return;
    this.finished = true;
    this.log.info(
      {
        event: 'llm_route',
        inputs: this.inputs,
        decision: end.decision,
        upstream: end.upstream ?? null,
        fallback_reason: end.fallbackReason ?? null,
        status: end.status,
        outcome: end.outcome,
        ...(end.reason === undefined ? {} : { reason: end.reason }),
        attempts: this.attempts,
        latency_ms: this.elapsedMs(),
        first_token_ms: this.firstTokenMs ?? null,
      },
      'llm route decision',
    );
  }
}

export const now = (): number => performance.now();
