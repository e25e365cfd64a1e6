import {
  AppError,
  type ChatCitation,
  type GuidedChatRequest,
  type GuidedChatResponse,
} from '@faraday/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext, ChatDeps } from '../chat/chat.service.js';
import type { ExerciseEngine } from '../exercises/engine.js';
import { ExerciseAnswerError } from '../exercises/phrasing.js';
import type { CheckResult, Instance } from '../exercises/types.js';
import type { KnowledgeBase } from '../knowledge/knowledge-base.js';
import { SIMULATED_MODEL } from '../simulated/simulate.js';
import type { CourseSearch } from '../tools/course-search.js';
import { RoutedLlm } from '../upstream/routed-llm.js';
import { detectLang, excerptOf, type TextLang } from '../writing/text-segments.js';
import type { OutlineDocument } from './corpus-outline.js';
import { exercisePath } from './learning-path.js';
import {
  allExercises,
  currentExercise,
  exerciseNumber,
  type GuidedSession,
  isCompleted,
  moveOn,
  noteWeakPoint,
  progressOf,
  remember,
  SESSION_FORMAT,
  stepPassed,
} from './session.js';
import type { SessionLocks, SessionStore } from './session-store.js';
import { answerFromText } from './text-answer.js';
import { checkedReply, finishedReply, introReply } from './tutor-replies.js';

export interface GuidedDeps {
  chat: ChatDeps;
  store: SessionStore;
  locks: SessionLocks;
  outline: readonly OutlineDocument[];
  engine: ExerciseEngine;
  kb: KnowledgeBase;
  search: CourseSearch | undefined;
  ttlMs: number;
  now: () => number;
}

type Assessment = GuidedChatResponse['assessment'];

/**
 * `POST /v1/chat/guided`, one turn: start a session (plan the path, explain the first step, ask
 * its first exercise) or continue one (check the answer with the exercise engine; on a miss a
 * hint, on a second the worked solution; then the next exercise). Only checked answers pass an
 * exercise, and progress is the share passed. The session belongs to the user who started it:
 * any other user, like an unknown or expired id, gets 404.
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
  // No model is called, but the route is still decided: a route the caller may not ask for (public
  // without the gateway token) stays refused, and the decision line records who asked, where.
  new RoutedLlm(deps.chat, ctx, {
    kind: 'guided',
    privacy: request.privacy,
    courseId: request.course_id,
  }).isSimulated();
  const text = request.messages.at(-1)!.content;
  if (request.session_id === undefined) return startSession(deps, request, ctx, text);
  const id = request.session_id;
  return deps.locks.run(id, () => continueSession(deps, request, ctx, id, text));
}

function langOfTurn(topic: string, text: string): TextLang {
  return detectLang(topic) === 'zh' || detectLang(text) === 'zh' ? 'zh' : 'en';
}

async function startSession(
  deps: GuidedDeps,
  request: GuidedChatRequest,
  ctx: ChatContext,
  text: string,
): Promise<GuidedChatResponse> {
  const lang = langOfTurn(request.topic, text);
  const id = uuidv7();
  const now = deps.now();
  const session: GuidedSession = {
    format: SESSION_FORMAT,
    id,
    user_id: request.user_id,
    course_id: request.course_id ?? null,
    topic: request.topic,
    lang,
    steps: exercisePath(deps, id, request.topic, lang),
    current: 0,
    exercise: 0,
    attempts: 0,
    weak_points: [],
    history: [],
    model: SIMULATED_MODEL,
    created_at: now,
    updated_at: now,
    expires_at: now + deps.ttlMs,
  };
  remember(session, 'user', text);
  const citations = await citationsFor(deps, session, ctx);
  const reply = introReply(session, citations.length > 0 ? '[1]' : undefined, instanceOf(deps, session)!);
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

function instanceOf(deps: GuidedDeps, session: GuidedSession): Instance | undefined {
  const exercise = currentExercise(session);
  return exercise ? deps.engine.draw(exercise.template, exercise.seed) : undefined;
}

/**
 * Checks the answer: the web app's typed answer, whose unreadable form is a 400 and no attempt;
 * else the chat message read by the exercise's kind, whose unreadable form is a miss (a sentence
 * is not a number, however many right words it has), with the engine's reason as the feedback.
 */
