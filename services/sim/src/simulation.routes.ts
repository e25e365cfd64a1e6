import {
  failure,
  ok,
  simulationResultSchema,
  simulationTypes,
  successEnvelopeSchema,
} from '@faraday/contracts';
import { isSolverName } from '@faraday/physics';
import { solverRequestSchema } from '@faraday/plot';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { runSimulation } from './simulation.service.js';
import { CallerGone, type SolverPool } from './solver-pool.js';

const poolStatsSchema = z.object({
  workers: z.number().int().describe('Worker threads = computations at once'),
  running: z.number().int(),
  queued: z.number().int(),
  queue_limit: z.number().int(),
  timeout_sec: z.number(),
  completed: z.number().int(),
  failed: z.number().int().describe('Solver errors: bad input found late, no convergence'),
  timed_out: z.number().int(),
  crashed: z.number().int().describe('Workers that died or threw and were replaced'),
});

/** An AbortSignal that fires when the caller disconnects before the answer is complete. */
function callerSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** `POST /v1/sim/<solver>` for the eight solvers of spec 4.3, and the pool's status. */
export function simulationRoutes(pool: SolverPool) {
  return async (app: FastifyInstance): Promise<void> => {
    for (const solver of simulationTypes) {
      if (!isSolverName(solver)) throw new Error(`physics has no solver ${solver}`);
      app.post(
        `/v1/sim/${solver}`,
        {
          config: {
            errors: [
              'MEMORY_LIMIT_EXCEEDED',
              'CONVERGENCE_ERROR',
              'COMPUTATION_FAILED',
              'SIMULATION_BUSY',
              'TIMEOUT',
            ],
            // Documented only: validateSimulationRequest checks the body and names the value and
            // allowed range of each bad field, which the generic validator cannot.
            documentedBody: { 'application/json': solverRequestSchema(solver) },
          },
          schema: {
            tags: ['simulation'],
            summary: `Run ${solver} and draw its figure`,
            description:
              'Body: the solver fields of spec 4.3, plus optional `visualization` and `output_type`. ' +
              'A 400 INVALID_PARAMETERS names every bad field, its value and its allowed range; ' +
              'more than 100,000 grid points is 422 MEMORY_LIMIT_EXCEEDED.',
            response: { 200: successEnvelopeSchema(simulationResultSchema) },
          },
        },
        async (request, reply) => {
          try {
            const body = await runSimulation(pool, solver, request.body, {
              signal: callerSignal(reply),
              log: request.log,
            });
            // Already the JSON envelope: Fastify sends bytes as they are.
            return reply.type('application/json; charset=utf-8').send(body);
          } catch (error) {
            if (!(error instanceof CallerGone)) throw error;
            request.log.info({ solver }, 'caller left; computation stopped');
            // Nobody reads this answer; it is sent (not hijacked) so the request counts as done for
            // the graceful-shutdown drain, and 499 ("client closed request") tells the log why.
            return (reply as FastifyReply)
              .status(499)
              .send(failure({ code: 'CALLER_GONE', message: error.message }));
          }
        },
      );
    }

    app.withTypeProvider<ZodTypeProvider>().get(
      '/v1/sim/status',
      {
        schema: {
          tags: ['simulation'],
          summary: 'Worker pool load: threads, running and waiting computations, counters',
          response: { 200: successEnvelopeSchema(poolStatsSchema) },
        },
        logLevel: 'warn',
      },
      async () => ok(pool.stats()),
    );
  };
}
