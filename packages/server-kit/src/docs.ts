import type { ErrorCode } from '@faraday/contracts';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type DocumentedError,
  type DocumentedVariant,
  derivedErrors,
  errorResponses,
} from './documented-errors.js';

export type SecurityRequirement = Record<string, string[]>;

/** What a service derives from a route's own options for its documentation. */
export interface RouteDocs {
  /** Omitted: the route's `schema.security`, or none. `[]` declares a public operation. */
  security?: SecurityRequirement[];
  errors?: DocumentedError[];
}

export interface DocsOptions {
  /** Page and document title ("Faraday API" for the backend). */
  title: string;
  description: string;
  version: string;
  /** The URL clients reach this service at (from its config). */
  serverUrl?: string;
  /** Every tag the routes use, with its description. */
  tags?: Record<string, string>;
  securitySchemes?: Record<string, unknown>;
  /** Security and errors the service's own route rules imply (the backend's `config.access`). */
  describeRoute?: (route: RouteOptions) => RouteDocs;
}

/** Settings of the reference page that keep it offline: no vendor fonts, AI agent, toolbar or telemetry. */
const OFFLINE_REFERENCE = {
  withDefaultFonts: false,
  customCss:
    ':root { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;' +
    ' --scalar-font-code: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }',
  agent: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  documentDownloadType: 'json',
} as const;

const LICENSE = { name: 'MIT', url: 'https://opensource.org/license/mit' };
const CONTACT = { name: 'Faraday maintainers' };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `/api/v1/courses/:course_id` → `/api/v1/courses/{course_id}`, as @fastify/swagger writes it. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * A stable operationId from method and path: `GET /api/v1/courses/{course_id}/members` →
 * `getCoursesByCourseIdMembers`. Routes may set `schema.operationId` themselves.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/(api\/)?v\d+\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const parts = (param ? param[1] : segment)?.split(/[^A-Za-z0-9]+/).filter(Boolean) ?? [];
      return param ? ['by', ...parts] : parts;
    });
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return method.toLowerCase() + camel;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  security?: SecurityRequirement[];
  responses?: Record<string, unknown>;
  tags?: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** A zod schema as JSON Schema, converted exactly as the route schemas are (fastify-type-provider-zod). */
function jsonSchemaOf(schema: unknown, document: OpenApiDocument): Record<string, unknown> {
  const converted = jsonSchemaTransform({
    schema: { body: schema },
    url: '/',
    route: {},
    openapiObject: document,
  } as unknown as Parameters<typeof jsonSchemaTransform>[0]) as { schema: { body: Record<string, unknown> } };
  return converted.schema.body;
}

/** Zod schemas per media type as a request body, each schema's first example as the media example. */
function requestBodyOf(schemas: Record<string, unknown>, document: OpenApiDocument): unknown {
  const content: Record<string, unknown> = {};
  for (const [mediaType, schema] of Object.entries(schemas)) {
    const { examples, example, ...json } = jsonSchemaOf(schema, document);
    // The schema's own meta() as well: the converter reads another registry than the one a
    // schema built in another package may have registered its examples in.
    const own = (schema as z.ZodType).meta()?.examples;
    const first = [examples, own].find(Array.isArray)?.[0] ?? example;
    content[mediaType] = { schema: json, ...(first === undefined ? {} : { example: first }) };
  }
  return { required: true, content };
}

/** The operation's 200 answer documented as `schema` (JSON), keeping the rest of the answer's entry. */
function withOkResponse(
  operation: Operation,
  schema: unknown,
  document: OpenApiDocument,
): Operation['responses'] {
  const ok = (operation.responses?.['200'] ?? { description: 'Default Response' }) as Record<string, unknown>;
  return {
    ...operation.responses,
    '200': { ...ok, content: { 'application/json': { schema: jsonSchemaOf(schema, document) } } },
  };
}

/** One operation of a route documented per value of its path parameters (`config.documentedVariants`). */
function variantOf(
  path: string,
  operation: Operation,
  variant: DocumentedVariant,
  document: OpenApiDocument,
): [string, Operation] {
  let variantPath = path;
  for (const [name, value] of Object.entries(variant.params)) {
    variantPath = variantPath.replace(`{${name}}`, value);
  }
  const copy = structuredClone(operation);
  copy.parameters = copy.parameters?.filter((p) => !(p.in === 'path' && p.name in variant.params));
  if (copy.parameters?.length === 0) delete copy.parameters;
  if (variant.summary) copy.summary = variant.summary;
  if (variant.body) copy.requestBody = requestBodyOf({ 'application/json': variant.body }, document);
  if (variant.response) copy.responses = withOkResponse(copy, variant.response, document);
  delete copy.operationId;
  return [variantPath, copy];
}

/**
 * OpenAPI 3 generated from the zod route schemas, served at /openapi.json, and the Scalar
 * reference at /docs. Every operation gets an operationId, its security and the error answers
 * derived from the route's declarations (documented-errors.ts). Scalar's bundle is served from
 * the package itself and its online features are off, so the page loads nothing from outside.
 */
export async function registerDocs(
  app: FastifyInstance,
  options: DocsOptions,
  validationCode: ErrorCode,
): Promise<void> {
  const routes = new Map<string, RouteOptions>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.set(`${method.toLowerCase()} ${openApiPath(route.url)}`, route);
    }
  });

  const completeOperation = (
    document: OpenApiDocument,
    method: string,
    path: string,
    operation: Operation,
  ) => {
    operation.operationId ??= operationIdOf(method, path);
    const route = routes.get(`${method} ${path}`);
    if (!route) return;
    const documentedBody = route.config?.documentedBody;
    if (documentedBody) operation.requestBody = requestBodyOf(documentedBody, document);
    const documentedResponse = route.config?.documentedResponse;
    if (documentedResponse) operation.responses = withOkResponse(operation, documentedResponse, document);
    const described = options.describeRoute?.(route) ?? {};
    if (described.security !== undefined) operation.security = described.security;
    else operation.security ??= [];
    const errors = errorResponses(derivedErrors(route, validationCode, described.errors));
    operation.responses = { ...errors, ...operation.responses };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        description: options.description,
        version: options.version,
        license: LICENSE,
        contact: CONTACT,
      },
      ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
      tags: Object.entries(options.tags ?? {}).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: (options.securitySchemes ?? {}) as never },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      const document = (
        'openapiObject' in input ? input.openapiObject : input.swaggerObject
      ) as OpenApiDocument;
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const method of HTTP_METHODS) {
          const operation = item[method];
          if (!operation) continue;
          const variants = routes.get(`${method} ${path}`)?.config?.documentedVariants;
          if (!variants) {
            completeOperation(document, method, path, operation);
            continue;
          }
          delete item[method];
          for (const variant of variants) {
            const [variantPath, variantOperation] = variantOf(path, operation, variant, document);
            completeOperation(document, method, path, variantOperation);
            variantOperation.operationId = operationIdOf(method, variantPath);
            document.paths[variantPath] = { ...document.paths[variantPath], [method]: variantOperation };
          }
          if (Object.keys(item).length === 0) delete document.paths[path];
        }
      }
      return document as never;
    },
  });
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { pageTitle: options.title, title: options.title, ...OFFLINE_REFERENCE } as never,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
