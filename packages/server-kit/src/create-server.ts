import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config.js';
import { type DocsOptions, registerDocs } from './docs.js';
import {
  clientErrorHandler,
  type ErrorHandlerOptions,
  frameworkErrorHandler,
  installErrorHandling,
  MAX_PARAM_LENGTH,
} from './error-handler.js';
import { installInputGuards, type JsonShapeLimits } from './hostile-input.js';
import { type LogSettings, loggerOptions } from './logger.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { installSecurityHeaders, type SecurityHeaderOptions } from './security-headers.js';

export interface ServerOptions extends ErrorHandlerOptions, LogSettings {
  /** Largest accepted request body in bytes (JSON and other parsed bodies). */
  bodyLimit?: number;
  docs: DocsOptions;
  /** How long close() waits for in-flight requests before closing resources anyway (below avvio's 10 s hook limit). */
  drainTimeoutMs?: number;
  /** Which proxies' X-Forwarded-For entries to believe (trustProxySchema); default none. */
  trustProxy?: TrustProxy;
  /**
   * Longest time to receive a whole request, body included (Node's requestTimeout; 0 = none).
   * What bounds an upload, and so the age of a temporary upload file that is still being written.
   */
  requestTimeoutMs?: number;
  /** Nesting and key limits of JSON bodies (defaults far above any accepted body). */
  jsonLimits?: JsonShapeLimits;
  /** Who may frame the service's answers, and which paths are web-application pages. */
  securityHeaders?: SecurityHeaderOptions;
}

/**
 * Graceful shutdown: close() first waits (up to a limit) for requests already in flight, so
 * the onClose hooks that destroy pools and databases never pull them from under a handler.
 * Fastify answers new requests with 503 while closing. Answers given while closing carry
 * `Connection: close` so keep-alive clients do not hold the server open.
 */
const ABANDONED_GRACE_MS = 2_000;

function trackInFlightRequests(app: FastifyInstance, drainTimeoutMs: number): void {
  // A request is done when its answer has been produced (onSend: the handler or error handler
  // has finished) and its connection has let go of it (the response closed). A client that
  // hangs up early closes the response while the handler may still be using the database, and
  // Fastify then never fires onResponse; both signals together cover that case.
  const inFlight = new Map<FastifyRequest, { answered: boolean; closed: boolean }>();
  let closing = false;
  let onDrained: (() => void) | undefined;
  const finished = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (inFlight.size === 0) onDrained?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    const state = { answered: false, closed: false };
    inFlight.set(request, state);
    reply.raw.once('close', () => {
      state.closed = true;
      if (state.answered || reply.sent) return finished(request);
      // The client left before an answer. A handler that hijacked the reply never reaches
      // onSend, so stop waiting for it after a grace period.
      setTimeout(() => finished(request), ABANDONED_GRACE_MS).unref();
    });
  });
  app.addHook('onSend', async (request, reply) => {
    const state = inFlight.get(request);
    if (state) {
      state.answered = true;
      if (state.closed) finished(request);
    }
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => finished(request));
  app.addHook('preClose', async () => {
    closing = true;
    if (inFlight.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainTimeoutMs);
      timer.unref();
      onDrained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}

/**
 * Fastify refuses to trust anything for a bare hop count (it cannot check the peer), so a hop
 * count becomes proxy-addr's function: hop 0 is the socket's peer, then X-Forwarded-For from the
 * right. The first `hops` addresses are proxies; the next one is the client.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const serverCreatedListeners = new Set<(app: FastifyInstance) => void>();

/**
 * Calls `listener` with every server createServer makes from now on; returns the unsubscribe.
 * The test suites use it to check each error answer against the server's own OpenAPI document.
 */
export function onServerCreated(listener: (app: FastifyInstance) => void): () => void {
  serverCreatedListeners.add(listener);
  return () => serverCreatedListeners.delete(listener);
}

/**
 * The Fastify instance every Faraday service starts from: zod validation and serialisation,
 * pino JSON logs carrying `request_id` and `service`, the request id echoed and generated,
 * errors and unknown routes in the envelope, security headers on every answer, and the OpenAPI docs.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options),
    genReqId: requestIdFrom,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // close() first drains the requests in flight (preClose below); whatever connections are
    // left after that are idle keep-alives (some clients open one after an abort) and are cut.
    forceCloseConnections: true,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    requestTimeout: options.requestTimeoutMs ?? 0,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's and Node's own refusals answer in the envelope too.
    frameworkErrors: frameworkErrorHandler(options),
    clientErrorHandler: clientErrorHandler(options),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, options);
  installSecurityHeaders(app, options.securityHeaders);
  installInputGuards(app, options.validationCode ?? 'VALIDATION_ERROR', options.jsonLimits);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  trackInFlightRequests(app, options.drainTimeoutMs ?? 8_000);
  await registerDocs(app, options.docs, options.validationCode ?? 'VALIDATION_ERROR');
  for (const listener of serverCreatedListeners) listener(app);
  return app;
}
