import {
  AppError,
  customCheckRequestSchema,
  customInstanceRequestSchema,
  exerciseCheckRequestSchema,
  exerciseCheckResultSchema,
  exerciseInstanceRequestSchema,
  exerciseInstanceResponseSchema,
  exerciseKinds,
  exerciseTemplateSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChatDeps } from '../chat/chat.service.js';
import { answerCallerGone, llmContextOf, RoutedLlm } from '../upstream/routed-llm.js';
import { CallerGone } from '../upstream/upstream-errors.js';
import { detectLang } from '../writing/text-segments.js';
import type { ExerciseEngine } from './engine.js';
import { LlmExplanationJudge } from './llm-judge.js';
import { seedFor } from './seed.js';

/**
 * `/v1/exercises/*`: the backend draws a student's instance and checks answers here. Only the
 * backend may call them (the gateway token, in every environment): a seed and a check together
 * would let anyone else try answers without their attempts being counted.
 */
function requireBackend(request: FastifyRequest): void {
  if (!request.trusted) throw new AppError('UNAUTHORIZED', 'Exercises need the gateway token');
}

const templatesQuerySchema = z.object({
  kind: z.enum(exerciseKinds).optional(),
  topic: z.string().max(64).optional(),
});

export function exerciseRoutes(engine: ExerciseEngine, chat: ChatDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/v1/exercises/templates',
      {
        config: { errors: ['UNAUTHORIZED'] },
        schema: {
          tags: ['tutoring'],
          summary: 'The exercise templates, by kind and topic',
          querystring: templatesQuerySchema,
          response: { 200: successEnvelopeSchema(z.object({ templates: z.array(exerciseTemplateSchema) })) },
        },
      },
      async (request) => {
        requireBackend(request);
        const { kind, topic } = request.query;
        const templates = engine
          .templates()
          .filter((t) => (!kind || t.kind === kind) && (!topic || t.topic === topic));
        return ok({ templates });
      },
    );
    routes.post(
      '/v1/exercises/instances',
      {
        config: { errors: ['UNAUTHORIZED', 'NOT_FOUND'] },
        schema: {
          tags: ['tutoring'],
          summary: "Draw a student's instance of an exercise: the view, never the answer",
          description:
            'The seed is a hash of the student, the template and the attempt: the same three give the same ' +
            'numbers and choices. Keep the seed on the server and show the student the view only.',
          body: exerciseInstanceRequestSchema,
          response: { 200: successEnvelopeSchema(exerciseInstanceResponseSchema) },
        },
      },
      async (request) => {
        requireBackend(request);
        const seed = seedFor(request.body);
        return ok({ seed, view: engine.draw(request.body.template, seed).view });
      },
    );
    routes.post(
      '/v1/exercises/check',
      {
        bodyLimit: 64 * 1024,
        config: { errors: ['UNAUTHORIZED', 'NOT_FOUND', 'EXERCISE_ANSWER_INVALID'] },
        schema: {
          tags: ['tutoring'],
          summary: 'Check an answer: score, feedback on the slip made, hint and worked solution',
          description:
            'Deterministic for numeric, choice and formula: the same template, seed and answer always give ' +
            'the same result. An answer of the wrong kind, without a needed unit, unreadable or too long is a ' +
            '400 EXERCISE_ANSWER_INVALID (details says why) and is not an attempt. Explanations: without an ' +
            'LLM upstream they come back ungraded (feedback.code explain-self) with the model answer for the ' +
            "student to mark themselves; with one, a model judges them against the model answer's points " +
            '(explain-judged, explain-misconception), and when it fails or the answer addresses the grader ' +
            'they come back ungraded (explain-self-failed, explain-self-instructions). Never gate progress on ' +
            'an explanation.',
          body: exerciseCheckRequestSchema,
          response: { 200: successEnvelopeSchema(exerciseCheckResultSchema) },
        },
      },
      async (request, reply) => {
        requireBackend(request);
        const { template, seed, answer } = request.body;
        const instance = engine.draw(template, seed);
        if (answer.kind !== 'explain' || instance.view.kind !== 'explain')
          return ok(engine.check(instance, answer));
        const llm = new RoutedLlm(chat, llmContextOf(request, reply), { kind: 'exercise_judge' });
        if (llm.isSimulated()) return ok(engine.check(instance, answer));
        try {
          const judge = new LlmExplanationJudge(llm, engine.judging);
          return ok(await engine.judgeExplanation(instance, answer, judge, detectLang(answer.text)));
        } catch (error) {
          if (!(error instanceof CallerGone)) throw error;
          return answerCallerGone(reply);
        }
      },
    );
    routes.post(
      '/v1/exercises/custom/instances',
      {
        bodyLimit: 64 * 1024,
        config: { errors: ['UNAUTHORIZED', 'VALIDATION_ERROR'] },
        schema: {
          tags: ['tutoring'],
          summary: "Draw a student's instance of a teacher's question: the view, never the answer",
          description:
            'As /v1/exercises/instances for a question a teacher wrote (quizzes): the definition comes ' +
            'with the call, the seed is a hash of the student, `custom:<id>` and the attempt. A definition ' +
            'that cannot be drawn (unknown symbol or unit, no finite answer) is a 400 VALIDATION_ERROR.',
          body: customInstanceRequestSchema,
          response: { 200: successEnvelopeSchema(exerciseInstanceResponseSchema) },
        },
      },
      async (request) => {
        requireBackend(request);
        const { question, id, student, attempt } = request.body;
        const seed = seedFor({ student, template: `custom:${id}`, attempt });
        return ok({ seed, view: engine.drawCustom(question, id, seed).view });
      },
    );
    routes.post(
      '/v1/exercises/custom/check',
      {
        bodyLimit: 64 * 1024,
        config: { errors: ['UNAUTHORIZED', 'VALIDATION_ERROR', 'EXERCISE_ANSWER_INVALID'] },
        schema: {
          tags: ['tutoring'],
          summary: "Check an answer to a teacher's question",
          description: 'As /v1/exercises/check, deterministic in (definition, id, seed, answer).',
          body: customCheckRequestSchema,
          response: { 200: successEnvelopeSchema(exerciseCheckResultSchema) },
        },
      },
      async (request) => {
        requireBackend(request);
        const { question, id, seed, answer } = request.body;
        return ok(engine.checkCustom(question, id, seed, answer));
      },
    );
  };
}
