import type { ChatUsage } from '@faraday/contracts';
import { gateCourseSearch } from '../tools/course-search.js';
import { type Converser, runToolLoop } from '../tools/tool-loop.js';
import { TOOL_GUIDANCE, type ToolEnvironment, type ToolOutcome } from '../tools/tool-registry.js';
import type { AssistantTurn, ConversationMessage, ToolSpec } from '../upstream/assistant-turn.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { CallerGone } from '../upstream/upstream-errors.js';
import { type ChatRun, TEACHING_MODES } from './chat-run.js';

/**
 * A chat answer from a model that may call the tools (tutor and problem solver, ADR 0133): the
 * tools route's loop, run on the upstream the router chose. Streamed, each round is a stream
 * whose words go to the student as they come, with the tool calls gathered from its chunks.
 */

/** How a streamed answer reaches the student. */
export interface StreamHooks {
  /** At the first chunk of the first round: from here the answer belongs to this upstream. */
  open(model: string): Promise<void>;
  relay(content: string): Promise<void>;
  tool(outcome: ToolOutcome): Promise<void>;
  live(): boolean;
}

export interface ModelAnswer {
  /** Everything the model said (streamed: every round's words, as relayed). */
  reply: string;
  outcomes: ToolOutcome[];
  model: string;
  finishReason: string;
  usage?: ChatUsage;
}

/** Tools the model may call for this answer: 0 outside the teaching modes or when configured off. */
export function toolBudget(run: ChatRun): number {
  return TEACHING_MODES.has(run.mode.mode) ? run.deps.config.tutoring.chatMaxToolCalls : 0;
}

function toolEnvironment(run: ChatRun): ToolEnvironment {
  const { config, retrieval } = run.deps;
  return {
    simServiceUrl: config.simServiceUrl,
    serviceToken: config.gatewayToken,
    simTimeoutMs: config.tutoring.toolSimTimeoutMs,
    search: gateCourseSearch(retrieval),
    courseId: run.request.course_id,
    requestId: run.ctx.requestId,
    signal: run.ctx.signal,
    log: run.ctx.log,
  };
}

const sum = (a: ChatUsage | undefined, b: ChatUsage | undefined): ChatUsage | undefined =>
  a && b
    ? {
        prompt_tokens: a.prompt_tokens + b.prompt_tokens,
        completion_tokens: a.completion_tokens + b.completion_tokens,
        total_tokens: a.total_tokens + b.total_tokens,
      }
    : (b ?? a);

/** The rounds of one answer on one upstream; a failure in any round is the caller's to route. */
class UpstreamTurns implements Converser {
  model: string;
  finishReason = 'stop';
  usage: ChatUsage | undefined;
  said = '';
  lastSaid = '';

  constructor(
    private readonly client: UpstreamClient,
    private readonly run: ChatRun,
    private readonly hooks: StreamHooks | undefined,
  ) {
    this.model = client.config.model;
  }

  async converse(messages: ConversationMessage[], tools?: ToolSpec[]): Promise<AssistantTurn> {
    const turn = this.hooks
      ? await this.streamed(messages, this.hooks, tools)
      : await this.client.converse(messages, this.run.ctx, tools);
    this.model = turn.model;
    this.finishReason = turn.finishReason;
    this.usage = sum(this.usage, turn.usage);
    this.lastSaid = turn.content ?? '';
    this.said += this.lastSaid;
    return turn;
  }

  private async streamed(
    messages: ConversationMessage[],
    hooks: StreamHooks,
    tools?: ToolSpec[],
  ): Promise<AssistantTurn> {
    const opened = await this.client.stream(messages, this.run.ctx, tools);
    try {
      await hooks.open(opened.model);
      let content = '';
      let finishReason: string | undefined;
      let usage: ChatUsage | undefined;
      // Tool calls arrive in pieces by index: the id and name first, the arguments in parts.
      const calls = new Map<number, { id?: string; name: string; arguments: string }>();
      for await (const piece of (async function* () {
        yield opened.first;
        yield* opened.rest;
      })()) {
        if (!hooks.live()) throw new CallerGone();
        finishReason = piece.finishReason ?? finishReason;
        usage = piece.usage ?? usage;
        for (const d of piece.toolCalls ?? []) {
          const call = calls.get(d.index) ?? { name: '', arguments: '' };
          if (d.id) call.id = d.id;
          call.name += d.name ?? '';
          call.arguments += d.arguments ?? '';
          calls.set(d.index, call);
        }
        if (piece.content) {
          content += piece.content;
          await hooks.relay(piece.content);
        }
      }
      const toolCalls = [...calls.values()].map((c, i) => ({
        id: c.id ?? `call_${i + 1}`,
        name: c.name,
        arguments: c.arguments,
      }));
      return {
        content: content || null,
        toolCalls,
        model: opened.model,
        finishReason: finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
        ...(usage ? { usage } : {}),
      };
    } finally {
      opened.release();
    }
  }
}

/** One answer from `client`, with the tools when the mode and configuration allow them. */
export async function answerWithModel(
  run: ChatRun,
  client: UpstreamClient,
  hooks?: StreamHooks,
): Promise<ModelAnswer> {
  const turns = new UpstreamTurns(client, run, hooks);
  const budget = toolBudget(run);
  const answer = (reply: string, outcomes: ToolOutcome[]): ModelAnswer => ({
    reply,
    outcomes,
    model: turns.model,
    finishReason: turns.finishReason,
    ...(turns.usage ? { usage: turns.usage } : {}),
  });
  if (budget === 0 && !hooks) {
    const completion = await client.complete(run.messages, run.ctx);
    turns.model = completion.model;
    turns.finishReason = completion.finishReason;
    turns.usage = completion.usage;
    return answer(completion.reply, []);
  }
  if (budget === 0) {
    await turns.converse(run.messages);
    return answer(turns.said, []);
  }
  const [system, ...rest] = run.messages;
  const conversation: ConversationMessage[] = [
    { role: 'system', content: `${system!.content}\n\n${TOOL_GUIDANCE}` },
    ...rest,
  ];
  const result = await runToolLoop(
    turns,
    conversation,
    toolEnvironment(run),
    budget,
    hooks && ((o) => hooks.tool(o)),
  );
  if (!hooks) return answer(result.reply, result.outcomes);
  // A model that ends without words (it happens): the loop's plain account of the results.
  if (turns.lastSaid.trim() === '') {
    await hooks.relay(result.reply);
    turns.said += result.reply;
  }
  return answer(turns.said, result.outcomes);
}
