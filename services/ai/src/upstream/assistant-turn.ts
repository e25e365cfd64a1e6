import type { ChatUsage } from '@faraday/contracts';
import { z } from 'zod';

/**
 * The message shapes of a tool-calling conversation with an upstream (OpenAI chat-completions
 * protocol) and the check of its answers. Kept apart from the plain chat client so that
 * `/v1/chat` keeps its narrow, well-tested path.
 */

export interface ToolCallRequest {
  id: string;
  name: string;
  /** The model's JSON text, unparsed: it may be malformed, and that must reach the tool loop. */
  arguments: string;
}

export type ConversationMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCallWire[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A function the model may call: name, description and JSON Schema of its arguments. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** One answer of the model: text, tool calls, or both. */
export interface AssistantTurn {
  content: string | null;
  toolCalls: ToolCallRequest[];
  model: string;
  finishReason: string;
  usage?: ChatUsage;
}

const usageSchema = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});

// Arguments stay text: whether they are JSON is the tool loop's question, not the transport's.
const toolCallSchema = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }),
});

export const assistantTurnSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(toolCallSchema).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: usageSchema.nullish(),
});

export function assistantTurnOf(
  parsed: z.output<typeof assistantTurnSchema>,
  fallbackModel: string,
): AssistantTurn {
  const choice = parsed.choices[0]!;
  const toolCalls = (choice.message.tool_calls ?? []).map((call, i) => ({
    // Some local servers leave the id out; the conversation still needs one to pair the result.
    id: call.id ?? `call_${i + 1}`,
    name: call.function.name,
    arguments: call.function.arguments ?? '',
  }));
  return {
    content: choice.message.content ?? null,
    toolCalls,
    model: parsed.model ?? fallbackModel,
    finishReason: choice.finish_reason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    ...(parsed.usage ? { usage: parsed.usage } : {}),
  };
}

export function toWireCall(call: ToolCallRequest): ToolCallWire {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}
