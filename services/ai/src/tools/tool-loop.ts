import {
  type AssistantTurn,
  type ConversationMessage,
  type ToolSpec,
  toWireCall,
} from '../upstream/assistant-turn.js';
import { executeTool, TOOL_SPECS, type ToolEnvironment, type ToolOutcome } from './tool-registry.js';

/**
 * The OpenAI tool-calling loop: the model answers or asks for tools; each tool runs and its
 * result (or error) goes back as a `tool` message; repeat. Bounded twice: at most
 * `maxToolCalls` tools run, and once that budget is spent the model is asked again without
 * tools, so it must answer in words. Calls beyond the budget in one turn are answered with an
 * error message, not run.
 */
export interface LoopResult {
  reply: string;
  outcomes: ToolOutcome[];
  rounds: number;
}

/** One model answer per call: the routed model of the tools route, or the chat's upstream (streamed). */
export interface Converser {
  converse(messages: ConversationMessage[], tools?: ToolSpec[]): Promise<AssistantTurn>;
}

/** A tool result longer than this is cut: the model's context is not a data dump. */
const MAX_TOOL_MESSAGE_CHARS = 8000;

function toolMessage(outcome: ToolOutcome): string {
  const text = JSON.stringify(
    outcome.ok ? { ok: true, result: outcome.result } : { ok: false, error: outcome.error },
  );
  return text.length <= MAX_TOOL_MESSAGE_CHARS ? text : `${text.slice(0, MAX_TOOL_MESSAGE_CHARS)}… (cut)`;
}

export async function runToolLoop(
  llm: Converser,
  conversation: ConversationMessage[],
  env: ToolEnvironment,
  maxToolCalls: number,
  /** Told of each tool as it finishes (the chat's stream shows it). */
  onOutcome?: (outcome: ToolOutcome) => Promise<void>,
): Promise<LoopResult> {
  const messages = [...conversation];
  const outcomes: ToolOutcome[] = [];
  // Each round that offers tools runs at least one, so budget + 1 rounds always suffice.
  for (let rounds = 1; rounds <= maxToolCalls + 1; rounds += 1) {
    const offerTools = outcomes.length < maxToolCalls;
    const turn = await llm.converse(messages, offerTools ? TOOL_SPECS : undefined);
    if (turn.toolCalls.length === 0 || !offerTools) {
      const reply = turn.content?.trim() || fallbackReply(outcomes);
      return { reply, outcomes, rounds };
    }
    messages.push({ role: 'assistant', content: turn.content, tool_calls: turn.toolCalls.map(toWireCall) });
    for (const call of turn.toolCalls) {
      if (outcomes.length >= maxToolCalls) {
        messages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: JSON.stringify({
            ok: false,
            error: `not run: the limit of ${maxToolCalls} tool calls for this answer is reached; answer with the results you have`,
          }),
        });
        continue;
      }
      const outcome = await executeTool(call, env);
      outcomes.push(outcome);
      await onOutcome?.(outcome);
      messages.push({ role: 'tool', tool_call_id: call.id, content: toolMessage(outcome) });
    }
  }
  // Not reached: the last round offers no tools and returns.
  return { reply: fallbackReply(outcomes), outcomes, rounds: maxToolCalls + 1 };
}

/** When the model ends without words (it happens): the results, plainly. */
function fallbackReply(outcomes: ToolOutcome[]): string {
  if (outcomes.length === 0) return 'The model gave no answer.';
  return outcomes
    .map((o) => `${o.name}: ${o.ok ? JSON.stringify(o.result).slice(0, 500) : `failed (${o.error})`}`)
    .join('\n');
}
