import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { expect, vi } from 'vitest';
import { freePort } from './platform.js';

/**
 * A redis-server of the test's own on a free port, which the test may stop and start again
 * (never the shared Redis on 6379). No persistence: it starts empty each time. `binary` comes
 * from optional-parts.ts (`describeWith(['redisServer'], …)`), which finds it on PATH.
 */
export class TestRedisServer {
  readonly #binary: string;
  #child: ChildProcess | undefined;
  #port = 0;

  constructor(binary: string) {
    this.#binary = binary;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    if (this.#port === 0) this.#port = await freePort();
    const child = spawn(
      this.#binary,
      ['--port', String(this.#port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.#child = child;
    await vi.waitFor(
      async () => {
        expect(child.exitCode, `redis-server on port ${this.#port} exited`).toBeNull();
        expect(await answersPing(this.#port), `redis-server on port ${this.#port} answers PING`).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing answers, like a hung host. */
  freeze(): void {
    this.#child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
  }

  /** Stops it (SIGKILL: as abrupt as a crash) and waits until the port refuses. */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}
