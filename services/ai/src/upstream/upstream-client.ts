import type { ChatUsage } from '@faraday/contracts';
import OpenAI from 'openai';
import { z } from 'zod';
import type { UpstreamConfig } from '../config.js';
import {
  type AssistantTurn,
  assistantTurnOf,
  assistantTurnSchema,
  type ConversationMessage,
  type ToolSpec,
} from './assistant-turn.js';
import { type AbortState, classifyUpstreamError, UpstreamFailure } from './upstream-errors.js';

/** What we send upstream: the mode's system prompt, then the conversation. */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CallOptions {
  /** Aborted when our own caller goes away; the upstream request is aborted with it. */
  signal: AbortSignal;
  requestId: string;
}

export interface Completion {
  reply: string;
  model: string;
  finishReason: string;
  usage?: ChatUsage;
}

export interface StreamPiece {
  content: string;
  finishReason?: string;
  usage?: ChatUsage;
  /** Pieces of tool calls, keyed by `index`: the id and name come first, the arguments in parts. */
  toolCalls?: ToolCallDelta[];
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

/** An upstream stream whose first chunk has arrived: only now is it safe to commit to this upstream. */
export interface OpenedStream {
  model: string;
  first: StreamPiece;
  rest: AsyncGenerator<StreamPiece, void, undefined>;
  /** Stops the upstream request and its timer; safe to call at any point, and more than once. */
  release: () => void;
}

// Upstreams are other people's servers: check the parts we use instead of trusting the types.
const usageSchema = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});
const completionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ message: z.object({ content: z.string() }), finish_reason: z.string().nullish() }))
    .min(1),
  usage: usageSchema.nullish(),
});
const chunkSchema = z.object({
  model: z.string().optional(),
  choices: z.array(
    z.object({
      delta: z
        .object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                index: z.number().int().min(0),
                id: z.string().nullish(),
                function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
              }),
            )
            .nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: usageSchema.nullish(),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'answer'}: ${issue.message}` : 'invalid';
}

/**
 * One OpenAI-compatible upstream through the official SDK. Timeouts are ours, not the SDK's:
 * the SDK's own timeout stops at the response headers, but an upstream that sends headers and
 * then thinks for a minute must still time out before its first token (and between tokens).
 */
export class UpstreamClient {
  readonly config: UpstreamConfig;
  private readonly sdk: OpenAI;

  constructor(config: UpstreamConfig) {
    this.config = config;
    this.sdk = new OpenAI({
      apiKey: config.apiKey,
      baseURL: `${config.baseUrl}/v1`,
      // The router decides what happens after a failure; a hidden retry would double the wait.
      maxRetries: 0,
      timeout: config.timeoutMs,
      logLevel: 'off',
    });
  }

  async complete(messages: LlmMessage[], options: CallOptions): Promise<Completion> {
    const guard = new AttemptGuard(this.config.timeoutMs, options.signal);
    try {
      const raw: unknown = await this.sdk.chat.completions.create(
        { model: this.config.model, messages },
        { signal: guard.signal, headers: { 'x-request-id': options.requestId } },
      );
      const parsed = completionSchema.safeParse(raw);
      if (!parsed.success) {
        const what = typeof raw === 'string' ? 'text instead of JSON' : firstIssue(parsed.error);
        throw new UpstreamFailure(this.config.name, 'bad_response', `not a chat completion (${what})`);
      }
      const choice = parsed.data.choices[0]!;
      return {
        reply: choice.message.content,
        model: parsed.data.model ?? this.config.model,
        finishReason: choice.finish_reason ?? 'stop',
        ...(parsed.data.usage ? { usage: parsed.data.usage } : {}),
      };
    } catch (error) {
      throw classifyUpstreamError(this.config.name, error, guard.state);
    } finally {
      guard.dispose();
    }
  }

  /**
   * A non-streamed answer that may call tools (the tool loop, JSON answers of the tutoring
   * routes): the same timeout and error mapping as `complete`, a wider message vocabulary.
   */
  async converse(
    messages: ConversationMessage[],
    options: CallOptions,
    tools?: ToolSpec[],
  ): Promise<AssistantTurn> {
    const guard = new AttemptGuard(this.config.timeoutMs, options.signal);
    try {
      const raw: unknown = await this.sdk.chat.completions.create(
        {
          model: this.config.model,
          messages,
          ...(tools && tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
        },
        { signal: guard.signal, headers: { 'x-request-id': options.requestId } },
      );
      const parsed = assistantTurnSchema.safeParse(raw);
      if (!parsed.success) {
        const what = typeof raw === 'string' ? 'text instead of JSON' : firstIssue(parsed.error);
        throw new UpstreamFailure(this.config.name, 'bad_response', `not a chat completion (${what})`);
      }
      return assistantTurnOf(parsed.data, this.config.model);
    } catch (error) {
      throw classifyUpstreamError(this.config.name, error, guard.state);
    } finally {
      guard.dispose();
    }
  }

  /**
   * Resolves once the first chunk is in; fails (for the router to decide) if it never comes.
   * With `tools` the model may answer with tool calls, which arrive as `toolCalls` pieces.
   */
  async stream(
    messages: LlmMessage[] | ConversationMessage[],
    options: CallOptions,
    tools?: ToolSpec[],
  ): Promise<OpenedStream> {
    const name = this.config.name;
    const guard = new AttemptGuard(this.config.timeoutMs, options.signal);
    let iterator: AsyncIterator<unknown>;
    try {
      const sdkStream = await this.sdk.chat.completions.create(
        {
          model: this.config.model,
          messages: messages as ConversationMessage[],
          stream: true,
          ...(tools && tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
        },
        { signal: guard.signal, headers: { 'x-request-id': options.requestId } },
      );
      iterator = sdkStream[Symbol.asyncIterator]();
    } catch (error) {
      guard.dispose();
      throw classifyUpstreamError(name, error, guard.state);
    }
    let model = this.config.model;
    let finished = false;
    const next = async (): Promise<StreamPiece | undefined> => {
      let result: IteratorResult<unknown>;
      try {
        result = await iterator.next();
      } catch (error) {
        throw classifyUpstreamError(name, error, guard.state);
      }
      // The SDK ends the iteration quietly when aborted; which abort it was decides the error.
      if (result.done) {
        if (guard.state.timedOut || guard.state.callerAborted) {
          throw classifyUpstreamError(name, new Error('aborted'), guard.state);
        }
        if (!finished) {
          throw new UpstreamFailure(name, 'bad_response', 'the stream ended before the answer was finished');
        }
        return undefined;
      }
      guard.rearm();
      const parsed = chunkSchema.safeParse(result.value);
      if (!parsed.success) {
        throw new UpstreamFailure(
          name,
          'bad_response',
          `not a chat-completion chunk (${firstIssue(parsed.error)})`,
        );
      }
      const choice = parsed.data.choices[0];
      if (parsed.data.model) model = parsed.data.model;
      if (choice?.finish_reason) finished = true;
      const toolCalls = choice?.delta?.tool_calls?.map((call) => ({
        index: call.index,
        ...(call.id ? { id: call.id } : {}),
        ...(call.function?.name ? { name: call.function.name } : {}),
        ...(call.function?.arguments ? { arguments: call.function.arguments } : {}),
      }));
      return {
        content: choice?.delta?.content ?? '',
        ...(toolCalls && toolCalls.length > 0 ? { toolCalls } : {}),
        ...(choice?.finish_reason ? { finishReason: choice.finish_reason } : {}),
        ...(parsed.data.usage ? { usage: parsed.data.usage } : {}),
      };
    };
    let first: StreamPiece | undefined;
    try {
      first = await next();
    } catch (error) {
      guard.abortAndDispose();
      throw error;
    }
    if (first === undefined) {
      guard.dispose();
      throw new UpstreamFailure(name, 'bad_response', 'the stream ended without a single chunk');
    }
    async function* rest(): AsyncGenerator<StreamPiece, void, undefined> {
      try {
        for (let piece = await next(); piece !== undefined; piece = await next()) yield piece;
      } finally {
        // Reached on success, on failure and when the consumer stops early (client gone).
        guard.abortAndDispose();
      }
    }
    return { model, first, rest: rest(), release: () => guard.abortAndDispose() };
  }
}

/** One attempt's abort wiring: our timeout timer plus the caller's signal. */
class AttemptGuard {
  readonly state: AbortState;
  private readonly controller = new AbortController();
  private readonly callerSignal: AbortSignal;
  private timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () => {
    this.state.callerAborted = true;
    this.controller.abort();
  };

  constructor(timeoutMs: number, callerSignal: AbortSignal) {
    this.state = { timedOut: false, timeoutMs, callerAborted: false };
    this.callerSignal = callerSignal;
    if (callerSignal.aborted) this.onCallerAbort();
    else callerSignal.addEventListener('abort', this.onCallerAbort, { once: true });
    this.rearm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  rearm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.state.timedOut = true;
      this.controller.abort();
    }, this.state.timeoutMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal.removeEventListener('abort', this.onCallerAbort);
  }

  abortAndDispose(): void {
    this.dispose();
    if (!this.controller.signal.aborted) this.controller.abort();
  }
}
