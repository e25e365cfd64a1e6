/**
 * The sim worker's `/healthz` and `/readyz`: a worker has no API, but a supervisor or load
 * checker still needs to tell a live worker that can take runs from one that cannot (its
 * database, blob store or Redis queue does not answer). Plain node:http keeps the worker light.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, failureFromAppError, ok } from '@faraday/contracts';
import { withTimeout } from '@faraday/server-kit';

export interface WorkerProbe {
  /** Rejects (or resolves false) when the part does not answer. */
  database: () => Promise<boolean>;
  blobStore: () => Promise<void>;
  queue: () => Promise<boolean>;
}

const CHECK_TIMEOUT_MS = 2_000;

/** False when the part rejects, resolves false, or does not answer within CHECK_TIMEOUT_MS. */
function answers(check: () => Promise<unknown>): Promise<boolean> {
  return withTimeout(check(), CHECK_TIMEOUT_MS, () => new Error('no answer in time')).then(
    (value) => value !== false,
    () => false,
  );
}

async function readiness(probe: WorkerProbe) {
  const [database, blobStore, queue] = await Promise.all([
    answers(probe.database),
    answers(probe.blobStore),
    answers(probe.queue),
  ]);
  const parts = {
    database: database ? 'ok' : 'unreachable',
    blob_store: blobStore ? 'ok' : 'unreachable',
    queue: queue ? 'ok' : 'unreachable',
  } as const;
  return { ready: database && blobStore && queue, parts };
}

/** Listens on `port` (0: any free port); resolves with the port taken. */
export async function startWorkerHealth(
  port: number,
  host: string,
  probe: WorkerProbe,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    const notFound = new AppError('NOT_FOUND', 'Only GET /healthz and GET /readyz are answered here');
    if (request.method !== 'GET') {
      send(notFound.status, failureFromAppError(notFound));
      return;
    }
    if (path === '/healthz') {
      send(200, { ...ok({ status: 'ok' }), status: 'ok' });
      return;
    }
    if (path === '/readyz') {
      void readiness(probe).then(({ ready, parts }) => {
        if (ready) {
          send(200, { ...ok({ status: 'ok', ...parts }), status: 'ok' });
          return;
        }
        const unreachable = Object.entries(parts).filter(([, state]) => state !== 'ok');
        const error = new AppError('SERVICE_UNAVAILABLE', 'The worker cannot take runs', {
          details: `not answering: ${unreachable.map(([part]) => part).join(', ')}`,
        });
        send(error.status, failureFromAppError(error), { 'retry-after': '5' });
      });
      return;
    }
    send(notFound.status, failureFromAppError(notFound));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
