import { createServer, localServiceUrl, registerLiveness } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { chatRoutes } from './chat/chat.routes.js';
import type { ChatDeps } from './chat/chat.service.js';
import type { AiConfig } from './config.js';
import { courseExercises } from './exercises/engine.js';
import { exerciseRoutes } from './exercises/exercises.routes.js';
import { guidedRoutes } from './guided/guided.routes.js';
import { registerReadiness } from './readiness.js';
import { documentRoutes, RetrievalGate } from './retrieval/index.js';
import { gateCourseSearch } from './tools/course-search.js';
import { toolsRoutes } from './tools/tools.routes.js';
import { GATEWAY_TOKEN_HEADER, gatewayDocs, installGatewayTrust } from './trust.js';
import { UpstreamClient } from './upstream/upstream-client.js';
import { writingRoutes } from './writing/writing.routes.js';

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
  /** The clock guided sessions expire by (tests move it); Date.now by default. */
  now?: () => number;
}

/** The AI service: chat modes, tutoring and retrieval behind the backend's gateway. */
export async function buildApp(config: AiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'ai',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday API · AI service',
      description:
        'Chat modes, guided learning, writing analysis and retrieval under /v1. Called by the backend, ' +
        "which sends the gateway token; browsers use the backend's /api/v1/ai routes.",
      version: '0.1.0',
      serverUrl: localServiceUrl(config.host, config.port),
      tags: {
        chat: 'Chat in one of the modes, whole or streamed',
        retrieval: 'Course documents and retrieval over the course material',
        tutoring: 'Guided learning sessions, writing analysis, chat with tools, exercises',
        health: 'Liveness probe',
      },
      securitySchemes: {
        gatewayToken: {
          type: 'apiKey',
          in: 'header',
          name: GATEWAY_TOKEN_HEADER,
          description:
            'The shared token the backend sends (required by /v1/index and /v1/exercises, and by /v1 in production)',
        },
      },
      describeRoute: gatewayDocs,
    },
  });
  // Retrieval is opened once; a missing or corrupt index leaves it unavailable (with the reason
  // in /healthz and in every _rag answer's 503), never stops the service.
  const retrieval = await RetrievalGate.open(config.retrieval, app.log);
  app.addHook('onClose', () => retrieval.close());
  app.log.info({ retrieval: retrieval.health() }, 'retrieval');
  registerLiveness(app, { details: () => ({ retrieval: retrieval.health() }) });
  registerReadiness(app, retrieval);
  installGatewayTrust(app, { token: config.gatewayToken, production: config.isProduction });
  const deps: ChatDeps = {
    config,
    retrieval,
    upstreams: {
      ...(config.llm.local ? { local: new UpstreamClient(config.llm.local) } : {}),
      ...(config.llm.cloud ? { cloud: new UpstreamClient(config.llm.cloud) } : {}),
    },
  };
  app.log.info(
    {
      policy: config.llm.policy,
      local: config.llm.local ? `${config.llm.local.baseUrl} (${config.llm.local.model})` : null,
      cloud: config.llm.cloud ? `${config.llm.cloud.baseUrl} (${config.llm.cloud.model})` : null,
      simulated: !config.llm.local && !config.llm.cloud,
    },
    'LLM upstreams',
  );
  await app.register(chatRoutes(deps));
  await app.register(
    documentRoutes({
      gate: retrieval,
      maxDocumentChars: config.retrieval.maxDocumentChars,
    }),
  );
  // Tutoring: guided sessions, writing analysis, chat with tools. Course search goes through the
  // same gate as <mode>_rag, so documents added at run time are searched too.
  const search = gateCourseSearch(retrieval);
  await app.register(guidedRoutes({ chat: deps, search, now: options.now ?? Date.now }));
  await app.register(writingRoutes(deps));
  await app.register(toolsRoutes({ chat: deps, search }));
  await app.register(exerciseRoutes(courseExercises(), deps));
  return app;
}
