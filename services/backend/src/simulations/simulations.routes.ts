import {
  messageSchema,
  ok,
  pageOffset,
  type SimulationType,
  simulationDetailSchema,
  simulationHistoryQuerySchema,
  simulationHistorySchema,
  simulationRecordFieldsSchema,
  simulationResultSchema,
  simulationTypes,
  successEnvelopeSchema,
} from '@faraday/contracts';
import { solverRequestExamples, solverRequestSchema } from '@faraday/plot';
import { answerCallerGone, callerGoneSignal, type ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { SimulationContext } from './simulation-context.js';
import { dataUrlOf, toSimulationRecord } from './simulation-views.js';
import {
  deleteSimulationRecord,
  readBlobText,
  runAndRecord,
  simulationHistory,
  visibleSimulation,
} from './simulations.service.js';

const tags = ['simulation'];
const security = [{ bearerAuth: [] }];
const resultParams = z.object({ simulation_id: z.string().min(1).max(64) });

/** A solver's request with the fields of the record (documentation; the sim service validates). */
function recordedSolverRequestSchema(solver: SimulationType) {
  return solverRequestSchema(solver)
    .extend(simulationRecordFieldsSchema.shape)
    .meta({ examples: [{ ...solverRequestExamples[solver], title: `My ${solver} run` }] });
}

/** Per-user limits (spec part 8); counters shared by instances through Redis when configured. */
export function perUser(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.principal?.userId ?? request.ip,
  };
}

export function simulationsRoutes(ctx: SimulationContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    // One route for the eight solvers, so the per-user limit counts them together; the reference
    // shows one operation per solver with its own body.
    routes.post(
      '/api/v1/sim/:solver',
      {
        config: {
          access: 'sim:use',
          rateLimit: perUser(ctx.settings.solverRatePerMinute, '1 minute'),
          errors: [
            'COURSE_NOT_FOUND',
            'INVALID_PARAMETERS',
            'MEMORY_LIMIT_EXCEEDED',
            'CONVERGENCE_ERROR',
            'COMPUTATION_FAILED',
            'SIMULATION_BUSY',
            'TIMEOUT',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
          documentedVariants: simulationTypes.map((solver) => ({
            params: { solver },
            summary: `Run ${solver} and record the run`,
            body: recordedSolverRequestSchema(solver),
          })),
        },
        schema: {
          tags,
          security,
          summary: 'Run a solver and record the run',
          description:
            "The solver's fields (checked by the simulation service, which names each bad value and its " +
            'allowed range), plus course_id to record the run under a course you belong to and title for the history.',
          params: z.object({ solver: z.enum(simulationTypes) }),
          body: simulationRecordFieldsSchema.loose(),
          response: {
            200: successEnvelopeSchema(simulationResultSchema.extend({ simulation_id: z.string() })),
          },
        },
      },
      async (request, reply) => {
        // A caller who leaves stops the computation in the sim service (its thread is freed).
        const signal = callerGoneSignal(reply);
        try {
          return ok(
            await runAndRecord(ctx, principalOf(request), {
              type: request.params.solver,
              body: request.body as Record<string, unknown>,
              requestId: request.id,
              signal,
            }),
          );
        } catch (error) {
          if (!signal.aborted) throw error;
          request.log.info({ solver: request.params.solver }, 'caller left; computation stopped');
          return answerCallerGone(reply, 'The caller went away before the computation finished');
        }
      },
    );

    routes.get(
      '/api/v1/sim/history',
      {
        config: {
          access: 'sim:use',
          rateLimit: perUser(ctx.settings.historyRatePerMinute, '1 minute'),
          errors: ['COURSE_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary: "Your runs (a course's teacher and assistants also see its students' runs with course_id)",
          querystring: simulationHistoryQuerySchema,
          response: { 200: successEnvelopeSchema(simulationHistorySchema) },
        },
      },
      async (request) => {
        const { page, limit, type, course_id } = request.query;
        const { entries, total } = await simulationHistory(ctx.db, principalOf(request), {
          type,
          course_id,
          offset: pageOffset({ page, limit }),
          limit,
        });
        return ok({ simulations: entries, total, page, limit });
      },
    );

    routes.get(
      '/api/v1/sim/results/:simulation_id',
      {
        config: { access: 'sim:use', errors: ['SIMULATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'One run with its figure and metadata',
          params: resultParams,
          response: { 200: successEnvelopeSchema(simulationDetailSchema) },
        },
      },
      async (request) => {
        const row = await visibleSimulation(ctx.db, principalOf(request), request.params.simulation_id);
        const png = await readBlobText(ctx, row.png_blob_key);
        return ok({
          ...toSimulationRecord(row),
          results: { png_base64: png.toString('base64'), data_url: dataUrlOf(row.id) },
          metadata: JSON.parse(row.metadata) as { computation_time: number },
        });
      },
    );

    routes.get(
      '/api/v1/sim/results/:simulation_id/data.json',
      {
        config: { access: 'sim:use', errors: ['SIMULATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'The full numeric output and parameters of a run, as a JSON file',
          params: resultParams,
        },
      },
      async (request, reply) => {
        const row = await visibleSimulation(ctx.db, principalOf(request), request.params.simulation_id);
        const data = await readBlobText(ctx, row.data_blob_key);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${row.type}-${row.id}.json"`)
          .send(data);
      },
    );

    routes.delete(
      '/api/v1/sim/results/:simulation_id',
      {
        config: { access: 'sim:use', errors: ['SIMULATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Delete a run and its stored files (owner or admin)',
          params: resultParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await deleteSimulationRecord(ctx, principalOf(request), request.params.simulation_id);
        return ok({ message: 'Simulation deleted' });
      },
    );
  };
}
