import { z } from 'zod';

/**
 * Chat bodies shared by the backend's `/api/v1/ai/chat` and the AI service's `/v1/chat`
 * (docs/api-contract.md, Endpoint groups). The AI service owns the list of modes it accepts; the mode
 * stays a string here so that an unknown mode gets the AI service's answer, which names
 * every valid mode, whichever door it came through.
 */

/** Modes every AI service answers; `<mode>_rag` asks for retrieval on top. */
export const chatModes = [
  'tutor',
  'grader',
  'polish',
  'sim_tutor',
  'formula_verify',
  'problem_solver',
] as const;
export type ChatMode = (typeof chatModes)[number];
export const RAG_MODE_SUFFIX = '_rag';

export const MAX_CHAT_MESSAGES = 50;
export const MAX_CHAT_MESSAGE_CHARS = 20_000;

/** `private` (the default) never leaves the local upstream; `public` may fall back to the cloud. */
export const chatPrivacies = ['private', 'public'] as const;
export type ChatPrivacy = (typeof chatPrivacies)[number];

/** `auto` follows LLM_ROUTING_POLICY; `local` pins the local upstream; `cloud` asks for the cloud one. */
export const chatRoutes = ['auto', 'local', 'cloud'] as const;
export type ChatRoute = (typeof chatRoutes)[number];

export const chatUpstreams = ['local', 'cloud', 'simulated'] as const;
export type ChatUpstream = (typeof chatUpstreams)[number];

export const chatMessageSchema = z.object({
  // The mode supplies the system prompt; a caller cannot replace it with its own.
  role: z.enum(['user', 'assistant']),
  content: z.string().min(1).max(MAX_CHAT_MESSAGE_CHARS),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const messagesSchema = z
  .array(chatMessageSchema)
  .min(1)
  .max(MAX_CHAT_MESSAGES)
  .refine((messages) => messages.at(-1)?.role === 'user', 'the last message must be the user’s turn');

const modeSchema = z
  .string()
  .min(1)
  .max(64)
  .describe(`One of ${chatModes.join(', ')}; append ${RAG_MODE_SUFFIX} for retrieval`);

/** The backend's `POST /api/v1/ai/chat` body. */
export const gatewayChatRequestSchema = z.object({
  mode: modeSchema,
  messages: messagesSchema,
  stream: z.boolean().default(false).describe('Answer as server-sent events'),
  privacy: z.enum(chatPrivacies).optional().describe('Default private: never sent to a cloud upstream'),
  course_id: z.string().min(1).max(64).optional(),
});
export type GatewayChatRequest = z.infer<typeof gatewayChatRequestSchema>;

/** The AI service's `POST /v1/chat` body: the gateway's, plus a routing request for trusted callers. */
export const chatRequestSchema = gatewayChatRequestSchema.extend({
  route: z.enum(chatRoutes).optional().describe('Also settable with X-AI-Route; both must agree'),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatUsageSchema = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

export const chatCitationSchema = z.object({
  n: z.number().int().min(1),
  source: z.string(),
  title: z
    .string()
    .optional()
    .describe(
      "What to show for the source: an upload's file name, a note's path (source stays the index key)",
    ),
  section: z.string(),
  text: z.string(),
  score: z
    .number()
    .optional()
    .describe('Retrieval score after re-ranking (relative; higher is better); absent where not ranked'),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

export const chatRouteInfoSchema = z.object({
  upstream: z.enum(chatUpstreams),
  fallback_reason: z.string().optional().describe('Why the answer came from the fallback upstream'),
});
export type ChatRouteInfo = z.infer<typeof chatRouteInfoSchema>;

/** A tool a model called (chat with tools, and the tutor chat with a model). */
export const toolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.unknown().describe('The parsed arguments, or the raw text when it was not valid JSON'),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const toolResultRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  ok: z.boolean(),
  result: z
    .unknown()
    .optional()
    .describe(
      "run_simulation: {solver, ...the solver's result fields (named, with units, in the simulation service's " +
        'reference for POST /v1/sim/{solver}) without the figure, each grid as {grid: [rows, columns], min, max} ' +
        'and each array over 20 values as {length, min, max, first, last}, and probe {x, y, values} with every ' +
        'grid sampled bilinearly at the probe point (m), by its path such as electric_field.magnitude}',
    ),
  error: z.string().optional(),
});
export type ToolResultRecord = z.infer<typeof toolResultRecordSchema>;

export const chatResponseSchema = z.object({
  reply: z.string(),
  model: z.string().describe('The upstream model, or "simulated"'),
  mode: z.string(),
  usage: chatUsageSchema.optional(),
  citations: z.array(chatCitationSchema).optional(),
  route: chatRouteInfoSchema,
  tool_calls: z
    .array(toolCallRecordSchema)
    .optional()
    .describe('tutor and problem_solver with a model: the tools it called for this answer'),
  tool_results: z.array(toolResultRecordSchema).optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/**
 * Server-sent events of a streamed chat, each one `event: <type>` plus one JSON `data:` line
 * that repeats the type: `start` once, `citations` once for retrieval answers, `delta` many (with
 * a `tool` event for each tool the model ran between them), then exactly one of `done` or `error`.
 */
export type ChatStreamEvent =
  | { type: 'start'; model: string; mode: string; route: ChatRouteInfo }
  /** Retrieval answers (`<mode>_rag`, hybrid) only: once, right after `start`. */
  | { type: 'citations'; citations: ChatCitation[] }
  | { type: 'delta'; content: string }
  /** A tool the model called and what it returned (or its error), once the tool has finished. */
  | { type: 'tool'; call: ToolCallRecord; result: ToolResultRecord }
  /**
   * `citations` (retrieval answers from a model): the passages of the `citations` event that the
   * reply actually cited, by their `n`; markers pointing at no passage were left out of the deltas.
   */
  | { type: 'done'; finish_reason: string; usage?: ChatUsage; citations?: ChatCitation[] }
  | { type: 'error'; code: string; message: string };

/** Response headers of an SSE answer; no proxy on the way may buffer or transform it. */
export const sseResponseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

export function sseFrame(event: ChatStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The answer to a caller that hung up before its answer was ready (nginx's 499). Nobody reads
 * it; it is sent so the request is finished and logged like any other, not abandoned.
 */
export const CLIENT_CLOSED_REQUEST_STATUS = 499;
export const clientClosedRequestBody = {
  success: false,
  error: {
    code: 'CLIENT_CLOSED_REQUEST',
    message: 'The client closed the request before the answer was ready',
  },
} as const;
