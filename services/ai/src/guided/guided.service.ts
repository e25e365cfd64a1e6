import {
  AppError,
  type ChatCitation,
  type GuidedChatRequest,
  type GuidedChatResponse,
} from '@faraday/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext, ChatDeps } from '../chat/chat.service.js';
import { SIMULATED_MODEL } from '../simulated/simulate.js';
import type { CourseSearch } from '../tools/course-search.js';
import { RoutedLlm } from '../upstream/routed-llm.js';
import { detectLang, excerptOf, type TextLang } from '../writing/text-segments.js';
import type { OutlineDocument } from './corpus-outline.js';
import { tokensOf } from './key-terms.js';
import { courseOutline, modelPath, notesPath, uploadPath } from './learning-path.js';
import { modelTurn } from './model-turn.js';
import {
  type GuidedSession,
  isCompleted,
  noteWeakPoint,
  progressOf,
  remember,
  SESSION_FORMAT,
  type Step,
} from './session.js';
import type { SessionLocks, SessionStore } from './session-store.js';
import {
  advanceReply,
  finishedReply,
  hintFor,
  introReply,
  isStudentQuestion,
  keySentence,
  pieceByPieceReply,
  questionReply,
  retryReply,
  weakPointNote,
} from './tutor-replies.js';
import { judgeAnswer } from './understanding.js';

export interface GuidedDeps {
  chat: ChatDeps;
  store: SessionStore;
  locks: SessionLocks;
  outline: readonly OutlineDocument[];
  search: CourseSearch | undefined;
  ttlMs: number;
  now: () => number;
}

type Assessment = GuidedChatResponse['assessment'];

/**
 * `POST /v1/chat/guided`, one turn: start a session (plan the path, ask the first question) or
 * continue one (judge the answer, advance or hint, ask the next question). The session belongs
 * to the user who started it: any other user, like an unknown or expired id, gets 404.
 */
export async function guidedTurn(
  deps: GuidedDeps,
  request: GuidedChatRequest,
  ctx: ChatContext,
): Promise<GuidedChatResponse> {
  // The backend sends the user both in the body (spec) and as X-User-Id; they must agree.
  if (ctx.user.id !== undefined && ctx.user.id !== request.user_id) {
    throw new AppError('VALIDATION_ERROR', 'The user_id does not match the caller', {
      details: 'user_id: differs from the X-User-Id header',
    });
  }
  const llm = new RoutedLlm(deps.chat, ctx, {
    kind: 'guided',
    privacy: request.privacy,
    courseId: request.course_id,
  });
  const simulated = llm.isSimulated();
  const answer = request.messages.at(-1)!.content;
  if (request.session_id === undefined) return startSession(deps, request, ctx, llm, simulated, answer);
  const id = request.session_id;
  return deps.locks.run(id, () => continueSession(deps, request, ctx, llm, simulated, id, answer));
}

function langOfTurn(topic: string, answer: string): TextLang {
  return detectLang(topic) === 'zh' || detectLang(answer) === 'zh' ? 'zh' : 'en';
}

async function startSession(
  deps: GuidedDeps,
  request: GuidedChatRequest,
  ctx: ChatContext,
  llm: RoutedLlm,
  simulated: boolean,
  answer: string,
): Promise<GuidedChatResponse> {
  const lang = langOfTurn(request.topic, answer);
  // A course's own uploads come first when one of them is about the topic.
  const uploads =
    request.course_id && deps.search?.courseDocuments
      ? courseOutline(deps.search.courseDocuments(request.course_id))
      : [];
  const fromUploads = uploads.length > 0 ? uploadPath(uploads, request.topic, lang) : undefined;
  const path =
    fromUploads ??
    (simulated
      ? notesPath(deps.outline, request.topic, lang)
      : await modelPath(llm, deps.outline, request.topic, lang, ctx.log));
  const now = deps.now();
  const session: GuidedSession = {
    format: SESSION_FORMAT,
    id: uuidv7(),
    user_id: request.user_id,
    course_id: request.course_id ?? null,
    topic: request.topic,
    lang,
    path_source: path.source,
    steps: path.steps,
    current: 0,
    attempts: 0,
    weak_points: [],
    history: [],
    model: simulated ? SIMULATED_MODEL : llm.model,
    created_at: now,
    updated_at: now,
    expires_at: now + deps.ttlMs,
  };
  remember(session, 'user', answer);
  const citations = await citationsFor(deps, session, ctx);
  const reply = introReply(session, citations.length > 0 ? '[1]' : undefined);
  return finish(deps, session, reply, citations, null);
}

async function loadOwned(deps: GuidedDeps, id: string, userId: string): Promise<GuidedSession> {
  let session: GuidedSession | undefined;
  try {
    session = await deps.store.load(id);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The guided-session store is not available', { cause: error });
  }
  // Someone else's session answers exactly like a missing one: the API does not reveal it exists.
  if (!session || session.user_id !== userId) {
    throw new AppError('SESSION_NOT_FOUND', 'No such guided session for this user (it may have expired)');
  }
  return session;
}

