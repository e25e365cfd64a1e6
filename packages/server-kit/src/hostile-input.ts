import { AppError, type ErrorCode, pathOfNul } from '@faraday/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface JsonShapeLimits {
  /** Deepest nesting of objects and arrays a JSON body may have. */
  maxDepth: number;
  /** Most object keys a JSON body may hold in total. */
  maxKeys: number;
}

/** Far above any body our schemas accept (a sweep of a solver is about 5 deep). */
export const defaultJsonShapeLimits: JsonShapeLimits = { maxDepth: 64, maxKeys: 20_000 };

/**
 * Measures the nesting and key count of a JSON text in one pass over its characters, before
 * it is parsed: recursive code downstream (validation, the sweep planner, JSON.stringify when
 * forwarding) must never meet a body deep enough to overflow the stack. Returns the first
 * limit exceeded, or undefined. Malformed text is left for the parser to refuse.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): string | undefined {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x3a) {
      keys++;
      if (keys > limits.maxKeys) return `more than ${limits.maxKeys} object keys`;
    }
  }
  return undefined;
}

/**
 * Guards every route of a service against input no handler should ever see:
 * - JSON bodies nested too deeply or with too many keys are refused before they are parsed;
 * - a NUL character in any path parameter, query parameter or body string (including keys and
 *   string bodies such as CSV) is refused before validation, naming where it was.
 * Both answer 400 with the service's validation code.
 */
export function installInputGuards(
  app: FastifyInstance,
  validationCode: ErrorCode,
  limits: JsonShapeLimits = defaultJsonShapeLimits,
): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string, limits);
    if (problem) {
      done(
        new AppError(validationCode, 'The JSON body is too complex', { details: `body: ${problem}` }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const where =
      pathOfNul(request.params, 'params') ??
      pathOfNul(request.query, 'querystring') ??
      pathOfNul(request.body, 'body');
    if (where) {
      throw new AppError(validationCode, 'The request contains a NUL character', {
        details: `${where}: must not contain the character U+0000`,
      });
    }
  });
}
