import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given on a fresh TCP connection and reads the whole answer (the request
 * asks for `Connection: close`, and the server closes after a refusal anyway). Used where a
 * client library would refuse or rewrite the request: bad percent-encoding, huge headers.
 */
export function rawRequest(address: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while we are still writing a huge header: keep what it answered.
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** A GET with the given raw path (nothing encoded for you) and extra header lines. */
export function rawGet(address: string, path: string, extraHeaders: string[] = []): Promise<RawAnswer> {
  const { host } = new URL(address);
  const head = [`GET ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...extraHeaders];
  return rawRequest(address, `${head.join('\r\n')}\r\n\r\n`);
}
