import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a body made of byte chunks (a simulation answer: megabytes of array text next to a small
 * head) one after the other, never copied into one buffer, with its Content-Length.
 */
export function sendChunks(reply: FastifyReply, contentType: string, chunks: readonly Uint8Array[]) {
  return reply
    .type(contentType)
    .header(
      'content-length',
      chunks.reduce((n, c) => n + c.byteLength, 0),
    )
    .send(Readable.from(chunks, { objectMode: false }));
}
