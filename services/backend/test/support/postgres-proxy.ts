import { connect, createServer, type Socket } from 'node:net';

/**
 * A pass-through in front of a real PostgreSQL server that refuses, as PgBouncer does, every
 * connection whose startup packet names a parameter it does not know. Counts what it saw, so a
 * test can tell which connections asked for the parameter.
 */
export async function refusingStartupParameterProxy(
  upstreamUrl: string,
  refusedParameter: string,
): Promise<{ url: string; refused: () => number; passed: () => number; close: () => Promise<void> }> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  let refused = 0;
  let passed = 0;
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.once('data', (startup: Buffer) => {
      // Startup packet: length, protocol version, then NUL-terminated names and values.
      const names = startup
        .subarray(8)
        .toString('utf8')
        .split('\0')
        .filter((_, i) => i % 2 === 0);
      if (names.includes(refusedParameter)) {
        refused++;
        client.end(errorResponse(`unsupported startup parameter: ${refusedParameter}`));
        return;
      }
      passed++;
      const server = connect(Number(upstream.port || 5432), upstream.hostname);
      sockets.add(server);
      server.on('close', () => sockets.delete(server));
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
      server.write(startup);
      client.pipe(server).pipe(client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(upstreamUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    refused: () => refused,
    passed: () => passed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A FATAL ErrorResponse message ('E'), as PgBouncer sends it before closing. */
function errorResponse(message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C08P01\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeUInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}
