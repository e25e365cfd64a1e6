import { Writable } from 'node:stream';

/** A log destination that keeps every pino line, parsed, for assertions in tests. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  }
}
