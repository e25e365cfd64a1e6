import { failure } from '@faraday/contracts';
import type { FastifyReply } from 'fastify';

/**
 * An AbortSignal that fires when the caller disconnects before its answer is complete: pass it
 * to the work done for the request (a solver call, a thread) so nobody computes for a caller
 * who has left.
 */
export function callerGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The answer to a caller who has left. Nobody reads it; it is sent (not hijacked) so the request
 * counts as done for the graceful-shutdown drain, and 499 ("client closed request") tells the
 * log why.
 */
export function answerCallerGone(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(499).send(failure({ code: 'CALLER_GONE', message }));
}
