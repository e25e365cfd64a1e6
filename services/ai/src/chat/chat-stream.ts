import type { ChatCitation, ChatRequest } from '@faraday/contracts';
import type { UpstreamName } from '../config.js';
import { StreamedCitationFilter } from '../retrieval/cited-reply.js';
import { replyPieces, SIMULATED_MODEL } from '../simulated/simulate.js';
import { type ToolOutcome, toolRecords } from '../tools/tool-registry.js';
import { CallerGone, UpstreamFailure } from '../upstream/upstream-errors.js';
import type { ChatContext, ChatDeps, ChatOptions } from './chat.service.js';
import { ChatRun, routeInfo } from './chat-run.js';
import { answerWithModel, type ModelAnswer, type StreamHooks } from './chat-tools.js';
import { now } from './route-trace.js';
import type { SseWriter } from './sse.js';

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
 * first chunk on, the answer belongs to that upstream and a failure is an `error` event. Tool
 * rounds (ADR 0133) are streams of their own on that upstream, each tool shown as a `tool` event.
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
    const relay = new Relay(run, sse, upstream, decision.fallbackReason);
    let answer: ModelAnswer;
    try {
      answer = await answerWithModel(run, deps.upstreams[upstream]!, relay);
    } catch (error) {
      if (error instanceof CallerGone) return run.clientGone('call', upstream, sse.isOpen ? 200 : 499);
      if (!(error instanceof UpstreamFailure)) throw error;
      run.failed(error, startedAt, sse.isOpen);
      // Before the first chunk the router may still choose another upstream.
      if (!sse.isOpen) continue;
      return relay.failed(error);
    }
    return relay.finish(answer);
  }
}

/** One upstream's streamed answer on its way to the caller; committed from its first chunk. */
class Relay implements StreamHooks {
  private readonly filter: StreamedCitationFilter | undefined;

  constructor(
    private readonly run: ChatRun,
    private readonly sse: SseWriter,
    private readonly upstream: UpstreamName,
    private readonly fallbackReason: string | undefined,
  ) {
    const citations = run.citations;
    this.filter = citations ? new StreamedCitationFilter(new Set(citations.map((c) => c.n))) : undefined;
  }

  live(): boolean {
    return this.sse.writable;
  }

  async open(model: string): Promise<void> {
    if (this.sse.isOpen) return;
    this.run.trace.firstToken();
    this.sse.open();
    await this.sse.send({
      type: 'start',
      model,
      mode: this.run.mode.requested,
      route: routeInfo(this.upstream, this.fallbackReason),
    });
    await sendCitations(this.run.citations, this.sse);
  }

  async relay(content: string): Promise<void> {
    const text = this.filter ? this.filter.push(content) : content;
    if (text) await this.sse.send({ type: 'delta', content: text });
  }

  async tool(outcome: ToolOutcome): Promise<void> {
    const { tool_calls, tool_results } = toolRecords([outcome]);
    await this.sse.send({ type: 'tool', call: tool_calls[0]!, result: tool_results[0]! });
  }

  /** The rest of the words, the check of the model's numbers, then `done`. */
  async finish(answer: ModelAnswer): Promise<void> {
    const { run, sse } = this;
    const rest = this.filter?.flush();
    if (rest) await sse.send({ type: 'delta', content: rest });
    const note = run.checkNumbers(answer.reply, answer.outcomes);
    if (note) await sse.send({ type: 'delta', content: `\n\n${note}` });
    if (!sse.writable) return run.clientGone('call', this.upstream, 200);
    const citations = run.citations;
    await sse.send({
      type: 'done',
      finish_reason: answer.finishReason,
      ...(answer.usage ? { usage: answer.usage } : {}),
      ...(this.filter && citations ? { citations: this.filter.cited(citations) } : {}),
    });
    run.trace.finish({
      decision: 'call',
      upstream: this.upstream,
      fallbackReason: this.fallbackReason,
      status: 200,
      outcome: 'completed',
    });
  }

  /** After the first chunk the router never switches; an error event is all that is left. */
  async failed(error: UpstreamFailure): Promise<void> {
    const after = this.run.decide();
    const code = after.action === 'fail' ? after.code : 'UPSTREAM_UNAVAILABLE';
    const message = after.action === 'fail' ? after.reason : error.message;
    await this.sse.send({ type: 'error', code, message: `${message}: ${error.detail}` });
    this.run.trace.finish({
      decision: 'call',
      upstream: this.upstream,
      fallbackReason: this.fallbackReason,
      status: 200,
      outcome: 'upstream_error',
      reason: message,
    });
  }
}
