import { AppError } from '@faraday/contracts';
import { callService } from '@faraday/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type ForwardTarget, gatewayRefused, headersFor } from './ai-forwarder.js';

export interface TutoringCall {
  /** The AI service's path, `/v1/...`. */
  path: string;
  body: unknown;
  requestId: string;
  user: { userId: string; role: string };
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * A JSON call to one of the AI service's tutoring routes, with the same gateway token, request
 * id and user headers as the chat, and the AI service's errors passed on.
 */
export async function forwardToAi<T>(target: ForwardTarget, call: TutoringCall): Promise<T> {
  try {
    return await callService<T>('AI', target.aiServiceUrl, call.path, {
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
