import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-protocol server (s3rver: bucket, object, multipart and ranged-GET calls over HTTP,
 * objects kept as files) on a loopback port, with one fresh bucket: what the S3 blob store and
 * the several-machines suite talk to instead of AWS. It lacks AbortMultipartUpload and
 * ListMultipartUploads, so the parts of an aborted upload stay in its folder (S3 and MinIO drop
 * them on abort); "nothing left" is checked on the objects a client can see.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The backend's environment for this bucket. */
  env: Record<string, string>;
  /** Every object key in the bucket. */
  keys(): Promise<string[]>;
  /** The calls it has answered, in order, as `METHOD path?query STATUS`. */
  calls(): string[];
  /** Calls `listener` with each call as it is answered (before the answer reaches the client). */
  onCall(listener: (call: string) => void): void;
  stop(): Promise<void>;
}

// Credentials s3rver accepts; it checks signatures, so the SDK signs as it would for AWS.
const ACCESS_KEY = 'S3RVER';

export async function startS3(bucket = 'faraday-test'): Promise<TestS3> {
  // The SDK's advice to move to Node 22 is for operators; it would only clutter test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = mkdtempSync(join(tmpdir(), 'faraday-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const calls: string[] = [];
  const listeners: ((call: string) => void)[] = [];
  // run() keeps its HTTP server as httpServer (s3rver's own code; its type declarations omit it).
  const { httpServer } = server as S3rver & { httpServer: Server };
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      const call = `${req.method} ${req.url} ${res.statusCode}`;
      calls.push(call);
      for (const listener of listeners) listener(call);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    calls: () => [...calls],
    onCall: (listener) => listeners.push(listener),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
