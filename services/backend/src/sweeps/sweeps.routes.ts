import {
  ok,
  successEnvelopeSchema,
  sweepProgressSchema,
  sweepRequestSchema,
  sweepResultsQuerySchema,
  sweepResultsSchema,
  sweepTaskParamsSchema,
  sweepTaskSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/access.js';
import type { BackendConfig } from '../config.js';
import { perUser } from '../shared/per-user-rate-limit.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { QueueSweepDispatcher, sweepQueuePrefix } from './sweep-queue.js';
import { RUN_LEASE_MS, type SweepDispatcher } from './sweep-recovery.js';
import { sweepResults } from './sweep-results.js';
import { InProcessSweepRunner } from './sweep-runner.js';
import { cancelSweep, createSweep, type SweepContext, sweepProgress } from './sweeps.service.js';

const tags = ['simulation'];
const security = [{ bearerAuth: [] }];

/** Runs at once in a backend without Redis (the sim service runs at most 5 for everyone). */
const IN_PROCESS_CONCURRENCY = 2;

/** With REDIS_URL a queue for sim-worker processes; without, the backend's own runner. */
function dispatcherFor(ctx: SimulationContext, config: BackendConfig, app: FastifyInstance): SweepDispatcher {
  // Renewed by the holder's heartbeat while the run is alive, so it can be short.
  const leaseMs = RUN_LEASE_MS;
  const log = app.log.child({ component: 'sweeps' });
  if (config.redisUrl) {
    return new QueueSweepDispatcher(ctx, log, {
      redisUrl: config.redisUrl,
      prefix: sweepQueuePrefix(config.appEnv),
      // Also how soon the backend notices a dead worker's run when BullMQ has lost its job.
      pollMs: 10_000,
      leaseMs,
    });
  }
  return new InProcessSweepRunner(ctx, log, {
    concurrency: IN_PROCESS_CONCURRENCY,
    pollMs: 10_000,
    leaseMs,
    stopGraceMs: 5000,
  });
}

export function sweepsRoutes(simulation: SimulationContext, config: BackendConfig) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx: SweepContext = { ...simulation, dispatcher: dispatcherFor(simulation, config, app) };
    // Resume sweeps left processing by the previous start once the app is ready; stop before
    // the database closes (this plugin's onClose runs before the root's).
    app.addHook('onReady', async () => ctx.dispatcher.start());
    app.addHook('onClose', async () => ctx.dispatcher.stop());
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = sweepTaskParamsSchema;

    routes.post(
      '/api/v1/sim/parameter_sweep',
      {
        config: {
          access: 'sim:use',
          rateLimit: perUser(config.simulation.sweepRatePerHour, '1 hour'),
          errors: ['STORAGE_UNAVAILABLE', 'COURSE_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary: 'Start a parameter sweep: one run per point of the swept ranges (at most 200)',
          description:
            'Paths point into base_parameters (`charges[0].q`, `v_top`, `source.amplitude`) and must lead to a ' +
            'number there. Several paths sweep their Cartesian product. Answers at once with the task; ' +
            'follow it at /api/v1/sim/sweep/{task_id}.',
          body: sweepRequestSchema,
          response: { 201: successEnvelopeSchema(sweepTaskSchema) },
        },
      },
      async (request, reply) => {
        const task = await createSweep(ctx, principalOf(request), request.body, request.id);
        return reply.code(201).header('location', `/api/v1/sim/sweep/${task.task_id}`).send(ok(task));
      },
    );

    routes.get(
      '/api/v1/sim/sweep/:task_id',
      {
        config: { access: 'sim:use', errors: ['STORAGE_UNAVAILABLE', 'TASK_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Progress of a sweep (owner or admin)',
          params,
          response: { 200: successEnvelopeSchema(sweepProgressSchema) },
        },
      },
      async (request) => ok(await sweepProgress(ctx, principalOf(request), request.params.task_id)),
    );

    routes.get(
      '/api/v1/sim/sweep/:task_id/results',
      {
        config: { access: 'sim:use', errors: ['STORAGE_UNAVAILABLE', 'TASK_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Each run's values, status, scalar metrics and record; the summary figure once completed",
          params,
          querystring: sweepResultsQuerySchema,
          response: { 200: successEnvelopeSchema(sweepResultsSchema) },
        },
      },
      async (request) =>
        ok(await sweepResults(ctx, principalOf(request), request.params.task_id, request.query.lang ?? 'en')),
    );

    routes.delete(
      '/api/v1/sim/sweep/:task_id',
      {
        config: { access: 'sim:use', errors: ['STORAGE_UNAVAILABLE', 'TASK_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Cancel a sweep: runs not started are not run (owner or admin)',
          params,
          response: { 200: successEnvelopeSchema(sweepProgressSchema) },
        },
      },
      async (request) => ok(await cancelSweep(ctx, principalOf(request), request.params.task_id)),
    );
  };
}
