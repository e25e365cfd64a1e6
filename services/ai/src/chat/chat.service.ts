import {
  AppError,
  type ChatCitation,
  type ChatRequest,
  type ChatResponse,
  type ChatRouteInfo,
  statusOf,
} from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig, UpstreamName } from '../config.js';
import { disagreement, knowledgeContext } from '../knowledge/model-check.js';
import { leadWithKnowledge } from '../knowledge/rag-lead.js';
import { resolveMode, systemPrompts } from '../modes/modes.js';
import { checkCitedReply, StreamedCitationFilter } from '../retrieval/cited-reply.js';
import {
  type RetrievalGate,
  type RetrievalResult,
  retrieveForChat,
  withRetrievedContext,
} from '../retrieval/index.js';
import { decideRoute, type FailedAttempt, type RoutingDecision } from '../routing/router.js';
import { replyPieces, SIMULATED_MODEL, simulateReply } from '../simulated/simulate.js';
import type { LlmMessage, OpenedStream, UpstreamClient } from '../upstream/upstream-client.js';
import { CallerGone, UpstreamFailure } from '../upstream/upstream-errors.js';
import { now, RouteTrace, type TraceEnd } from './route-trace.js';
import type { SseWriter } from './sse.js';

export interface ChatDeps {
  config: AiConfig;
  upstreams: Partial<Record<UpstreamName, UpstreamClient>>;
  /** Retrieval for `<mode>_rag` and `/v1/chat/hybrid` (ready, disabled or unavailable). */
  retrieval: RetrievalGate;
}

/** How a chat retrieves: `graph` for `<mode>_rag`, `hybrid` for `/v1/chat/hybrid`. */
export interface ChatOptions {
  /** Retrieve with this method whatever the mode says (`/v1/chat/hybrid`). */
  retrieval?: 'graph' | 'hybrid';
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

/** The modes whose answers state course results, checked against the knowledge base. */
const TEACHING_MODES = new Set<string>(['tutor', 'problem_solver']);

/** One chat request on its way through the router: the attempts so far and the decision log. */
class ChatRun {
  readonly attempts: FailedAttempt[] = [];
  lastFailure: UpstreamFailure | undefined;
  readonly trace: RouteTrace;
  readonly messages: LlmMessage[];

  private constructor(
    readonly deps: ChatDeps,
    readonly request: ChatRequest,
    readonly ctx: ChatContext,
    readonly mode: ReturnType<typeof resolveMode>,
    /** What retrieval found, for `<mode>_rag` and hybrid; undefined for a plain chat. */
    readonly retrieved: RetrievalResult | undefined,
  ) {
    const conversation: LlmMessage[] = [
      { role: 'system', content: systemPrompts[mode.mode] },
      ...request.messages,
    ];
    // The passages (or "nothing relevant", which tells the model to say so) after the mode's prompt,
    // and for the modes that teach, the course results matching the question.
    const withPassages = retrieved ? withRetrievedContext(conversation, retrieved) : conversation;
    const knowledge = TEACHING_MODES.has(mode.mode) ? knowledgeContext(this.question) : '';
    this.messages = knowledge
      ? withPassages.map((m, i) => (i === 0 ? { ...m, content: `${m.content}\n\n${knowledge}` } : m))
      : withPassages;
    this.trace = new RouteTrace(ctx.log, {
      ...RouteTrace.inputsOf(request, deps.config, ctx),
      ...(retrieved
        ? {
            retrieval: retrieved.method,
            retrieval_relevant: retrieved.relevant,
            retrieval_passages: retrieved.passages.length,
          }
        : {}),
    });
  }

  /**
   * Resolves the mode and, for retrieval requests, retrieves once before routing: a blank
   * question (400) or unavailable retrieval (503) is answered before any upstream is called.
   */
  static async start(
    deps: ChatDeps,
    request: ChatRequest,
    ctx: ChatContext,
    options: ChatOptions,
  ): Promise<ChatRun> {
    const mode = resolveMode(request.mode);
    const method = options.retrieval ?? (mode.retrieval ? 'graph' : undefined);
    let retrieved: RetrievalResult | undefined;
    if (method !== undefined) {
      try {
        retrieved = await retrieveForChat(
          deps.retrieval,
          { messages: request.messages, course_id: request.course_id },
          { method, signal: ctx.signal },
        );
      } catch (error) {
        // An embedding call cut short because the caller left is not a retrieval failure.
        if (ctx.signal.aborted) throw new CallerGone();
        throw error;
      }
    }
    if (ctx.signal.aborted) throw new CallerGone();
    return new ChatRun(deps, request, ctx, mode, retrieved);
  }

  /** The passages given to a model, `[n]` in its reply pointing at `citations[n-1]`. */
  get citations(): ChatCitation[] | undefined {
    return this.retrieved?.citations.map(toChatCitation);
  }

  private ledAnswer: ReturnType<typeof leadWithKnowledge> | undefined;

  /** The student's last message: what is answered. */
  get question(): string {
    return this.request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  }

  /** A note when the model states a number the course results disagree with (teaching modes). */
  checkNumbers(reply: string): string | undefined {
    return TEACHING_MODES.has(this.mode.mode) ? disagreement(this.question, reply) : undefined;
  }

