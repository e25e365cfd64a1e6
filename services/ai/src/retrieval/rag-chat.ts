import { toAppError } from './errors.js';
import type { RetrievalMethod, RetrievalResult } from './retrieval-engine.js';
import type { RetrievalGate } from './retrieval-setup.js';
import { tokenize } from './tokenizer.js';

/**
 * What the chat service calls for `<mode>_rag` and `/v1/chat/hybrid`: one retrieval per turn
 * and the pieces to build the answer from. Errors come out as AppError (400 empty question,
 * 503 retrieval unavailable or embeddings down), ready for the error handler.
 */
export interface ChatTurn {
  messages: readonly { role: string; content: string }[];
  course_id?: string | undefined;
}

/**
 * The question to search for: the last user message, plus the one before when the last is a
 * bare follow-up ("and inside?", "为什么？") that names no topic of its own.
 */
export function retrievalQuery(turn: ChatTurn): string {
  const users = turn.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const last = users.at(-1) ?? '';
  if (users.length > 1 && tokenize(last).length < 3) return `${users.at(-2)}\n${last}`;
  return last;
}

export async function retrieveForChat(
  gate: RetrievalGate,
  turn: ChatTurn,
  options: { method: Exclude<RetrievalMethod, 'keyword'>; signal?: AbortSignal },
): Promise<RetrievalResult> {
  try {
    const engine = gate.engine();
    return await engine.retrieve(retrievalQuery(turn), {
      method: options.method,
      ...(turn.course_id ? { courseId: turn.course_id } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * The upstream conversation with the retrieved passages: the mode's system prompt, then the
 * passages (or "nothing relevant") as a second system message, then the conversation.
 */
export function withRetrievedContext<M extends { role: string; content: string }>(
  messages: readonly M[],
  result: RetrievalResult,
): (M | { role: 'system'; content: string })[] {
  const systemCount = messages.findIndex((m) => m.role !== 'system');
  const split = systemCount === -1 ? messages.length : systemCount;
  return [...messages.slice(0, split), { role: 'system', content: result.context }, ...messages.slice(split)];
}
