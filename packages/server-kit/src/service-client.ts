import { AppError, type ErrorCode, isErrorCode } from '@faraday/contracts';
import { propagationHeaders } from './request-id.js';

export interface ServiceCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Carried on as X-Request-Id so one request can be followed across services. */
  requestId: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Aborts the call when the caller goes away. */
  signal?: AbortSignal;
}

interface EnvelopeLike {
  success?: unknown;
  data?: unknown;
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

function passThroughError(status: number, body: EnvelopeLike, service: string): AppError {
  const { code, message, details } = body.error ?? {};
  if (isErrorCode(code) && typeof message === 'string') {
    const retryAfter = status === 429 || status === 503 ? { 'retry-after': '5' } : undefined;
    return new AppError(code as ErrorCode, message, {
      ...(typeof details === 'string' ? { details } : {}),
      ...(retryAfter ? { headers: retryAfter } : {}),
    });
  }
  if (status >= 500)
    return new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service answered HTTP ${status}`);
  return new AppError(
    'UPSTREAM_BAD_RESPONSE',
    `The ${service} service answered HTTP ${status} without an error`,
  );
}

/**
 * Calls another Faraday service and unwraps its envelope. Its own error codes pass through;
 * a refused connection or a 5xx without an envelope is UPSTREAM_UNAVAILABLE, no answer in
 * time UPSTREAM_TIMEOUT, and anything that is not an envelope UPSTREAM_BAD_RESPONSE.
 */
export async function callService<T>(
  service: string,
  baseUrl: string,
  path: string,
  options: ServiceCallOptions,
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...propagationHeaders(options.requestId),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) {
      throw new AppError(
        'UPSTREAM_TIMEOUT',
        `The ${service} service did not answer within ${options.timeoutMs} ms`,
      );
    }
    throw new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service is unreachable`, { cause: error });
  }
  let body: EnvelopeLike;
  try {
    body = (await response.json()) as EnvelopeLike;
  } catch (error) {
    if (timeout.aborted) {
      throw new AppError(
        'UPSTREAM_TIMEOUT',
        `The ${service} service did not answer within ${options.timeoutMs} ms`,
      );
    }
    if (response.status >= 500) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service answered HTTP ${response.status}`);
    }
    throw new AppError('UPSTREAM_BAD_RESPONSE', `The ${service} service did not answer with JSON`, {
      cause: error,
    });
  }
  if (response.ok && body.success === true) return body.data as T;
  throw passThroughError(response.status, body, service);
}
