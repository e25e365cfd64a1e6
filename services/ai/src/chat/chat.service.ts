import {
  AppError,
  type ChatRequest,
  type ChatResponse,
  type ChatRouteInfo,
  statusOf,
} from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig, UpstreamName } from '../config.js';
import { resolveMode, systemPrompts } from '../modes/modes.js';
import { decideRoute, type FailedAttempt, type RoutingDecision } from '../routing/router.js';
import { replyPieces, SIMULATED_MODEL, simulateReply } from '../simulated/simulate.js';
import type { LlmMessage, OpenedStream, UpstreamClient } from '../upstream/upstream-client.js';
import { CallerGone, UpstreamFailure } from '../upstream/upstream-errors.js';
import { now, RouteTrace, type TraceEnd } from './route-trace.js';
import type { SseWriter } from './sse.js';

export interface ChatDeps {
  config: AiConfig;
  upstreams: Partial<Record<UpstreamName, UpstreamClient>>;
}

export interface ChatContext {
  requestId: string;
  trusted: boolean;
  /** Raw X-AI-Privacy / X-AI-Route values; the router validates them. */
  headers: { privacy?: string | undefined; route?: string | undefined };
  /** Aborted when our caller disconnects. */
  signal: AbortSignal;
  /** The end user as the backend names them (X-User-Id / X-User-Role), for the decision log. */
  user: { id?: string | undefined; role?: string | undefined };
  log: FastifyBaseLogger;
}

/** One chat request on its way through the router: the attempts so far and the decision log. */
class ChatRun {
  readonly attempts: FailedAttempt[] = [];
  lastFailure: UpstreamFailure | undefined;
  readonly trace: RouteTrace;
  readonly mode: ReturnType<typeof resolveMode>;
  readonly messages: LlmMessage[];

  constructor(
    readonly deps: ChatDeps,
    readonly request: ChatRequest,
    readonly ctx: ChatContext,
  ) {
    this.mode = resolveMode(request.mode);
    this.messages = [{ role: 'system', content: systemPrompts[this.mode.mode] }, ...request.messages];
    this.trace = new RouteTrace(ctx.log, RouteTrace.inputsOf(request, deps.config, ctx));
  }

  decide(): RoutingDecision {
    const { llm, isProduction } = this.deps.config;
    return decideRoute({
      policy: llm.policy,
      production: isProduction,
      cloudFallbackNonprod: llm.cloudFallbackNonprod,
      trusted: this.ctx.trusted,
      body: { privacy: this.request.privacy, route: this.request.route },
      headers: this.ctx.headers,
      ready: {
        local: this.deps.upstreams.local !== undefined,
        cloud: this.deps.upstreams.cloud !== undefined,
      },
      attempts: this.attempts,
    });
  }

  /** Turns a reject/fail decision into the error to answer with, after logging it. */
  errorOf(decision: Extract<RoutingDecision, { action: 'reject' | 'fail' }>): AppError {
    const details = decision.action === 'fail' ? this.lastFailure?.detail : undefined;
    this.trace.finish({
      decision: decision.action,
      upstream: this.lastFailure?.upstream,
      status: statusOf(decision.code),
      outcome: decision.action === 'reject' ? 'rejected' : 'upstream_error',
      reason: decision.reason,
    });
    return new AppError(decision.code, decision.reason, details === undefined ? {} : { details });
  }

  failed(failure: UpstreamFailure, startedAt: number, afterFirstToken: boolean): void {
    this.trace.attempt(failure.upstream, failure.kind, startedAt, failure.detail);
    this.attempts.push({ upstream: failure.upstream, failure: failure.kind, afterFirstToken });
    this.lastFailure = failure;
  }

  clientGone(decision: TraceEnd['decision'], upstream: string | undefined, status: number): void {
    this.trace.finish({ decision, upstream, status, outcome: 'client_gone' });
  }
}

function routeInfo(upstream: ChatRouteInfo['upstream'], fallbackReason?: string): ChatRouteInfo {
  return { upstream, ...(fallbackReason === undefined ? {} : { fallback_reason: fallbackReason }) };
}

/** `POST /v1/chat` without streaming: the whole answer in the envelope. */
export async function answerChat(
  deps: ChatDeps,
  request: ChatRequest,
  ctx: ChatContext,
): Promise<ChatResponse> {
  const run = new ChatRun(deps, request, ctx);
  for (;;) {
    const decision = run.decide();
    if (decision.action === 'reject' || decision.action === 'fail') throw run.errorOf(decision);
    if (decision.action === 'simulate') {
      const reply = simulateReply(run.mode.mode, request.messages);
      run.trace.finish({ decision: 'simulate', upstream: 'simulated', status: 200, outcome: 'completed' });
      return { reply, model: SIMULATED_MODEL, mode: run.mode.requested, route: routeInfo('simulated') };
    }
    const startedAt = now();
    try {
      const completion = await deps.upstreams[decision.upstream]!.complete(run.messages, ctx);
      run.trace.attempt(decision.upstream, 'ok', startedAt);
      run.trace.finish({
        decision: 'call',
        upstream: decision.upstream,
        fallbackReason: decision.fallbackReason,
        status: 200,
        outcome: 'completed',
      });
      return {
        reply: completion.reply,
        model: completion.model,
        mode: run.mode.requested,
        ...(completion.usage ? { usage: completion.usage } : {}),
        route: routeInfo(decision.upstream, decision.fallbackReason),
      };
    } catch (error) {
      if (error instanceof CallerGone) run.clientGone('call', decision.upstream, 499);
      if (!(error instanceof UpstreamFailure)) throw error;
      run.failed(error, startedAt, false);
    }
  }
}

