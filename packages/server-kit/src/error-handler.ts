import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type ErrorCode, errorCatalogue, failure, failureFromAppError } from '@faraday/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export interface ErrorHandlerOptions {
  /** The code a request-validation failure answers with (the sim service uses INVALID_PARAMETERS). */
  validationCode?: ErrorCode;
}

// Client errors Fastify and its plugins raise themselves, mapped onto our catalogue by status.
const codeForClientStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'INSUFFICIENT_PERMISSIONS',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

interface ValidationIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** "body.nx: Too big: expected number to be <=1000; body.v_top: Invalid input" */
export function describeValidation(
  context: string | undefined,
  issues: readonly ValidationIssueLike[],
): string {
  return issues
    .map((issue) => {
      const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where = [context, path].filter(Boolean).join('.') || context || 'request';
      return `${where}: ${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.status).send(failureFromAppError(error));
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  const validationCode = options.validationCode ?? 'VALIDATION_ERROR';

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(
      failure({
        code: 'NOT_FOUND',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      }),
    ),
  );

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendAppError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = describeValidation(error.validationContext, error.validation);
      return sendAppError(reply, new AppError(validationCode, undefined, { details }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendAppError(reply, new AppError('INTERNAL_ERROR'));
    }
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // A malformed body is a validation failure too, reported under the service's code.
      const code = status === 400 ? validationCode : (codeForClientStatus[status] ?? validationCode);
      request.log.info(
        { err: { message: error.message, code: (error as FastifyError).code } },
        'client error',
      );
      // Fastify's own client-error messages are safe to show (they name the content type or limit).
      return reply.status(status).send(failure({ code, message: error.message }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendAppError(reply, new AppError('INTERNAL_ERROR'));
  });
}

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`): a path that is
 * not valid percent-encoding, a path parameter over the length limit. Both in the envelope.
 */
/** Longest path parameter the router matches (Fastify's maxParamLength). */
export const MAX_PARAM_LENGTH = 200;

/** The refusal of a path parameter over MAX_PARAM_LENGTH, for the router and catch-all routes alike. */
export function uriTooLong(): AppError {
  return new AppError('URI_TOO_LONG', undefined, {
    details: `params: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
  });
}

export function frameworkErrorHandler(options: ErrorHandlerOptions = {}) {
  const validationCode = options.validationCode ?? 'VALIDATION_ERROR';
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.log.info({ err: { message: error.message, code: error.code } }, 'client error');
    const refusal =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? uriTooLong()
        : new AppError(validationCode, 'The request path is not valid', {
            details:
              error.code === 'FST_ERR_BAD_URL' ? 'url: not a valid percent-encoded path' : error.message,
          });
    void sendAppError(reply, refusal);
  };
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too large, a malformed
 * request line, headers not received in time): answered in the envelope on the raw socket,
 * since there is no request to reply to, and the connection closed as Node does.
 */
export function clientErrorHandler(options: ErrorHandlerOptions = {}) {
  const validationCode = options.validationCode ?? 'VALIDATION_ERROR';
  return function onClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'REQUEST_TIMEOUT'
          : validationCode;
    const status = errorCatalogue[code].status;
    const details = code === validationCode ? 'request: not a well-formed HTTP request' : undefined;
    const body = JSON.stringify(failureFromAppError(new AppError(code, undefined, { details })));
    this.log.debug({ err: { message: error.message, code: error.code } }, 'client error on the socket');
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
