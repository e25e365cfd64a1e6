import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pretty from 'pino-pretty';
import { type DocsOptions, registerDocs } from './docs.js';
import { type ErrorHandlerOptions, installErrorHandling } from './error-handler.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ServerOptions extends ErrorHandlerOptions {
  service: string;
  logLevel: LogLevel;
  /** `json` lines for machines (default) or `pretty` lines for a person at a terminal. */
  logFormat?: 'json' | 'pretty';
  /** Largest accepted request body in bytes (JSON and other parsed bodies). */
  bodyLimit?: number;
  docs: DocsOptions;
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy). */
  trustProxy?: boolean;
  /** Stream for log lines; tests pass one to read what was logged. */
  logStream?: NodeJS.WritableStream;
}

function prettyStream(): NodeJS.WritableStream {
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
}

/**
 * The Fastify instance every Faraday service starts from: zod validation and serialisation,
 * pino JSON logs carrying `request_id` and `service`, the request id echoed and generated,
 * errors and unknown routes in the envelope, and the OpenAPI docs.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] = {
    level: options.logLevel,
    base: { service: options.service },
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-ai-gateway-token"]'],
      censor: '[redacted]',
    },
    stream: options.logStream ?? (options.logFormat === 'pretty' ? prettyStream() : process.stdout),
  };
  const app = Fastify({
    logger,
    genReqId: requestIdFrom,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Idle keep-alive sockets are closed at shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, options);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // While shutting down, answers to in-flight requests close their connection; otherwise a
  // keep-alive client would hold the server open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await registerDocs(app, options.docs);
  return app;
}
