import { resolve } from 'node:path';
import { createServer, registerLiveness } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { chatRoutes } from './chat/chat.routes.js';
import type { ChatDeps } from './chat/chat.service.js';
import { AI_SERVICE_DIR, type AiConfig } from './config.js';
import { guidedRoutes } from './guided/guided.routes.js';
import { DEFAULT_INDEX_PATH, RetrievalEngine } from './retrieval/index.js';
import { lazyCourseSearch } from './tools/course-search.js';
import { toolsRoutes } from './tools/tools.routes.js';
import { installGatewayTrust } from './trust.js';
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
      title: 'Faraday AI service',
      description:
        'Chat modes, guided learning, writing analysis and retrieval under /v1. Called by the backend.',
      version: '0.1.0',
    },
  });
  registerLiveness(app);
  installGatewayTrust(app, { token: config.gatewayToken, production: config.isProduction });
  const deps: ChatDeps = {
    config,
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
  // Tutoring: guided sessions, writing analysis, chat with tools. Until retrieval's gate is
  // created here, course search opens the shipped index on first use; once it is, pass
  // gateCourseSearch(gate) instead, so documents added at run time are searched too.
  const search = lazyCourseSearch(() =>
    RetrievalEngine.open({ indexPath: resolve(AI_SERVICE_DIR, DEFAULT_INDEX_PATH) }),
  );
  await app.register(guidedRoutes({ chat: deps, search, now: options.now ?? Date.now }));
  await app.register(writingRoutes(deps));
  await app.register(toolsRoutes({ chat: deps, search }));
  return app;
}
