import {
  AppError,
  type ChatCitation,
  type ChatRequest,
  type ChatRouteInfo,
  statusOf,
} from '@faraday/contracts';
import { disagreement, knowledgeContext } from '../knowledge/model-check.js';
import { leadWithKnowledge } from '../knowledge/rag-lead.js';
import { courseSpelling } from '../knowledge/spelling.js';
import { resolveMode, systemPrompts } from '../modes/modes.js';
import { type RetrievalResult, retrieveForChat, withRetrievedContext } from '../retrieval/index.js';
import { decideRoute, type FailedAttempt, type RoutingDecision } from '../routing/router.js';
import { simulateReply } from '../simulated/simulate.js';
import type { ToolOutcome } from '../tools/tool-registry.js';
import type { LlmMessage } from '../upstream/upstream-client.js';
import { CallerGone, type UpstreamFailure } from '../upstream/upstream-errors.js';
import type { ChatContext, ChatDeps, ChatOptions } from './chat.service.js';
import { RouteTrace, type TraceEnd } from './route-trace.js';

/** The modes whose answers state course results, checked against the knowledge base. */
export const TEACHING_MODES = new Set<string>(['tutor', 'problem_solver']);

/** Tools whose numbers are physics in their own right (ADR 0133). */
const SOURCE_TOOLS = new Set<string>(['run_simulation', 'compute_course_result', 'search_course_material']);

/** One chat request on its way through the router: the attempts so far and the decision log. */
export class ChatRun {
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
        // Retrieval reads the student's words in the course's spelling (库伦 → 库仑, solenid → solenoid).
        const messages = request.messages.map((m) =>
          m.role === 'user' ? { ...m, content: courseSpelling(m.content) } : m,
        );
        retrieved = await retrieveForChat(
          deps.retrieval,
          { messages, course_id: request.course_id },
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

  /**
   * A note when the model states a number the course results disagree with (teaching modes);
   * a number a simulation, the course results or the notes gave it is its source, not a
   * disagreement. The calculator's numbers are not: it only evaluates the model's own formula.
   */
  checkNumbers(reply: string, outcomes: readonly ToolOutcome[] = []): string | undefined {
    if (!TEACHING_MODES.has(this.mode.mode)) return undefined;
    const results = outcomes.filter((o) => o.ok && SOURCE_TOOLS.has(o.name)).map((o) => o.result);
    return disagreement(this.question, reply, results);
  }

  /** Under retrieval, the answer led by the course result asked about, then the notes' quotes. */
  private get simulatedRag(): ReturnType<typeof leadWithKnowledge> | undefined {
    if (!this.retrieved) return undefined;
    this.ledAnswer ??= leadWithKnowledge(
      courseSpelling(this.question),
      { reply: this.retrieved.quotedAnswer, citations: this.retrieved.answerCitations },
      this.retrieved.relevant,
      this.retrieved.outside,
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

export function routeInfo(upstream: ChatRouteInfo['upstream'], fallbackReason?: string): ChatRouteInfo {
  return { upstream, ...(fallbackReason === undefined ? {} : { fallback_reason: fallbackReason }) };
}
