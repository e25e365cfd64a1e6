import {
  type ChatStreamEvent,
  type CreateConversationRequest,
  chatResponseSchema,
  conversationDetailSchema,
  conversationListSchema,
  conversationSummarySchema,
  type GatewayGuidedChatRequest,
  guidedChatResponseSchema,
  messageSchema,
  type RecordedChatRequest,
  type RecordedToolChatRequest,
  toolChatResponseSchema,
  type WritingAnalysisRequest,
  writingAnalysisResponseSchema,
} from '@faraday/contracts';
import { ApiError, type Http } from './http.js';

type ChatBody = Omit<RecordedChatRequest, 'stream'> & { stream?: boolean };

export interface StreamOptions {
  /** Aborting it hangs up: the backend stops the AI service and keeps what had arrived. */
  signal?: AbortSignal;
  /** Called with each event as soon as it has arrived whole. */
  onEvent: (event: ChatStreamEvent) => void;
}

/** Splits a server-sent event stream into its JSON events as the bytes come in. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: StreamOptions['onEvent'],
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data) onEvent(JSON.parse(data) as ChatStreamEvent);
    }
  }
}

/** The AI tutor's routes and the conversations kept for them. */
export function aiApi(http: Http) {
  const json = <T extends Parameters<Http['request']>[0]['schema']>(path: string, schema: T, body: unknown) =>
    http.request({ method: 'POST', path, schema, body });
  const conversation = (id: string) => `/api/v1/conversations/${encodeURIComponent(id)}`;
  return {
    chat: (body: ChatBody) => json('/api/v1/ai/chat', chatResponseSchema, { ...body, stream: false }),
    /**
     * A streamed answer. Errors before the stream starts are thrown as ApiError like any call;
     * errors after it arrive as an `error` event. Resolves when the stream ends or is aborted.
     */
    chatStream: async (body: ChatBody, options: StreamOptions): Promise<void> => {
      let response: Response;
      try {
        response = await http.open('/api/v1/ai/chat', {
          method: 'POST',
          headers: await http.headers({ 'content-type': 'application/json', accept: 'text/event-stream' }),
          body: JSON.stringify({ ...body, stream: true }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (cause) {
        if (options.signal?.aborted) return;
        throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached', String(cause));
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
        const envelope = await response.json().catch(() => undefined);
        http.settle(response.status, response.headers.get('retry-after'), envelope, messageSchema);
        throw new ApiError(response.status, 'UPSTREAM_BAD_RESPONSE', 'The answer was not a stream');
      }
      try {
        await readEvents(response.body, options.onEvent);
      } catch (error) {
        if (options.signal?.aborted) return;
        throw new ApiError(0, 'NETWORK_ERROR', 'The answer broke off', String(error));
      }
    },
    guided: (body: GatewayGuidedChatRequest) =>
      json('/api/v1/ai/chat/guided', guidedChatResponseSchema, body),
    analyzeWriting: (body: WritingAnalysisRequest) =>
      json('/api/v1/ai/writing/analyze', writingAnalysisResponseSchema, body),
    chatWithTools: (
      body: Partial<Pick<RecordedToolChatRequest, 'max_tool_calls'>> &
        Omit<RecordedToolChatRequest, 'max_tool_calls'>,
    ) => json('/api/v1/ai/chat_with_tools', toolChatResponseSchema, body),
    conversations: {
      list: (query: { page?: number; limit?: number; kind?: 'chat' | 'guided'; unfinished?: boolean } = {}) =>
        http.request({
          method: 'GET',
          path: '/api/v1/conversations',
          schema: conversationListSchema,
          query: {
            ...query,
            unfinished: query.unfinished === undefined ? undefined : String(query.unfinished),
          },
        }),
      get: (id: string) =>
        http.request({ method: 'GET', path: conversation(id), schema: conversationDetailSchema }),
      create: (body: CreateConversationRequest = {}) =>
        json('/api/v1/conversations', conversationSummarySchema, body),
      rename: (id: string, title: string) =>
        http.request({
          method: 'PUT',
          path: conversation(id),
          schema: conversationSummarySchema,
          body: { title },
        }),
      remove: (id: string) =>
        http.request({ method: 'DELETE', path: conversation(id), schema: messageSchema }),
    },
  };
}
