import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server, so a test can take that server away mid-traffic the two
 * ways it happens in production: stopped (connections refused, open ones cut) and frozen
 * (connections accepted, nothing ever answered, as a hung process or a black-holed route).
 */
export interface TcpGate {
  /** `http://127.0.0.1:<port>` of the relay. */
  url: string;
  stop(): Promise<void>;
  freeze(): void;
  /** Back to relaying; connections that lost bytes while frozen are cut, as after a real hang. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (!frozen) to.write(chunk);
    });
  const server: Server = createServer((client) => {
    track(client);
    const upstream = createConnection(target);
    track(upstream);
    relay(client, upstream);
    relay(upstream, client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const port = await listen(0);
  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const closed = closeListener();
      cutAll();
      await closed;
    },
    freeze() {
      frozen = true;
    },
    async resume() {
      if (frozen) {
        frozen = false;
        cutAll();
      }
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = server.listening ? closeListener() : Promise.resolve();
      cutAll();
      await closed;
    },
  };
}
