import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import {
  AppError,
  type ChatResponse,
  type GatewayChatRequest,
  isErrorCode,
  sseFrame,
  sseResponseHeaders,
} from '@faraday/contracts';
import { callService, propagationHeaders } from '@faraday/server-kit';
import type { FastifyBaseLogger } from 'fastify';

export const GATEWAY_TOKEN_HEADER = 'x-ai-gateway-token';
export const USER_ID_HEADER = 'x-user-id';
export const USER_ROLE_HEADER = 'x-user-role';

export interface ForwardTarget {
  aiServiceUrl: string;
  gatewayToken: string;
  timeoutMs: number;
}

/** The AI service's chat routes the gateway forwards to. */
export type ChatPath = '/v1/chat' | '/v1/chat/hybrid';

export interface ForwardCall {
  /** `/v1/chat` unless said otherwise. */
  path?: ChatPath;
  body: GatewayChatRequest;
  requestId: string;
  user: { userId: string; role: string };
  /** Aborted when the client disconnects: the AI service's request is aborted with it. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export function headersFor(target: ForwardTarget, call: Pick<ForwardCall, 'user'>): Record<string, string> {
  return {
    [GATEWAY_TOKEN_HEADER]: target.gatewayToken,
    [USER_ID_HEADER]: call.user.userId,
    [USER_ROLE_HEADER]: call.user.role,
  };
}

/**
 * The AI service refusing our gateway token is our misconfiguration, not the user's: passed on
 * as 401 it would send the client back to the login page.
 */
export function gatewayRefused(log: FastifyBaseLogger): AppError {
  log.error('the AI service refused the gateway token; check AI_GATEWAY_SHARED_TOKEN on both services');
  return new AppError('UPSTREAM_UNAVAILABLE', 'The AI service is not available to this backend');
}

export async function forwardChat(target: ForwardTarget, call: ForwardCall): Promise<ChatResponse> {
  try {
    return await callService<ChatResponse>('AI', target.aiServiceUrl, call.path ?? '/v1/chat', {
      body: call.body,
      requestId: call.requestId,
      headers: headersFor(target, call),
      timeoutMs: target.timeoutMs,
      signal: call.signal,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') throw gatewayRefused(call.log);
    throw error;
  }
}

async function errorFromResponse(response: Response, log: FastifyBaseLogger): Promise<AppError> {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const { code, message, details } = body?.error ?? {};
  if (code === 'UNAUTHORIZED') return gatewayRefused(log);
  if (isErrorCode(code) && typeof message === 'string') {
    return new AppError(code, message, typeof details === 'string' ? { details } : {});
  }
  if (response.status >= 500) {
    return new AppError('UPSTREAM_UNAVAILABLE', `The AI service answered HTTP ${response.status}`);
  }
  return new AppError(
    'UPSTREAM_BAD_RESPONSE',
    `The AI service answered HTTP ${response.status} without a stream`,
  );
}

const FRAME_END = Buffer.from('\n\n');

/**
 * Streams the AI service's server-sent events to the client as they come. Bytes are written
 * the moment a complete event is in (the AI service writes each event in one piece, so in
 * practice nothing waits); an incomplete tail is held only so that, if the AI service dies in
 * the middle of an event, the `error` event we add is not glued onto half of another.
 */
export async function forwardChatStream(
  target: ForwardTarget,
  call: ForwardCall,
  /** Called with the response once the AI service has started streaming; the route hijacks there. */
  takeOver: () => ServerResponse,
  /** Sees each run of complete events as it is passed on (the conversation's transcript). */
  observe?: (events: Uint8Array) => void,
  /** Runs before the response ends, so a client that reads on after the stream sees its effects. */
  beforeEnd?: () => Promise<void>,
): Promise<void> {
  // The timeout covers the wait for the first event; the AI service bounds the gaps after it.
  const firstEventTimeout = new AbortController();
  const timer = setTimeout(() => firstEventTimeout.abort(), target.timeoutMs);
  const signal = AbortSignal.any([call.signal, firstEventTimeout.signal]);
  let response: Response;
  try {
    response = await fetch(`${target.aiServiceUrl}${call.path ?? '/v1/chat'}`, {
      method: 'POST',
      headers: {
        ...propagationHeaders(call.requestId),
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...headersFor(target, call),
      },
      body: JSON.stringify(call.body),
      signal,
    });
  } catch (error) {
    clearTimeout(timer);
    if (call.signal.aborted) throw error;
    if (firstEventTimeout.signal.aborted) {
      throw new AppError('UPSTREAM_TIMEOUT', `The AI service did not answer within ${target.timeoutMs} ms`);
    }
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The AI service is unreachable', { cause: error });
  }
  clearTimeout(timer);
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith('text/event-stream') || !response.body) {
    throw await errorFromResponse(response, call.log);
  }

  const raw = takeOver();
  raw.writeHead(200, { ...sseResponseHeaders, 'x-request-id': call.requestId });
  raw.flushHeaders();
  let pending = Buffer.alloc(0);
  try {
    for await (const chunk of response.body) {
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      const cut = pending.lastIndexOf(FRAME_END);
      if (cut < 0) continue;
      const complete = pending.subarray(0, cut + FRAME_END.length);
      pending = pending.subarray(cut + FRAME_END.length);
      observe?.(complete);
      if (!raw.write(complete)) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
      if (raw.destroyed) return;
    }
  } catch (error) {
    if (call.signal.aborted || raw.destroyed) return;
    call.log.warn({ err: error }, 'the AI service stream broke off');
    raw.write(
      sseFrame({
        type: 'error',
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The AI service stopped in the middle of the answer',
      }),
    );
  }
  await beforeEnd?.();
  raw.end();
}
