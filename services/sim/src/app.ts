import { AppError, SIM_CALLER_HEADERS } from '@faraday/contracts';
import {
  createServer,
  headerValue,
  localServiceUrl,
  registerLiveness,
  serviceTokenMatches,
} from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { SimConfig } from './config.js';
import { simulationRoutes } from './simulation.routes.js';
import { SolverPool } from './solver-pool.js';

/** Largest request body: a full solver request is a few kB; 1 MB leaves room and stops abuse (413). */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
  /** Worker file for the pool (tests inject slow or crashing workers); default the compiled solver worker. */
  workerModule?: string;
}

/** The simulation service (stateless): validates and runs solvers, draws figures. */
export async function buildApp(config: SimConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'sim',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    validationCode: 'INVALID_PARAMETERS',
    bodyLimit: BODY_LIMIT_BYTES,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday API · simulation service',
      description:
        'Electromagnetics solvers under /v1/sim. Called by the backend and the AI service, which send ' +
        "the shared service token (keep it on a private network too); browsers use the backend's /api/v1/sim routes.",
      version: '0.1.0',
      serverUrl: localServiceUrl(config.host, config.port),
      tags: {
        simulation: 'Run a solver and draw its figure; the worker pool',
        health: 'Liveness probe',
      },
      securitySchemes: {
        serviceToken: {
          type: 'apiKey',
          in: 'header',
          name: SIM_CALLER_HEADERS.token,
          description: 'The shared service token (AI_GATEWAY_SHARED_TOKEN) every caller sends',
        },
      },
      describeRoute: (route) =>
        route.url.startsWith('/v1/')
          ? { security: [{ serviceToken: [] }], errors: [{ code: 'UNAUTHORIZED' }] }
          : { security: [] },
    },
  });
  registerLiveness(app);
  requireServiceToken(app, config.serviceToken);
  const pool = new SolverPool({
    workers: config.workers,
    queueSize: config.queueSize,
    maxRunningPerUser: config.maxRunningPerUser,
    maxQueuedPerUser: config.maxQueuedPerUser,
    timeoutSec: config.timeoutSec,
    workerMemoryMb: config.workerMemoryMb,
    log: app.log,
    ...(options.workerModule ? { workerModule: options.workerModule } : {}),
  });
  // Runs after in-flight requests have drained (server-kit's preClose), then stops the threads.
  app.addHook('onClose', async () => pool.close());
  await app.register(simulationRoutes(pool));
  app.log.info(
    {
      workers: config.workers,
      queue: config.queueSize,
      max_running_per_user: config.maxRunningPerUser,
      timeout_sec: config.timeoutSec,
    },
    'solver pool started',
  );
  return app;
}

/**
 * Every /v1 call must carry the shared token, in every environment: an open solver pool lets
 * anyone on the network take the threads the students' runs need.
 */
function requireServiceToken(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/v1/')) return;
    if (!serviceTokenMatches(headerValue(request, SIM_CALLER_HEADERS.token), token)) {
      throw new AppError('UNAUTHORIZED', 'This service answers only callers that send the service token');
    }
  });
}
