import type { ChatCitation, ChatRequest } from '@faraday/contracts';
import type { UpstreamName } from '../config.js';
import { StreamedCitationFilter } from '../retrieval/cited-reply.js';
import { replyPieces, SIMULATED_MODEL } from '../simulated/simulate.js';
import type { OpenedStream } from '../upstream/upstream-client.js';
import { CallerGone, UpstreamFailure } from '../upstream/upstream-errors.js';
import type { ChatContext, ChatDeps, ChatOptions } from './chat.service.js';
import { ChatRun, routeInfo } from './chat-run.js';
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
