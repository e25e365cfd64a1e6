import type { ChatRequest, ChatResponse } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig, UpstreamName } from '../config.js';
import { checkCitedReply } from '../retrieval/cited-reply.js';
import type { RetrievalGate } from '../retrieval/index.js';
import { SIMULATED_MODEL } from '../simulated/simulate.js';
import { toolRecords } from '../tools/tool-registry.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { CallerGone, UpstreamFailure } from '../upstream/upstream-errors.js';
import { ChatRun, routeInfo } from './chat-run.js';
import { answerWithModel } from './chat-tools.js';
import { now } from './route-trace.js';

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
      const answer = await answerWithModel(run, deps.upstreams[decision.upstream]!);
      run.trace.attempt(decision.upstream, 'ok', startedAt);
      run.trace.finish({
        decision: 'call',
        upstream: decision.upstream,
        fallbackReason: decision.fallbackReason,
        status: 200,
        outcome: 'completed',
      });
      // The model's [n] checked against the passages it had: dangling ones out, uncited dropped.
      const checked = run.citations ? checkCitedReply(answer.reply, run.citations) : undefined;
      const citations = checked?.citations;
      const reply = checked?.reply ?? answer.reply;
      const note = run.checkNumbers(reply, answer.outcomes);
      return {
        reply: note ? `${reply}\n\n${note}` : reply,
        model: answer.model,
        mode: run.mode.requested,
        ...(answer.usage ? { usage: answer.usage } : {}),
        ...(citations ? { citations } : {}),
        route: routeInfo(decision.upstream, decision.fallbackReason),
        ...(answer.outcomes.length > 0 ? toolRecords(answer.outcomes) : {}),
      };
    } catch (error) {
      if (error instanceof CallerGone) run.clientGone('call', decision.upstream, 499);
      if (!(error instanceof UpstreamFailure)) throw error;
      run.failed(error, startedAt, false);
    }
  }
}