function checkAnswer(
  deps: GuidedDeps,
  instance: Instance,
  request: GuidedChatRequest,
  text: string,
): { correct: boolean; feedback: CheckResult['feedback'] } {
  if (request.answer) {
    const result = deps.engine.check(instance, request.answer);
    return { correct: result.correct === true, feedback: result.feedback };
  }
  try {
    const result = deps.engine.check(instance, answerFromText(instance.view, text));
    return { correct: result.correct === true, feedback: result.feedback };
  } catch (error) {
    if (!(error instanceof ExerciseAnswerError)) throw error;
    return { correct: false, feedback: { code: `unreadable:${error.reason}`, ...error.messages } };
  }
}

async function continueSession(
  deps: GuidedDeps,
  request: GuidedChatRequest,
  ctx: ChatContext,
  id: string,
  text: string,
): Promise<GuidedChatResponse> {
  const session = await loadOwned(deps, id, request.user_id);
  if (session.course_id !== (request.course_id ?? null)) {
    throw new AppError('VALIDATION_ERROR', 'This session belongs to another course', {
      details: `course_id: the session was started ${session.course_id ? `in course ${session.course_id}` : 'without a course'}`,
    });
  }
  if (isCompleted(session)) {
    remember(session, 'user', text);
    return finish(deps, session, finishedReply(session), [], null);
  }
  const instance = instanceOf(deps, session)!;
  const check = checkAnswer(deps, instance, request, text);
  remember(session, 'user', text);
  const exercise = currentExercise(session)!;
  const assessment: NonNullable<Assessment> = {
    understood: check.correct,
    judged_by: 'exercise',
    reason: check.feedback.code,
  };
  let help: Parameters<typeof checkedReply>[2] = {};
  if (check.correct) exercise.status = 'passed';
  else {
    session.attempts += 1;
    noteWeakPoint(session, check.feedback[session.lang]);
    if (session.attempts >= 2) {
      exercise.status = 'missed';
      help = { solution: instance.solution };
    } else help = { hint: instance.hint };
  }
  const stays = !check.correct && session.attempts < 2;
  const moved = stays ? { newStep: false, review: false } : moveOn(session);
  const citations = moved.newStep ? await citationsFor(deps, session, ctx) : [];
  const reply = checkedReply(session, check, help, {
    instance: stays ? instance : instanceOf(deps, session),
    ...moved,
    marker: citations.length > 0 ? '[1]' : undefined,
  });
  return finish(deps, session, reply, citations, assessment);
}

/** Passages for the current step: retrieval when it has something relevant, else the step's own section. */
async function citationsFor(
  deps: GuidedDeps,
  session: GuidedSession,
  ctx: ChatContext,
): Promise<ChatCitation[]> {
  const step = session.steps[session.current];
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
  const { source } = step;
  // The step's section is `<notes title> > <section>`: cited like retrieval's passages, by the
  // notes' title and the section within them (docs/adr/0134).
  const [title, ...within] = source.section.split(' > ');
  return [
    {
      n: 1,
      source: source.source,
      ...(within.length > 0 ? { title: title!, section: within.join(' > ') } : { section: source.section }),
      text: excerptOf(source.text, 400),
    },
  ];
}

/** The exercise to answer now, as the web app renders it: the view in the session's language, no key. */
function exerciseOf(session: GuidedSession, instance: Instance | undefined): GuidedChatResponse['exercise'] {
  if (!instance) return null;
  const { view } = instance;
  const { lang } = session;
  return {
    kind: view.kind,
    prompt: view.prompt[lang],
    ...(view.unit !== undefined ? { unit: view.unit } : {}),
    ...(view.choices ? { choices: view.choices.map((c) => ({ id: c.id, text: c.text[lang] })) } : {}),
    ...(view.symbols ? { symbols: view.symbols } : {}),
    number: exerciseNumber(session),
    total: allExercises(session).length,
  };
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
  const done = isCompleted(session);
  const goal = session.lang === 'zh' ? '答对这一步的练习' : 'Answer the exercises of this step correctly';
  return {
    reply,
    session_id: session.id,
    topic: session.topic,
    current_step: Math.min(session.current + 1, total),
    total_steps: total,
    progress_percentage: progressOf(session),
    completed: done,
    learning_path: session.steps.map((step, i) => ({
      step: i + 1,
      title: step.title,
      goal,
      status: done || stepPassed(step) ? 'done' : i === session.current ? 'current' : 'pending',
      source: step.source.source,
    })),
    weak_points: session.weak_points,
    citations,
    assessment,
    path_source: 'corpus',
    model: session.model,
    expires_at: new Date(session.expires_at).toISOString(),
    exercise: exerciseOf(session, instanceOf(deps, session)),
  };
}
