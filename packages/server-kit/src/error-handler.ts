import { AppError, type ErrorCode, failure, failureFromAppError } from '@faraday/contracts';
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
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
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
