import { z } from 'zod';
import {
  chatCitationSchema,
  gatewayChatRequestSchema,
  toolCallRecordSchema,
  toolResultRecordSchema,
} from './ai.js';
import { paginatedSchema, paginationQuerySchema } from './pagination.js';
import { guidedChatResponseSchema, toolChatRequestSchema } from './tutoring.js';

/**
 * Conversations with the AI tutor, kept per user by the backend. A `chat`
 * conversation records each exchange of `/api/v1/ai/chat` (and chat with tools) that names it;
 * a `guided` one is created by the first turn of a guided session and keeps its latest state
 * so that an unfinished session can be resumed.
 */

export const conversationKinds = ['chat', 'guided'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** complete: the answer arrived in full; stopped: the caller left mid-stream; failed: the AI service broke off. */
export const conversationMessageStatuses = ['complete', 'stopped', 'failed'] as const;
export type ConversationMessageStatus = (typeof conversationMessageStatuses)[number];

export const MAX_CONVERSATION_TITLE_CHARS = 200;

/** The mode recorded for exchanges of the chat with tools (not a mode the AI service knows). */
export const TOOLS_CHAT_MODE = 'tools';

const conversationIdSchema = z.string().trim().min(1).max(64);
const titleSchema = z.string().trim().min(1).max(MAX_CONVERSATION_TITLE_CHARS);

export const conversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string().describe('May be empty for an answer stopped before its first words'),
  mode: z.string().nullable().describe('The chat mode the exchange used'),
  status: z.enum(conversationMessageStatuses),
  citations: z.array(chatCitationSchema),
  tool_calls: z.array(toolCallRecordSchema),
  tool_results: z.array(toolResultRecordSchema),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const guidedSummarySchema = z.object({
  session_id: z.string(),
  topic: z.string(),
  current_step: z.number().int(),
  total_steps: z.number().int(),
  progress_percentage: z.number().int(),
  completed: z.boolean(),
  expires_at: z
    .string()
    .describe('After this the AI service has forgotten the session: it cannot be resumed'),
});

export const conversationSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(conversationKinds),
  title: z.string(),
  mode: z.string().nullable(),
  course_id: z.string().nullable(),
  guided: guidedSummarySchema.nullable().describe('Guided sessions only'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema).describe('Oldest first'),
  guided_state: guidedChatResponseSchema
    .nullable()
    .describe('Guided sessions: the latest answer (path, progress, weak points, citations)'),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationListSchema = paginatedSchema('conversations', conversationSummarySchema);
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationListQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(conversationKinds).optional(),
  unfinished: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: guided sessions not completed and not expired, the ones that can be resumed'),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const createConversationRequestSchema = z.object({
  title: titleSchema.optional().describe('Default: the first question, shortened'),
  mode: z.string().min(1).max(64).optional(),
  course_id: conversationIdSchema.optional().describe('A course you belong to'),
});
export type CreateConversationRequest = z.infer<typeof createConversationRequestSchema>;

export const renameConversationRequestSchema = z.object({ title: titleSchema });
export type RenameConversationRequest = z.infer<typeof renameConversationRequestSchema>;

const conversationField = conversationIdSchema
  .optional()
  .describe('Record this exchange in one of your conversations (404 CONVERSATION_NOT_FOUND otherwise)');

/** `POST /api/v1/ai/chat` (and `/chat/hybrid`): the chat body plus the conversation to record into. */
export const recordedChatRequestSchema = gatewayChatRequestSchema.extend({
  conversation_id: conversationField,
});
export type RecordedChatRequest = z.infer<typeof recordedChatRequestSchema>;

/** `POST /api/v1/ai/chat_with_tools`: the tools body plus the conversation to record into. */
export const recordedToolChatRequestSchema = toolChatRequestSchema.extend({
  conversation_id: conversationField,
});
export type RecordedToolChatRequest = z.infer<typeof recordedToolChatRequestSchema>;
