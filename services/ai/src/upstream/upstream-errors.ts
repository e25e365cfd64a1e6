import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { UpstreamName } from '../config.js';
import type { UpstreamFailureKind } from '../routing/router.js';

/** An attempt at an upstream failed; `kind` is what the router decides on, `detail` what a person reads. */
export class UpstreamFailure extends Error {
  readonly upstream: UpstreamName;
  readonly kind: UpstreamFailureKind;
  readonly detail: string;

  constructor(upstream: UpstreamName, kind: UpstreamFailureKind, detail: string, cause?: unknown) {
    super(`${upstream} upstream: ${detail}`, cause === undefined ? {} : { cause });
    this.name = 'UpstreamFailure';
    this.upstream = upstream;
    this.kind = kind;
    this.detail = detail;
  }
}

/** The caller went away (client disconnected): stop quietly, this is nobody's failure. */
export class CallerGone extends Error {
  constructor() {
    super('the caller went away');
    this.name = 'CallerGone';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

export interface AbortState {
  timedOut: boolean;
  timeoutMs: number;
  callerAborted: boolean;
}

/** Turns whatever the SDK or fetch threw into the router's vocabulary. */
export function classifyUpstreamError(
  upstream: UpstreamName,
  error: unknown,
  state: AbortState,
): UpstreamFailure | CallerGone {
  if (error instanceof UpstreamFailure || error instanceof CallerGone) return error;
  if (state.timedOut || error instanceof APIConnectionTimeoutError) {
    return new UpstreamFailure(upstream, 'timeout', `no answer within ${state.timeoutMs} ms`, error);
  }
  if (state.callerAborted) return new CallerGone();
  if (error instanceof APIConnectionError) {
    const code = causeCode(error);
    return new UpstreamFailure(
      upstream,
      'unreachable',
      code ? `connection failed (${code})` : error.message,
      error,
    );
  }
  if (error instanceof APIError) {
    const status = error.status;
    const said = error.message.slice(0, 300);
    if (status === undefined)
      return new UpstreamFailure(upstream, 'server_error', `reported: ${said}`, error);
    if (status >= 500 || status === 429) {
      return new UpstreamFailure(upstream, 'server_error', `HTTP ${status}`, error);
    }
    return new UpstreamFailure(upstream, 'rejected', `HTTP ${status}: ${said}`, error);
  }
  if (error instanceof SyntaxError) {
    return new UpstreamFailure(upstream, 'bad_response', `malformed JSON (${error.message})`, error);
  }
  const code = causeCode(error);
  if (code || (error instanceof TypeError && error.message === 'terminated')) {
    return new UpstreamFailure(
      upstream,
      'unreachable',
      'the connection closed before the answer finished',
      error,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamFailure(upstream, 'bad_response', message.slice(0, 300), error);
}
