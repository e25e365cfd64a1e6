import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
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

/**
 * Another Faraday service's error (from its envelope, or from wherever else it reports one) as
 * ours, when its code is in the catalogue; undefined otherwise.
 */
export function upstreamAppError(
  error: EnvelopeLike['error'],
  headers?: Record<string, string>,
): AppError | undefined {
  const { code, message, details } = error ?? {};
  if (!isErrorCode(code) || typeof message !== 'string') return undefined;
  return new AppError(code as ErrorCode, message, {
    ...(typeof details === 'string' ? { details } : {}),
    ...(headers ? { headers } : {}),
  });
}

function passThroughError(status: number, body: EnvelopeLike, service: string): AppError {
  const retryAfter = status === 429 || status === 503 ? { 'retry-after': '5' } : undefined;
  const known = upstreamAppError(body.error, retryAfter);
  if (known) return known;
  if (status >= 500)
    return new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service answered HTTP ${status}`);
  return new AppError(
    'UPSTREAM_BAD_RESPONSE',
    `The ${service} service answered HTTP ${status} without an error`,
  );
}

const timedOut = (service: string, timeoutMs: number) =>
  new AppError('UPSTREAM_TIMEOUT', `The ${service} service did not answer within ${timeoutMs} ms`);

/** Sends the request; a refused connection is UPSTREAM_UNAVAILABLE, no answer in time UPSTREAM_TIMEOUT. */
async function send(
  service: string,
  url: string,
  options: ServiceCallOptions,
): Promise<{ response: Response; timeout: AbortSignal }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...propagationHeaders(options.requestId),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal,
    });
    return { response, timeout };
  } catch (error) {
    if (timeout.aborted) throw timedOut(service, options.timeoutMs);
    throw new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service is unreachable`, { cause: error });
  }
}

/** Reads a JSON envelope (an error answer, or a success of callService). */
async function readEnvelope(
  service: string,
  response: Response,
  timeout: AbortSignal,
  timeoutMs: number,
): Promise<EnvelopeLike> {
  try {
    return (await response.json()) as EnvelopeLike;
  } catch (error) {
    if (timeout.aborted) throw timedOut(service, timeoutMs);
    if (response.status >= 500) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service answered HTTP ${response.status}`);
    }
    throw new AppError('UPSTREAM_BAD_RESPONSE', `The ${service} service did not answer with JSON`, {
      cause: error,
    });
  }
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
  const { response, timeout } = await send(service, `${baseUrl}${path}`, options);
  const body = await readEnvelope(service, response, timeout, options.timeoutMs);
  if (response.ok && body.success === true) return body.data as T;
  throw passThroughError(response.status, body, service);
}

interface OpenAnswer {
  status: number;
  type: string;
  response: IncomingMessage;
  /** What a failure while the body is read means: a timeout, or an answer that broke off. */
  failure: (cause: unknown) => AppError;
}

/**
 * One request with Node's http client, resolved when the answer's headers are in: about twice as
 * fast as fetch at receiving a body of several megabytes (no web streams in between).
 */
function openRaw(service: string, url: string, options: ServiceCallOptions): Promise<OpenAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const failure = (cause: unknown) =>
    timeout.aborted
      ? timedOut(service, options.timeoutMs)
      : new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service is unreachable`, { cause });
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: {
          ...propagationHeaders(options.requestId),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        signal,
      },
      (response) =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          response,
          failure,
        }),
    );
    request.on('error', (cause) => reject(failure(cause)));
    request.end(payload);
  });
}

/** The answer's body, chunk by chunk as it arrives; a broken or late answer throws its AppError. */
async function* bodyOf(answer: OpenAnswer): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of answer.response) yield chunk as Buffer;
  } catch (cause) {
    throw answer.failure(cause);
  }
  if (!answer.response.complete) throw answer.failure(new Error('the answer broke off'));
}

async function wholeBody(answer: OpenAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bodyOf(answer)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Like callService, for a success answered in another media type than the JSON envelope (the
 * caller says which in `accept`): its bytes as they arrive, unparsed, for the caller to use
 * before the answer is complete. A success in another type is UPSTREAM_BAD_RESPONSE; errors are
 * envelopes and pass through as in callService. Reading the chunks throws the AppError of a
 * timeout or an answer that broke off.
 */
export async function callServiceStream(
  service: string,
  baseUrl: string,
  path: string,
  options: ServiceCallOptions & { accept: string },
): Promise<AsyncGenerator<Buffer>> {
  const answer = await openRaw(service, `${baseUrl}${path}`, {
    ...options,
    headers: { ...options.headers, accept: options.accept },
  });
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && answer.type.startsWith(options.accept)) return bodyOf(answer);
  if (ok) {
    answer.response.resume();
    throw new AppError(
      'UPSTREAM_BAD_RESPONSE',
      `The ${service} service answered ${answer.type || 'no Content-Type'}, not ${options.accept}`,
    );
  }
  const body = await wholeBody(answer);
  let envelope: EnvelopeLike;
  try {
    envelope = JSON.parse(body.toString()) as EnvelopeLike;
  } catch (error) {
    if (answer.status >= 500) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `The ${service} service answered HTTP ${answer.status}`);
    }
    throw new AppError('UPSTREAM_BAD_RESPONSE', `The ${service} service did not answer with JSON`, {
      cause: error,
    });
  }
  throw passThroughError(answer.status, envelope, service);
}
