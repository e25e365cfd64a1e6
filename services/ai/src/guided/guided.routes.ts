import {
  guidedChatRequestSchema,
  guidedChatResponseSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ChatDeps } from '../chat/chat.service.js';
import { courseExercises } from '../exercises/engine.js';
import { courseKnowledge } from '../knowledge/knowledge-base.js';
import type { CourseSearch } from '../tools/course-search.js';
import { answerCallerGone, llmContextOf } from '../upstream/routed-llm.js';
import { CallerGone } from '../upstream/upstream-errors.js';
import { loadOutline, type OutlineDocument } from './corpus-outline.js';
import { guidedTurn } from './guided.service.js';
import { RedisSessionStore } from './redis-session-store.js';
import { LazySessionStore, SessionLocks, type SessionStore } from './session-store.js';
import { SqliteSessionStore } from './sqlite-session-store.js';

export interface GuidedRouteOptions {
  chat: ChatDeps;
  search: CourseSearch | undefined;
  now: () => number;
}

async function outlineOrEmpty(app: FastifyInstance): Promise<OutlineDocument[]> {
  try {
    return await loadOutline();
  } catch (error) {
    // Without the notes, paths are generic; the service still starts.
    app.log.warn(
      { err: error },
      'guided: the course notes could not be read; learning paths will be generic',
    );
    return [];
  }
}

export function guidedRoutes(options: GuidedRouteOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const { tutoring } = options.chat.config;
    const { redisUrl } = tutoring;
    const store: SessionStore = redisUrl
      ? new LazySessionStore(
          'redis',
          () => new RedisSessionStore(redisUrl, options.now, app.log, `${tutoring.redisPrefix}guided:`),
        )
      : new LazySessionStore(
          'sqlite',
          () => new SqliteSessionStore(tutoring.sessionStorePath, options.now, app.log),
        );
    app.addHook('onClose', async () => store.close());
    app.log.info(
      { store: store.kind, ...(store.kind === 'sqlite' ? { path: tutoring.sessionStorePath } : {}) },
      'guided sessions',
    );
    const deps = {
      chat: options.chat,
      store,
      locks: new SessionLocks(),
      outline: await outlineOrEmpty(app),
      engine: courseExercises(),
      kb: courseKnowledge(),
      search: options.search,
      ttlMs: tutoring.sessionTtlMs,
      now: options.now,
    };

    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/chat/guided',
      {
        config: {
          errors: ['SESSION_NOT_FOUND', 'EXERCISE_ANSWER_INVALID', 'ROUTING_FORBIDDEN'],
        },
        schema: {
          tags: ['tutoring'],
          summary: 'A turn of a guided learning session (omit session_id to start one)',
          description:
            'The session holds a learning path of 3–6 steps (sections of the notes), each explained and checked by ' +
            'exercises of the exercise engine (numeric with units, multiple choice, formula). Each turn checks the ' +
            'answer to the current exercise (`answer`, or the last message read by the exercise kind): a miss gets a ' +
            'hint, a second the worked solution, and the exercise comes back with new numbers after the last step. ' +
            '`exercise` is the one to answer now, never with its answer. progress_percentage is the share of ' +
            'exercises passed. A topic without checked exercises is a 400; a typed `answer` the engine cannot read ' +
            'is a 400 EXERCISE_ANSWER_INVALID and no attempt. Sessions expire after GUIDED_SESSION_TTL_MIN minutes ' +
            'of inactivity and answer only the user who started them: anyone else gets 404 SESSION_NOT_FOUND.',
          body: guidedChatRequestSchema,
          response: { 200: successEnvelopeSchema(guidedChatResponseSchema) },
        },
      },
      async (request, reply) => {
        try {
          return ok(await guidedTurn(deps, request.body, llmContextOf(request, reply)));
        } catch (error) {
          if (!(error instanceof CallerGone)) throw error;
          return answerCallerGone(reply);
        }
      },
    );
  };
}
