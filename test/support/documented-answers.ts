/**
 * Vitest setup for the service suites: every error answer any test provokes from a server built by
 * createServer is checked against that server's own OpenAPI document. An answer whose status or
 * code the operation does not list fails the test file that provoked it, so a route cannot answer
 * a code its documentation omits, and routes added later are checked without further work.
 */
import { documentedCodes, onServerCreated, openApiPath } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

const undocumented = new Set<string>();

function errorCodeOf(payload: unknown): string | undefined {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
  if (!text.startsWith('{"success":false')) return undefined;
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

function checkAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const url = request.routeOptions.url;
    // 499: the caller left and reads nothing; unmatched URLs have no operation to document them.
    if (status < 400 || status === 499 || url === undefined) return payload;
    const route = request.routeOptions as { schema?: { hide?: boolean } };
    if (route.schema?.hide) return payload;
    const code = errorCodeOf(payload) ?? '(no envelope)';
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const paths = (app.swagger() as OpenApiDocument).paths ?? {};
    // A route documented per value of its parameters (documentedVariants) is found by its actual path.
    const operation = (paths[openApiPath(url)] ?? paths[request.url.split('?')[0] ?? ''])?.[method];
    const listed = documentedCodes(operation?.responses?.[String(status)]);
    if (!listed.includes(code)) {
      undocumented.add(
        `${request.method} ${url} answered ${status} ${code}; its document lists ${
          operation ? `${status}: [${listed.join(', ')}]` : 'no such operation'
        }`,
      );
    }
    return payload;
  });
}

// Unsubscribed after the file: where test files share a module graph (the unit lane), each file
// checks only the servers it created.
const stopChecking = onServerCreated(checkAnswers);

afterAll(() => {
  stopChecking();
  if (undocumented.size > 0) {
    throw new Error(`Answers missing from the OpenAPI documents:\n  ${[...undocumented].join('\n  ')}`);
  }
});
