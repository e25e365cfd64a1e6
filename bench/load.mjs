// Shared by the HTTP benchmarks: autocannon in its own worker thread, so the load generator
// does not share the server's event loop (in-process it would add its own work to every
// latency), and one row shape for the tables.
import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export function load(options) {
  return new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, connections: 50, workers: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

export function loadRow(label, result, extra = {}) {
  return {
    case: label,
    ...extra,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
