#!/usr/bin/env node
// Starts the three Faraday services as one process tree with prefixed logs. Ctrl-C (SIGINT) or
// SIGTERM is passed to every service, each finishes its in-flight requests and closes its
// resources, and this process exits when all three have stopped.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Every service requires the shared token; when none is given, the three processes started here
// share one made for this run (it never leaves this process tree).
const serviceToken = process.env.AI_GATEWAY_SHARED_TOKEN ?? randomBytes(24).toString('base64url');
const service = (name, color) => ({
  name,
  prefixColor: color,
  command: `node ${JSON.stringify(join(root, 'services', name, 'dist', 'main.js'))}`,
  // Services read DATA_DIR relative to the working directory; run them all from the root.
  cwd: root,
  env: { LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty', AI_GATEWAY_SHARED_TOKEN: serviceToken },
});

const { result } = concurrently(
  [service('backend', 'blue'), service('ai', 'magenta'), service('sim', 'green')],
  {
    prefix: '[{name}]',
    killOthersOn: ['failure'],
    handleInput: false,
  },
);

result.then(
  () => process.exit(0),
  (events) => {
    const failed = events.filter(
      (e) => e.exitCode !== 0 && e.exitCode !== 'SIGINT' && e.exitCode !== 'SIGTERM',
    );
    process.exit(failed.length === 0 ? 0 : 1);
  },
);
