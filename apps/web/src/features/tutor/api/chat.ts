import type { ChatCitation, ChatStreamEvent, ConversationMessage } from '@faraday/contracts';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../../lib/api';

export interface PendingExchange {
  question: string;
  content: string;
  citations: ChatCitation[];
  /** Tools the model ran so far (tutor with a model), shown as cards while the answer streams. */
  tools?: Pick<ConversationMessage, 'tool_calls' | 'tool_results'>;
  phase: 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';
  error?: unknown;
}

type StreamBody = Parameters<typeof api.ai.chatStream>[0];

/**
 * One streamed exchange at a time: deltas are appended as they arrive, `stop()` hangs up (the
 * backend keeps what arrived). `onEvent` sees the raw events (the benchmark times them).
 */
export function useChatStream(onEvent?: (event: ChatStreamEvent) => void) {
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (body: StreamBody, question: string): Promise<Pick<PendingExchange, 'phase' | 'error'>> => {
      const abort = new AbortController();
      controller.current = abort;
      let phase = 'waiting' as PendingExchange['phase'];
      let failure: unknown;
      setPending({ question, content: '', citations: [], phase });
      try {
        await api.ai.chatStream(body, {
          signal: abort.signal,
          onEvent: (event) => {
            onEvent?.(event);
            setPending((p) => {
              if (!p) return p;
              switch (event.type) {
                case 'citations':
                  return { ...p, citations: event.citations };
                case 'tool':
                  return {
                    ...p,
                    tools: {
                      tool_calls: [...(p.tools?.tool_calls ?? []), event.call],
                      tool_results: [...(p.tools?.tool_results ?? []), event.result],
                    },
                  };
                case 'delta':
                  return { ...p, phase: 'streaming', content: p.content + event.content };
                case 'done':
                  return { ...p, phase: 'done' };
                case 'error':
                  return { ...p, phase: 'failed', error: new Error(event.message) };
                default:
                  return p;
              }
            });
            if (event.type === 'error') {
              phase = 'failed';
              failure = new Error(event.message);
            } else if (event.type === 'done') phase = 'done';
          },
        });
        if (abort.signal.aborted) phase = 'stopped';
        else if (phase !== 'done') phase = 'failed';
        setPending((p) => (p ? { ...p, phase } : p));
      } catch (error) {
        phase = 'failed';
        failure = error;
        setPending((p) => (p ? { ...p, phase, error } : p));
      } finally {
        controller.current = null;
      }
      return { phase, error: failure };
    },
    [onEvent],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const clear = useCallback(() => setPending(null), []);
  return { pending, start, stop, clear };
}

/** The chat with tools answers in one piece (no stream); the exchange is stored in the conversation. */
export async function askWithTools(body: Parameters<typeof api.ai.chatWithTools>[0]): Promise<void> {
  await api.ai.chatWithTools(body);
}
