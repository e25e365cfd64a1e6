#!/usr/bin/env node
// Starts the three Faraday services as one process tree with prefixed logs. Ctrl-C (SIGINT) or
// SIGTERM is passed to every service, each finishes its in-flight requests and closes its
// resources, and this process exits when all three have stopped.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const service = (name, color) => ({
  name,
  prefixColor: color,
  command: `node ${JSON.stringify(join(root, 'services', name, 'dist', 'main.js'))}`,
  // Services read DATA_DIR relative to the working directory; run them all from the root.
  cwd: root,
  env: { LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' },
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
