import {
  type ChatCitation,
  type ConversationDetail,
  type ConversationKind,
  type ConversationMessage,
  type ConversationMessageStatus,
  type ConversationSummary,
  type GuidedChatResponse,
  guidedChatResponseSchema,
} from '@faraday/contracts';
import type { ConversationMessageRow, ConversationRow } from './conversations.repository.js';

interface StoredTools {
  tool_calls: ConversationMessage['tool_calls'];
  tool_results: ConversationMessage['tool_results'];
}

/** The stored guided answer, or null when it no longer reads as one (then the session shows as plain chat). */
export function guidedStateOf(row: ConversationRow): GuidedChatResponse | null {
  if (row.guided_state === null) return null;
  const parsed = guidedChatResponseSchema.safeParse(JSON.parse(row.guided_state));
  return parsed.success ? parsed.data : null;
}

export function toConversationSummary(row: ConversationRow): ConversationSummary {
  const state = row.kind === 'guided' ? guidedStateOf(row) : null;
  return {
    id: row.id,
    kind: row.kind as ConversationKind,
    title: row.title,
    mode: row.mode,
    course_id: row.course_id,
    guided:
      state === null
        ? null
        : {
            session_id: state.session_id,
            topic: state.topic,
            current_step: state.current_step,
            total_steps: state.total_steps,
            progress_percentage: state.progress_percentage,
            completed: state.completed,
            expires_at: state.expires_at,
          },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toConversationMessage(row: ConversationMessageRow): ConversationMessage {
  const tools = row.tools === null ? null : (JSON.parse(row.tools) as StoredTools);
  return {
    id: row.id,
    role: row.role as ConversationMessage['role'],
    content: row.content,
    mode: row.mode,
    status: row.status as ConversationMessageStatus,
    citations: row.citations === null ? [] : (JSON.parse(row.citations) as ChatCitation[]),
    tool_calls: tools?.tool_calls ?? [],
    tool_results: tools?.tool_results ?? [],
    created_at: row.created_at,
  };
}

export function toConversationDetail(
  row: ConversationRow,
  messages: ConversationMessageRow[],
): ConversationDetail {
  return {
    ...toConversationSummary(row),
    messages: messages.map(toConversationMessage),
    guided_state: row.kind === 'guided' ? guidedStateOf(row) : null,
  };
}
