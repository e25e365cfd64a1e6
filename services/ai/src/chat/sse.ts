import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { type ChatStreamEvent, sseFrame, sseResponseHeaders } from '@faraday/contracts';

/**
 * Writes a chat answer as server-sent events on a hijacked response. Nothing is sent until
 * `open`, so everything that fails before the first token still gets a normal JSON error.
 */
export class SseWriter {
  private opened = false;

  constructor(
    private readonly raw: ServerResponse,
    /** Headers Fastify would have sent (x-request-id), which a hijacked response must carry itself. */
    private readonly extraHeaders: Record<string, string>,
    /** Called once, before the first byte: the framework must stop managing this response. */
    private readonly onOpen: () => void,
  ) {}

  get isOpen(): boolean {
    return this.opened;
  }

  /** False once the client has gone: writing more would be wasted. */
  get writable(): boolean {
    return !this.raw.destroyed && !this.raw.writableEnded;
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.onOpen();
    this.raw.writeHead(200, { ...this.extraHeaders, ...sseResponseHeaders });
    this.raw.flushHeaders();
  }

  /** Resolves when the frame is handed to the socket; waits for drain so a slow reader gets backpressure. */
  async send(event: ChatStreamEvent): Promise<void> {
    if (!this.writable) return;
    if (!this.raw.write(sseFrame(event))) {
      await Promise.race([once(this.raw, 'drain'), once(this.raw, 'close')]);
    }
  }

  end(): void {
    if (this.writable) this.raw.end();
  }
}
