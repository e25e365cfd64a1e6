import {
  AppError,
  type ChatCitation,
  type ConversationListQuery,
  type ConversationMessage,
  type ConversationMessageStatus,
  type CreateConversationRequest,
  type GuidedChatResponse,
  pageOffset,
} from '@faraday/contracts';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { retryTransient } from '../db/transient-errors.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import {
  type ConversationRow,
  deleteConversation,
  findGuidedConversation,
  findOwnConversation,
  insertConversation,
  insertMessages,
  listConversations,
  messagesOf,
  updateConversation,
} from './conversations.repository.js';

/** How long a title taken from the first question may be. */
const DERIVED_TITLE_CHARS = 80;

export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= DERIVED_TITLE_CHARS ? line : `${line.slice(0, DERIVED_TITLE_CHARS - 1).trimEnd()}…`;
}

/** The caller's own conversation; anyone else's answers exactly like a missing one. */
export async function ownConversation(db: Db, principal: Principal, id: string): Promise<ConversationRow> {
  const row = await findOwnConversation(db, principal.userId, id);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

export async function createConversation(
  db: Db,
  principal: Principal,
  body: CreateConversationRequest,
): Promise<ConversationRow> {
  if (body.course_id !== undefined) await accessCourse(db, principal, body.course_id);
  const now = isoNow();
  const row: ConversationRow = {
    id: newId(),
    user_id: principal.userId,
    kind: 'chat',
    // Empty until named: the first question names it unless the user does first.
    title: body.title ?? '',
    mode: body.mode ?? null,
    course_id: body.course_id ?? null,
    ai_session_id: null,
    guided_state: null,
    completed: 0,
    expires_at: null,
    created_at: now,
    updated_at: now,
  };
  await insertConversation(db, row);
  return row;
}

export function conversationList(db: Db, principal: Principal, query: ConversationListQuery) {
  return listConversations(db, {
    userId: principal.userId,
    kind: query.kind,
    resumableAt: query.unfinished === 'true' ? isoNow() : undefined,
    offset: pageOffset(query),
    limit: query.limit,
  });
}

export async function conversationWithMessages(db: Db, principal: Principal, id: string) {
  const row = await ownConversation(db, principal, id);
  return { row, messages: await messagesOf(db, row.id) };
}

export async function renameConversation(
  db: Db,
  principal: Principal,
  id: string,
  title: string,
): Promise<ConversationRow> {
  const row = await ownConversation(db, principal, id);
  const changed = { title, updated_at: isoNow() };
  await updateConversation(db, row.id, changed);
  return { ...row, ...changed };
}

export async function removeConversation(db: Db, principal: Principal, id: string): Promise<void> {
  const row = await ownConversation(db, principal, id);
  await deleteConversation(db, row.id);
}

/** The assistant's side of one exchange, as far as it got. */
export interface RecordedAnswer {
  content: string;
  status: ConversationMessageStatus;
  citations?: ChatCitation[];
  tools?: Pick<ConversationMessage, 'tool_calls' | 'tool_results'>;
}

export interface Exchange {
  question: string;
  /** When the question was asked (the answer is stamped when it is recorded). */
  askedAt: string;
  mode: string;
  courseId: string | undefined;
  answer: RecordedAnswer;
}

function messageRows(conversationId: string, exchange: Exchange) {
  const { answer } = exchange;
  return [
    {
      id: newId(),
      conversation_id: conversationId,
      role: 'user',
      content: exchange.question,
      mode: exchange.mode,
      status: 'complete',
      citations: null,
      tools: null,
      created_at: exchange.askedAt,
    },
    {
      id: newId(),
      conversation_id: conversationId,
      role: 'assistant',
      content: answer.content,
      mode: exchange.mode,
      status: answer.status,
      citations: answer.citations?.length ? JSON.stringify(answer.citations) : null,
      tools: answer.tools ? JSON.stringify(answer.tools) : null,
      created_at: isoNow(),
    },
  ];
}

/**
 * Records a question and its answer together (one transaction), and moves the conversation to
 * the exchange's mode and course; an unnamed conversation takes its title from the question.
 */
export async function recordExchange(
  db: Db,
  conversation: ConversationRow,
  exchange: Exchange,
): Promise<void> {
  const rows = messageRows(conversation.id, exchange);
  await retryTransient(() =>
    db.transaction().execute(async (tx) => {
      await insertMessages(tx, rows);
      await updateConversation(tx, conversation.id, {
        mode: exchange.mode,
        course_id: exchange.courseId ?? null,
        updated_at: rows[1]!.created_at,
        ...(conversation.title === '' ? { title: titleFrom(exchange.question) } : {}),
      });
    }),
  );
}

/**
 * Records a guided turn in the session's conversation (created by its first turn) and keeps the
 * latest answer, which is what resuming the session shows.
 */
export async function recordGuidedTurn(
  db: Db,
  principal: Principal,
  turn: { question: string; askedAt: string; courseId: string | undefined; answer: GuidedChatResponse },
): Promise<void> {
  const { answer } = turn;
  const state = {
    guided_state: JSON.stringify(answer),
    completed: answer.completed ? 1 : 0,
    // Normalised to our one timestamp format, so the resumable filter compares like with like.
    expires_at: new Date(answer.expires_at).toISOString(),
  };
  const exchange: Exchange = {
    question: turn.question,
    askedAt: turn.askedAt,
    mode: 'guided',
    courseId: turn.courseId,
    answer: { content: answer.reply, status: 'complete', citations: answer.citations },
  };
  await retryTransient(() =>
    db.transaction().execute(async (tx) => {
      let conversation = await findGuidedConversation(tx, principal.userId, answer.session_id);
      if (!conversation) {
        conversation = {
          id: newId(),
          user_id: principal.userId,
          kind: 'guided',
          title: titleFrom(answer.topic),
          mode: 'guided',
          course_id: turn.courseId ?? null,
          ai_session_id: answer.session_id,
          ...state,
          created_at: turn.askedAt,
          updated_at: turn.askedAt,
        };
        await insertConversation(tx, conversation);
      }
      const rows = messageRows(conversation.id, exchange);
      await insertMessages(tx, rows);
      await updateConversation(tx, conversation.id, { ...state, updated_at: rows[1]!.created_at });
    }),
  );
}
