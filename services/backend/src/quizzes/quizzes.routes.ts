import {
  ok,
  putQuizRequestSchema,
  quizAnswersRequestSchema,
  quizAttemptListQuerySchema,
  quizAttemptListSchema,
  quizAttemptSchema,
  quizBankQuerySchema,
  quizBankSchema,
  quizResultsSchema,
  quizSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import type { ExerciseClient } from './exercise-client.js';
import {
  type AttemptContext,
  getAttempt,
  listAttempts,
  regradeAttempt,
  saveAttemptAnswers,
  startAttempt,
  submitAttempt,
} from './quiz-attempts.service.js';
import { getQuiz, putQuiz, quizBank, quizResults } from './quizzes.service.js';

const tags = ['quizzes'];
const security = [{ bearerAuth: [] }];
const id = z.string().min(1).max(64);
const courseParams = z.object({ course_id: id });
const quizParams = courseParams.extend({ assignment_id: id });
const attemptParams = quizParams.extend({ attempt_id: id });
const QUIZ = '/api/v1/courses/:course_id/assignments/:assignment_id/quiz';
const UPSTREAM = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'] as const;
const READ = {
  access: 'course:read' as const,
  errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND', 'NOT_FOUND'] as const,
};
const attemptEnvelope = successEnvelopeSchema(quizAttemptSchema);

/** Quizzes as an assignment kind (docs/adr/0145): building, taking, grading and results. */
export function quizzesRoutes(db: Db, engine: ExerciseClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const call = (request: FastifyRequest) => {
      const principal = principalOf(request);
      return {
        requestId: String(request.id),
        user: { userId: principal.userId, role: principal.role },
        log: request.log,
      };
    };
    const ctx = (request: FastifyRequest): AttemptContext => ({
      db,
      engine,
      call: call(request),
      log: request.log,
    });
    const ids = (p: z.infer<typeof attemptParams>) => ({
      courseId: p.course_id,
      assignmentId: p.assignment_id,
      attemptId: p.attempt_id,
    });

    routes.get(
      '/api/v1/courses/:course_id/quiz-bank',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND', ...UPSTREAM] },
        schema: {
          tags,
          security,
          summary: "The exercise bank's checked templates by topic, kind and difficulty (course staff)",
          params: courseParams,
          querystring: quizBankQuerySchema,
          response: { 200: successEnvelopeSchema(quizBankSchema) },
        },
      },
      async (request) =>
        ok(
          await quizBank(
            db,
            engine,
            call(request),
            principalOf(request),
            request.params.course_id,
            request.query,
          ),
        ),
    );

    routes.get(
      QUIZ,
      {
        config: { ...READ, errors: [...READ.errors, ...UPSTREAM] },
        schema: {
          tags,
          security,
          summary: "A quiz's settings and questions; staff also get each question's definition and a preview",
          params: quizParams,
          response: { 200: successEnvelopeSchema(quizSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(await getQuiz(db, engine, call(request), principalOf(request), course_id, assignment_id));
      },
    );

    routes.put(
      QUIZ,
      {
        bodyLimit: 512 * 1024,
        config: { access: 'course:write', errors: [...READ.errors, 'QUIZ_HAS_ATTEMPTS', ...UPSTREAM] },
        schema: {
          tags,
          security,
          summary: "Set a quiz's questions (bank templates or the teacher's own), attempts and time limit",
          description:
            'max_score becomes the sum of the points. Every question is drawn once first: an unknown template ' +
            'or a definition the engine cannot draw is a 400 naming the question. Refused with ' +
            'QUIZ_HAS_ATTEMPTS once a student has started the quiz.',
          params: quizParams,
          body: putQuizRequestSchema,
          response: { 200: successEnvelopeSchema(quizSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        const who = principalOf(request);
        const where = { courseId: course_id, assignmentId: assignment_id };
        return ok(await putQuiz(db, engine, call(request), who, where, request.body));
      },
    );

    routes.get(
      `${QUIZ}/results`,
      {
        config: READ,
        schema: {
          tags,
          security,
          summary: 'Per question: the share right, the feedback given, the options chosen (course staff)',
          params: quizParams,
          response: { 200: successEnvelopeSchema(quizResultsSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(await quizResults(db, principalOf(request), course_id, assignment_id));
      },
    );

    routes.post(
      `${QUIZ}/attempts`,
      {
        config: {
          ...READ,
          errors: [
            ...READ.errors,
            'QUIZ_ATTEMPTS_USED',
            'ASSIGNMENT_OVERDUE',
            'LATE_CUTOFF_PASSED',
            ...UPSTREAM,
          ],
        },
        schema: {
          tags,
          security,
          summary: "Start the student's next attempt (201), or answer the one still open (200)",
          description:
            'Each question is drawn for this student, question and attempt. Views carry no answer, ' +
            'feedback or solution. deadline_at is when the server stops taking answers.',
          params: quizParams,
          response: { 200: attemptEnvelope, 201: attemptEnvelope },
        },
      },
      async (request, reply) => {
        const { course_id, assignment_id } = request.params;
        const started = await startAttempt(ctx(request), principalOf(request), course_id, assignment_id);
        return reply.status(started.created ? 201 : 200).send(ok(started.attempt));
      },
    );

    routes.get(
      `${QUIZ}/attempts`,
      {
        config: READ,
        schema: {
          tags,
          security,
          summary: "The caller's attempts (staff: every student's, or one student's)",
          params: quizParams,
          querystring: quizAttemptListQuerySchema,
          response: { 200: successEnvelopeSchema(quizAttemptListSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        const who = principalOf(request);
        return ok(await listAttempts(ctx(request), who, course_id, assignment_id, request.query.student_id));
      },
    );

    routes.get(
      `${QUIZ}/attempts/:attempt_id`,
      {
        config: READ,
        schema: {
          tags,
          security,
          summary:
            'An attempt; once graded, each question with its correctness, feedback and worked solution',
          params: attemptParams,
          response: { 200: attemptEnvelope },
        },
      },
      async (request) => {
        const p = request.params;
        return ok(
          await getAttempt(ctx(request), principalOf(request), p.course_id, p.assignment_id, p.attempt_id),
        );
      },
    );

    routes.put(
      `${QUIZ}/attempts/:attempt_id/answers`,
      {
        config: { ...READ, errors: [...READ.errors, 'QUIZ_TIME_UP', 'EXERCISE_ANSWER_INVALID'] },
        schema: {
          tags,
          security,
          summary: 'Save answers of an open attempt (not graded): what is handed in if the time runs out',
          params: attemptParams,
          body: quizAnswersRequestSchema,
          response: { 200: attemptEnvelope },
        },
      },
      async (request) =>
        ok(
          await saveAttemptAnswers(
            ctx(request),
            principalOf(request),
            ids(request.params),
            request.body.answers,
          ),
        ),
    );

    routes.post(
      `${QUIZ}/attempts/:attempt_id/submit`,
      {
        config: { ...READ, errors: [...READ.errors, 'QUIZ_TIME_UP', 'EXERCISE_ANSWER_INVALID', ...UPSTREAM] },
        schema: {
          tags,
          security,
          summary: 'Hand in an attempt: stored first, then graded; the score is the assignment grade',
          description:
            'Answers of the wrong kind, unit or size: 400 EXERCISE_ANSWER_INVALID naming the question, and ' +
            'nothing is stored. After deadline_at: 409 QUIZ_TIME_UP, the attempt handed in with the answers ' +
            'saved in time. Repeating a submit answers the attempt as it is. If grading cannot run, the ' +
            'attempt stays "submitted" until POST …/grade.',
          params: attemptParams,
          body: quizAnswersRequestSchema,
          response: { 200: attemptEnvelope },
        },
      },
      async (request) =>
        ok(
          await submitAttempt(ctx(request), principalOf(request), ids(request.params), request.body.answers),
        ),
    );

    routes.post(
      `${QUIZ}/attempts/:attempt_id/grade`,
      {
        config: { ...READ, errors: [...READ.errors, ...UPSTREAM] },
        schema: {
          tags,
          security,
          summary: 'Grade a submitted attempt again from what is stored (course staff): the same score',
          params: attemptParams,
          response: { 200: attemptEnvelope },
        },
      },
      async (request) => ok(await regradeAttempt(ctx(request), principalOf(request), ids(request.params))),
    );
  };
}
