import type { FastifyInstance } from 'fastify';

export interface RunOptions {
  host: string;
  port: number;
}

/**
 * Listens, and on SIGINT/SIGTERM closes the app: Fastify stops accepting, lets in-flight
 * requests finish and runs the onClose hooks (database, pools) before the process exits.
 */
export async function runUntilSignalled(app: FastifyInstance, options: RunOptions): Promise<void> {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    process.exit(1);
  }
}
