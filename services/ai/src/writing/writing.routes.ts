import {
  ok,
  successEnvelopeSchema,
  writingAnalysisRequestSchema,
  writingAnalysisResponseSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ChatDeps } from '../chat/chat.service.js';
import { answerCallerGone, llmContextOf } from '../upstream/routed-llm.js';
import { CallerGone } from '../upstream/upstream-errors.js';
import { analyzeWriting } from './writing.service.js';

export function writingRoutes(deps: ChatDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/writing/analyze',
      {
        config: {
          errors: ['ROUTING_FORBIDDEN', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags: ['tutoring'],
          summary: 'Analyse a piece of academic writing against the rubric of its type',
          description:
            'Types: literature_review, course_paper, thesis, abstract, lab_report. Returns the overall score ' +
            '(weighted mean of the rubric dimensions), each dimension’s score and comment, strengths, ' +
            'improvements that point at a sentence or paragraph (1-based index and excerpt), and measured ' +
            'facts. Without an upstream the analysis is rule-based (judged_by: rules). Fewer than 50 characters: ' +
            '400 VALIDATION_ERROR; a text too short for some measures (under 50 words or 100 Chinese ' +
            'characters) is analysed and `notes` says which measures it cannot support.',
          body: writingAnalysisRequestSchema,
          response: { 200: successEnvelopeSchema(writingAnalysisResponseSchema) },
        },
      },
      async (request, reply) => {
        try {
          return ok(await analyzeWriting(deps, request.body, llmContextOf(request, reply)));
        } catch (error) {
          if (!(error instanceof CallerGone)) throw error;
          return answerCallerGone(reply);
        }
      },
    );
  };
}
