import {
  ok,
  SIM_CALLER_HEADERS,
  SIM_PARTS_MEDIA_TYPE,
  simulationResultSchema,
  simulationTypes,
  successEnvelopeSchema,
} from '@faraday/contracts';
import { isSolverName } from '@faraday/physics';
import { solverResultSchemas } from '@faraday/physics/schemas';
import { solverRequestSchema } from '@faraday/plot';
import { answerCallerGone, callerGoneSignal, type ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { runSimulation, runSimulationInParts } from './simulation.service.js';
import { type Caller, CallerGone, type SolverPool } from './solver-pool.js';

const poolStatsSchema = z.object({
  workers: z.number().int().describe('Worker threads = computations at once'),
  running: z.number().int(),
  running_background: z.number().int().describe('Of running, the sweep runs'),
  max_running_per_user: z.number().int(),
  queued: z.number().int(),
  queue_limit: z.number().int(),
  timeout_sec: z.number(),
  completed: z.number().int(),
  failed: z.number().int().describe('Solver errors: bad input found late, no convergence'),
  timed_out: z.number().int(),
  crashed: z.number().int().describe('Workers that died or threw and were replaced'),
});

/**
 * Who the computation is for, as the backend says (the service is internal: only the backend
 * calls it). Without the header the request is its own party, outside the per-user limit.
 */
function callerOf(request: FastifyRequest): Caller {
  const user = request.headers[SIM_CALLER_HEADERS.user];
  const work = request.headers[SIM_CALLER_HEADERS.work];
  return {
    user: typeof user === 'string' && user.length > 0 ? user.slice(0, 200) : undefined,
    background: work === 'sweep',
  };
}

/** The caller asks for the answer in parts (the backend does; see contracts' simulation-parts). */
function wantsParts(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(SIM_PARTS_MEDIA_TYPE);
}

/** `POST /v1/sim/<solver>` for the eight solvers, and the pool's status. */
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
              'Body: the solver fields, plus optional `visualization` and `output_type`. ' +
              'A 400 INVALID_PARAMETERS names every bad field, its value and its allowed range; ' +
              'more than 100,000 grid points is 422 MEMORY_LIMIT_EXCEEDED. ' +
              `With \`Accept: ${SIM_PARTS_MEDIA_TYPE}\` the answer comes in parts: the numeric arrays as float64 values as ` +
              'soon as they exist, then a JSON head with the PNG. That is what the backend asks for, so it stores the arrays ' +
              'and writes their JSON while the figure is drawn. Errors before the first array are envelopes; a failure after ' +
              'it ends the parts with an error frame.',
            response: {
              200: successEnvelopeSchema(simulationResultSchema.extend(solverResultSchemas[solver].shape)),
            },
          },
        },
        async (request, reply) => {
          const ctx = { signal: callerGoneSignal(reply), caller: callerOf(request), log: request.log };
          try {
            if (wantsParts(request)) {
              const parts = await runSimulationInParts(pool, solver, request.body, ctx);
              return reply.type(SIM_PARTS_MEDIA_TYPE).send(parts);
            }
            const body = await runSimulation(pool, solver, request.body, ctx);
            // Already the JSON envelope: Fastify sends bytes as they are.
            return reply.type('application/json; charset=utf-8').send(body);
          } catch (error) {
            if (!(error instanceof CallerGone)) throw error;
            request.log.info({ solver }, 'caller left; computation stopped');
            return answerCallerGone(reply as FastifyReply, error.message);
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