async function continueSession(
  deps: GuidedDeps,
  request: GuidedChatRequest,
  ctx: ChatContext,
  llm: RoutedLlm,
  simulated: boolean,
  id: string,
  answer: string,
): Promise<GuidedChatResponse> {
  const session = await loadOwned(deps, id, request.user_id);
  if (session.course_id !== (request.course_id ?? null)) {
    throw new AppError('VALIDATION_ERROR', 'This session belongs to another course', {
      details: `course_id: the session was started ${session.course_id ? `in course ${session.course_id}` : 'without a course'}`,
    });
  }
  remember(session, 'user', answer);
  if (isCompleted(session)) return finish(deps, session, finishedReply(session), [], null);

  const step = session.steps[session.current]!;
  const stepCitations = await citationsFor(deps, session, ctx);
  // The student's own question is answered first and is not judged as an answer.
  if (simulated && isStudentQuestion(answer)) {
    const words = tokensOf(answer).map((token) => token.surface);
    const sentence = keySentence(step.source?.text ?? stepCitations[0]?.text ?? '', words);
    const marker = stepCitations.length > 0 ? '[1]' : undefined;
    return finish(deps, session, questionReply(session, sentence, marker), stepCitations, null);
  }
  const verdict = simulated ? undefined : await modelTurn(llm, session, contextOf(stepCitations));
  if (!simulated && !verdict)
    ctx.log.warn('guided: the model’s judgement was unusable; the rules judge this turn');
  const judgement = verdict ? undefined : judgeAnswer(answer, step, session.lang);
  const assessment: NonNullable<Assessment> = verdict
    ? { understood: verdict.understood, judged_by: 'model', reason: verdict.reason }
    : { understood: judgement!.understood, judged_by: 'rules', reason: judgement!.reason };

  if (assessment.understood) {
    session.current += 1;
    session.attempts = 0;
    const next = isCompleted(session) ? [] : await citationsFor(deps, session, ctx);
    // Worded after advancing, so the reply introduces the step the student is now on.
    const reply = verdict
      ? verdict.reply
      : advanceReply(session, judgement!, next.length > 0 ? '[1]' : undefined);
    return finish(deps, session, reply, next, assessment);
  }
  session.attempts += 1;
  const note = verdict ? (verdict.weak_point ?? undefined) : weakPointNote(judgement!, step, session.lang);
  if (note) noteWeakPoint(session, note);
  // Three hints, the last a worked explanation; after that, one piece at a time (never the
  // same reply twice, and no progress without an answer that shows understanding).
  if (!verdict && session.attempts > 3) {
    return finish(deps, session, pieceByPieceReply(session, session.attempts), stepCitations, assessment);
  }
  let reply: string;
  if (verdict) reply = verdict.reply;
  else {
    const marker = stepCitations.length > 0 ? '[1]' : undefined;
    const quote = keySentence(step.source?.text ?? stepCitations[0]?.text ?? '', step.key_terms);
    reply = retryReply(
      session,
      judgement!,
      hintFor(step, judgement!, session.attempts, quote, marker, session.lang),
    );
  }
  return finish(deps, session, reply, stepCitations, assessment);
}

/** Passages for the current step: retrieval when it has something relevant, else the step's own section. */
async function citationsFor(
  deps: GuidedDeps,
  session: GuidedSession,
  ctx: ChatContext,
): Promise<ChatCitation[]> {
  const step: Step | undefined = session.steps[session.current];
  if (!step) return [];
  if (deps.search) {
    try {
      const found = await deps.search.search(`${session.topic} ${step.title}`, {
        courseId: session.course_id ?? undefined,
        limit: 3,
        signal: ctx.signal,
      });
      if (found.relevant && found.citations.length > 0) return found.citations;
    } catch (error) {
      // Citations enrich the turn; a retrieval failure must not cost the student the turn.
      ctx.log.warn({ err: error }, 'guided: course material search failed');
    }
  }
  if (!step.source) return [];
  // The step's section is `<notes title> > <section>`: cited like retrieval's passages, by the
  // notes' title and the section within them (docs/adr/0134).
  const [title, ...within] = step.source.section.split(' > ');
  return [
    {
      n: 1,
      source: step.source.source,
      ...(within.length > 0
        ? { title: title!, section: within.join(' > ') }
        : { section: step.source.section }),
      text: excerptOf(step.source.text, 400),
    },
  ];
}

function contextOf(citations: ChatCitation[]): string | undefined {
  if (citations.length === 0) return undefined;
  return citations.map((c) => `[${c.n}] ${c.section} (${c.source}): ${c.text}`).join('\n');
}

async function finish(
  deps: GuidedDeps,
  session: GuidedSession,
  reply: string,
  citations: ChatCitation[],
  assessment: Assessment,
): Promise<GuidedChatResponse> {
  remember(session, 'assistant', reply);
  const now = deps.now();
  session.updated_at = now;
  session.expires_at = now + deps.ttlMs;
  try {
    await deps.store.save(session);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The guided-session store is not available', { cause: error });
  }
  const total = session.steps.length;
  return {
    reply,
    session_id: session.id,
    topic: session.topic,
    current_step: Math.min(session.current + 1, total),
    total_steps: total,
    progress_percentage: progressOf(session),
    completed: isCompleted(session),
    learning_path: session.steps.map((step, i) => ({
      step: i + 1,
      title: step.title,
      goal: step.goal,
      key_terms: step.key_terms,
      status: i < session.current ? 'done' : i === session.current ? 'current' : 'pending',
      ...(step.source ? { source: step.source.source } : {}),
    })),
    weak_points: session.weak_points,
    citations,
    assessment,
    path_source: session.path_source,
    model: session.model,
    expires_at: new Date(session.expires_at).toISOString(),
  };
}