async function streamSimulated(run: ChatRun, sse: SseWriter): Promise<void> {
  const reply = simulateReply(run.mode.mode, run.request.messages);
  sse.open();
  await sse.send({
    type: 'start',
    model: SIMULATED_MODEL,
    mode: run.mode.requested,
    route: routeInfo('simulated'),
  });
  run.trace.firstToken();
  for (const content of replyPieces(reply)) {
    if (!sse.writable) return run.clientGone('simulate', 'simulated', 200);
    await sse.send({ type: 'delta', content });
  }
  await sse.send({ type: 'done', finish_reason: 'stop' });
  run.trace.finish({ decision: 'simulate', upstream: 'simulated', status: 200, outcome: 'completed' });
}

/**
 * `POST /v1/chat` with `stream: true`. Until the upstream's first chunk arrives nothing is
 * written, so the router may still fall back and errors are ordinary JSON errors; from the
 * first chunk on, the answer belongs to that upstream and a failure is an `error` event.
 */
export async function streamChat(
  deps: ChatDeps,
  request: ChatRequest,
  ctx: ChatContext,
  sse: SseWriter,
): Promise<void> {
  const run = new ChatRun(deps, request, ctx);
  for (;;) {
    const decision = run.decide();
    if (decision.action === 'reject' || decision.action === 'fail') throw run.errorOf(decision);
    if (decision.action === 'simulate') return streamSimulated(run, sse);
    const upstream = decision.upstream;
    const startedAt = now();
    let opened: OpenedStream;
    try {
      opened = await deps.upstreams[upstream]!.stream(run.messages, ctx);
    } catch (error) {
      if (error instanceof CallerGone) return run.clientGone('call', upstream, 499);
      if (!(error instanceof UpstreamFailure)) throw error;
      run.failed(error, startedAt, false);
      continue;
    }
    try {
      return await relayStream(run, sse, opened, upstream, decision.fallbackReason, startedAt);
    } finally {
      // However the relay ended (done, error, caller gone), the upstream request ends with it.
      opened.release();
    }
  }
}

/** Relays an opened upstream stream to the caller; the upstream is committed from here on. */
async function relayStream(
  run: ChatRun,
  sse: SseWriter,
  opened: OpenedStream,
  upstream: UpstreamName,
  fallbackReason: string | undefined,
  startedAt: number,
): Promise<void> {
  run.trace.firstToken();
  sse.open();
  await sse.send({
    type: 'start',
    model: opened.model,
    mode: run.mode.requested,
    route: routeInfo(upstream, fallbackReason),
  });
  // Usage may come in its own chunk after the one with the finish reason.
  let finishReason = opened.first.finishReason;
  let usage = opened.first.usage;
  try {
    if (opened.first.content) await sse.send({ type: 'delta', content: opened.first.content });
    for await (const piece of opened.rest) {
      if (!sse.writable) break;
      finishReason = piece.finishReason ?? finishReason;
      usage = piece.usage ?? usage;
      if (piece.content) await sse.send({ type: 'delta', content: piece.content });
    }
  } catch (error) {
    if (error instanceof CallerGone) return run.clientGone('call', upstream, 200);
    if (!(error instanceof UpstreamFailure)) throw error;
    run.failed(error, startedAt, true);
    const after = run.decide();
    // The router never switches after the first token; an error event is all that is left.
    const code = after.action === 'fail' ? after.code : 'UPSTREAM_UNAVAILABLE';
    const message = after.action === 'fail' ? after.reason : error.message;
    await sse.send({ type: 'error', code, message: `${message}: ${error.detail}` });
    run.trace.finish({
      decision: 'call',
      upstream,
      fallbackReason: fallbackReason,
      status: 200,
      outcome: 'upstream_error',
      reason: message,
    });
    return;
  }
  if (!sse.writable) return run.clientGone('call', upstream, 200);
  await sse.send({ type: 'done', finish_reason: finishReason ?? 'stop', ...(usage ? { usage } : {}) });
  run.trace.finish({
    decision: 'call',
    upstream,
    fallbackReason: fallbackReason,
    status: 200,
    outcome: 'completed',
  });
}
