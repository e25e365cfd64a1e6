import { ok, successEnvelopeSchema, toolChatRequestSchema, toolChatResponseSchema } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { answerCallerGone, llmContextOf } from '../upstream/routed-llm.js';
import { CallerGone } from '../upstream/upstream-errors.js';
import { chatWithTools, type ToolDeps } from './tools.service.js';

export function toolsRoutes(deps: ToolDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/chat_with_tools',
      {
        config: {
          errors: ['ROUTING_FORBIDDEN', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags: ['tutoring'],
          summary:
            'Chat where the model may call tools: simulation, calculator, unit conversion, course search, course results',
          description:
            'The upstream model runs the OpenAI tool-calling loop with run_simulation (the sim service, numbers ' +
            'only), evaluate_expression, convert_units, search_course_material and compute_course_result. Tool ' +
            'errors and invalid ' +
            'arguments are reported back to the model; at most max_tool_calls tools run (default 5, at most 10). ' +
            'Without an upstream a deterministic planner recognises requests and calls the same tools.',
          body: toolChatRequestSchema,
          response: { 200: successEnvelopeSchema(toolChatResponseSchema) },
        },
      },
      async (request, reply) => {
        try {
          return ok(await chatWithTools(deps, request.body, llmContextOf(request, reply)));
        } catch (error) {
          if (!(error instanceof CallerGone)) throw error;
          return answerCallerGone(reply);
        }
      },
    );
  };
}
