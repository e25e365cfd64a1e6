import {
  AppError,
  type CustomQuestion,
  type exerciseAnswerSchema,
  type exerciseCheckResultSchema,
  type exerciseTemplateSchema,
  type exerciseViewSchema,
} from '@faraday/contracts';
import { callService } from '@faraday/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type ForwardTarget, gatewayRefused, headersFor } from '../ai-gateway/ai-forwarder.js';

export type ExerciseView = z.infer<typeof exerciseViewSchema>;
export type ExerciseAnswer = z.infer<typeof exerciseAnswerSchema>;
export type CheckResult = z.infer<typeof exerciseCheckResultSchema>;
export type TemplateSummary = z.infer<typeof exerciseTemplateSchema>;

/** A quiz question as the engine needs it: a bank template, or the teacher's definition and its id. */
export type EngineQuestion = { id: string; template: string } | { id: string; custom: CustomQuestion };

/** Who the call is for and how to trace it: the AI service logs the user and the request id. */
export interface CallContext {
  requestId: string;
  user: { userId: string; role: string };
  log: FastifyBaseLogger;
}

/**
 * The AI service's exercise engine (`/v1/exercises/*`, gateway token): the one place quizzes
 * draw instances and check answers (docs/adr/0145). The backend never computes an answer itself.
 */
export class ExerciseClient {
  constructor(private readonly target: ForwardTarget) {}

  private async call<T>(ctx: CallContext, path: string, body?: unknown): Promise<T> {
    try {
      return await callService<T>('AI', this.target.aiServiceUrl, path, {
        ...(body === undefined ? {} : { body }),
        requestId: ctx.requestId,
        headers: headersFor(this.target, ctx),
        timeoutMs: this.target.timeoutMs,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') throw gatewayRefused(ctx.log);
      throw error;
    }
  }

  async templates(ctx: CallContext): Promise<TemplateSummary[]> {
    const data = await this.call<{ templates: TemplateSummary[] }>(ctx, '/v1/exercises/templates');
    return data.templates;
  }

  /** The student's instance of a question: the seed is derived from student, question and attempt. */
  draw(
    ctx: CallContext,
    question: EngineQuestion,
    student: string,
    attempt: number,
  ): Promise<{ seed: string; view: ExerciseView }> {
    if ('custom' in question) {
      const body = { question: question.custom, id: question.id, student, attempt };
      return this.call(ctx, '/v1/exercises/custom/instances', body);
    }
    // The same template twice in one quiz must draw two instances: the student id carries the question.
    const body = { template: question.template, student: `${student}/${question.id}`, attempt };
    return this.call(ctx, '/v1/exercises/instances', body);
  }

  check(
    ctx: CallContext,
    question: EngineQuestion,
    seed: string,
    answer: ExerciseAnswer,
  ): Promise<CheckResult> {
    if ('custom' in question) {
      const body = { question: question.custom, id: question.id, seed, answer };
      return this.call(ctx, '/v1/exercises/custom/check', body);
    }
    return this.call(ctx, '/v1/exercises/check', { template: question.template, seed, answer });
  }
}
