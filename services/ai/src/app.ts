import { createServer, registerLiveness } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { chatRoutes } from './chat/chat.routes.js';
import type { ChatDeps } from './chat/chat.service.js';
import type { AiConfig } from './config.js';
import { installGatewayTrust } from './trust.js';
import { UpstreamClient } from './upstream/upstream-client.js';

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
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
  return app;
}
