/** Reading server-sent events in tests: whole bodies, or live over HTTP. */

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseFrame(frame: string): SseEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trim());
  }
  if (data.length === 0) return undefined;
  return { event, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
}

export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .map(parseFrame)
    .filter((e): e is SseEvent => e !== undefined);
}

/** A live SSE response: take events one at a time, or hang up in the middle. */
export class LiveSse {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  private constructor(
    readonly response: Response,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, init: RequestInit): Promise<LiveSse> {
    const controller = new AbortController();
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.body) throw new Error('no body');
    return new LiveSse(response, response.body.getReader(), controller);
  }

  /** The next event, or undefined when the stream has ended. */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parseFrame(frame);
        if (event) return event;
        continue;
      }
      const { value, done } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  async rest(): Promise<SseEvent[]> {
    const events: SseEvent[] = [];
    for (let e = await this.next(); e !== undefined; e = await this.next()) events.push(e);
    return events;
  }

  /** Hangs up, as a browser tab being closed would. */
  hangUp(): void {
    this.controller.abort();
  }
}
