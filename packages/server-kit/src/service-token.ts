import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a caller presented the shared service token. Constant time in the token's content and
 * length: both sides are hashed to equal-length digests first, because timingSafeEqual itself
 * throws on (and so reveals) a length mismatch.
 */
export function serviceTokenMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (presented === undefined || expected === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The first value of a request header (a repeated header counts once). */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name];
  return Array.isArray(header) ? header[0] : header;
}