  /** Under retrieval, the answer led by the course result asked about, then the notes' quotes. */
  private get simulatedRag(): ReturnType<typeof leadWithKnowledge> | undefined {
    if (!this.retrieved) return undefined;
    this.ledAnswer ??= leadWithKnowledge(
      this.question,
      { reply: this.retrieved.quotedAnswer, citations: this.retrieved.answerCitations },
      this.retrieved.relevant,
    );
    return this.ledAnswer;
  }

  /** What the simulated answer cites (only those), numbered as it cites them. */
  get simulatedCitations(): ChatCitation[] | undefined {
    return this.simulatedRag?.citations.map(toChatCitation);
  }

  /** The simulated answer: the course result and quotes from the passages, or the mode's template. */
  simulatedReply(): string {
    return this.simulatedRag?.reply ?? simulateReply(this.mode.mode, this.request.messages);
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

function toChatCitation({ n, source, title, section, text, score }: ChatCitation): ChatCitation {
  return {
    n,
    source,
    ...(title === undefined ? {} : { title }),
    section,
    text,
    ...(score === undefined ? {} : { score }),
  };
}

function routeInfo(upstream: ChatRouteInfo['upstream'], fallbackReason?: string): ChatRouteInfo {
  return { upstream, ...(fallbackReason === undefined ? {} : { fallback_reason: fallbackReason }) };
}

/** `POST /v1/chat` without streaming: the whole answer in the envelope. */
export async function answerChat(
  deps: ChatDeps,
  request: ChatRequest,
  ctx: ChatContext,
  options: ChatOptions = {},
): Promise<ChatResponse> {
  const run = await ChatRun.start(deps, request, ctx, options);
  for (;;) {
    const decision = run.decide();
    if (decision.action === 'reject' || decision.action === 'fail') throw run.errorOf(decision);
    if (decision.action === 'simulate') {
      const reply = run.simulatedReply();
      const citations = run.simulatedCitations;
      run.trace.finish({ decision: 'simulate', upstream: 'simulated', status: 200, outcome: 'completed' });
      return {
        reply,
        model: SIMULATED_MODEL,
        mode: run.mode.requested,
        ...(citations ? { citations } : {}),
        route: routeInfo('simulated'),
      };
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
      // The model's [n] checked against the passages it had: dangling ones out, uncited dropped.
      const checked = run.citations ? checkCitedReply(completion.reply, run.citations) : undefined;
      const citations = checked?.citations;
      const reply = checked?.reply ?? completion.reply;
      const note = run.checkNumbers(reply);
      return {
        reply: note ? `${reply}\n\n${note}` : reply,
        model: completion.model,
        mode: run.mode.requested,
        ...(completion.usage ? { usage: completion.usage } : {}),
        ...(citations ? { citations } : {}),
        route: routeInfo(decision.upstream, decision.fallbackReason),
      };
    } catch (error) {
      if (error instanceof CallerGone) run.clientGone('call', decision.upstream, 499);
      if (!(error instanceof UpstreamFailure)) throw error;
      run.failed(error, startedAt, false);
    }
  }
}

/** Right after `start`: what `[n]` in the answer refers to, before the first delta cites it. */
async function sendCitations(citations: ChatCitation[] | undefined, sse: SseWriter): Promise<void> {
  if (citations) await sse.send({ type: 'citations', citations });
}

async function streamSimulated(run: ChatRun, sse: SseWriter): Promise<void> {
  const reply = run.simulatedReply();
  sse.open();
  await sse.send({
    type: 'start',
    model: SIMULATED_MODEL,
    mode: run.mode.requested,
    route: routeInfo('simulated'),
  });
  await sendCitations(run.simulatedCitations, sse);
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
  options: ChatOptions = {},
): Promise<void> {
  const run = await ChatRun.start(deps, request, ctx, options);
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
  const citations = run.citations;
  await sendCitations(citations, sse);
  const filter = citations ? new StreamedCitationFilter(new Set(citations.map((c) => c.n))) : undefined;
  // What the model said, for the check of its numbers at the end.
  let said = '';
  const relay = async (content: string) => {
    said += content;
    const text = filter ? filter.push(content) : content;
    if (text) await sse.send({ type: 'delta', content: text });
  };
  // Usage may come in its own chunk after the one with the finish reason.
  let finishReason = opened.first.finishReason;
  let usage = opened.first.usage;
  try {
    if (opened.first.content) await relay(opened.first.content);
    for await (const piece of opened.rest) {
      if (!sse.writable) break;
      finishReason = piece.finishReason ?? finishReason;
      usage = piece.usage ?? usage;
      if (piece.content) await relay(piece.content);
    }
    const rest = filter?.flush();
    if (rest) await sse.send({ type: 'delta', content: rest });
    const note = run.checkNumbers(said);
    if (note && sse.writable) await sse.send({ type: 'delta', content: `\n\n${note}` });
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
  await sse.send({
    type: 'done',
    finish_reason: finishReason ?? 'stop',
    ...(usage ? { usage } : {}),
    ...(filter && citations ? { citations: filter.cited(citations) } : {}),
  });
  run.trace.finish({
    decision: 'call',
    upstream,
    fallbackReason: fallbackReason,
    status: 200,
    outcome: 'completed',
  });
}
