import { type ErrorCode, errorCatalogue } from '@faraday/contracts';
import type { RouteOptions } from 'fastify';

/**
 * The error answers an operation documents, derived from what the route declares: its input
 * schemas (400 and, with a body, 413/415), the codes its use case throws (`config.errors`) and
 * whatever the service derives from its own route options (the backend's `config.access`). Every
 * operation can also fail unexpectedly (500) or be refused while the service shuts down (503).
 */
export interface DocumentedError {
  code: ErrorCode;
  /** The permission named in a 403 INSUFFICIENT_PERMISSIONS answer. */
  requiredPermission?: string;
}

export interface DocumentedVariant {
  params: Record<string, string>;
  summary?: string;
  body?: unknown;
  /** The 200 answer of this variant (a zod schema), when it is more precise than the route's. */
  response?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Codes the route's use case throws, beyond those its access and schemas imply. */
    errors?: readonly ErrorCode[];
    /**
     * The body as documented, per media type (zod schemas), when the route reads it itself
     * (multipart uploads): OpenAPI shows these, Fastify does not validate with them.
     */
    documentedBody?: Record<string, unknown>;
    /**
     * The 200 answer as documented (a zod schema), when the route sends bytes or a stream it
     * wrote itself: OpenAPI shows it, Fastify does not serialize with it.
     */
    documentedResponse?: unknown;
    /**
     * Document the route as one operation per value of its path parameters, each with its own
     * summary, body and 200 answer (zod schemas): one route for the eight solvers keeps one rate limit.
     */
    documentedVariants?: readonly DocumentedVariant[];
  }
}

/** Answers any operation can give. */
const ALWAYS: readonly ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
/** Statuses whose answers carry Retry-After (rate limits, busy or unready services). */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

type Schema = Record<string, unknown> | undefined;

function hasInput(schema: Schema, part: string): boolean {
  return schema?.[part] !== undefined;
}

export function derivedErrors(
  route: Pick<RouteOptions, 'schema' | 'config' | 'method'>,
  validationCode: ErrorCode,
  serviceErrors: readonly DocumentedError[] = [],
): DocumentedError[] {
  const schema = route.schema as Schema;
  const config = route.config as { errors?: readonly ErrorCode[]; documentedBody?: unknown } | undefined;
  const found = new Map<ErrorCode, DocumentedError>();
  const add = (error: DocumentedError) => {
    if (!found.has(error.code)) found.set(error.code, error);
  };
  serviceErrors.forEach(add);
  const hasBody = hasInput(schema, 'body') || config?.documentedBody !== undefined;
  // Every operation, inputs declared or not: the server kit refuses a NUL anywhere in the query
  // string and a path that is not valid percent-encoding before any route runs (hostile-input.ts).
  add({ code: validationCode });
  if (hasBody) {
    add({ code: 'PAYLOAD_TOO_LARGE' });
    add({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  for (const code of config?.errors ?? []) add({ code });
  for (const code of ALWAYS) add({ code });
  return [...found.values()];
}

const errorEnvelopeSchema = (codes: readonly string[]) => ({
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: codes },
        message: { type: 'string' },
        details: { type: 'string', description: 'What exactly was wrong (e.g. every invalid field)' },
        required_permission: {
          type: 'string',
          description: 'The permission the caller lacks (403 INSUFFICIENT_PERMISSIONS)',
        },
      },
    },
  },
});

function exampleOf(error: DocumentedError) {
  const { message } = errorCatalogue[error.code];
  return {
    success: false,
    error: {
      code: error.code,
      message,
      ...(error.requiredPermission ? { required_permission: error.requiredPermission } : {}),
    },
  };
}

/** OpenAPI response objects, one per status, each with the envelope schema and one example per code. */
export function errorResponses(errors: readonly DocumentedError[]): Record<string, unknown> {
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) {
    const status = errorCatalogue[error.code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), error]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = list.map((error) => error.code);
    responses[String(status)] = {
      description: codes.join(', '),
      ...(RETRY_AFTER_STATUSES.has(status)
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again',
                schema: { type: 'integer', minimum: 0 },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: errorEnvelopeSchema(codes),
          examples: Object.fromEntries(
            list.map((error) => [
              error.code,
              { summary: errorCatalogue[error.code].message, value: exampleOf(error) },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

/** The error codes an OpenAPI response object documents (its examples' keys). */
export function documentedCodes(response: unknown): string[] {
  const content = (response as { content?: Record<string, { examples?: Record<string, unknown> }> })?.content;
  return Object.keys(content?.['application/json']?.examples ?? {});
}
