// Shared by the benchmark scripts: print a table and keep a JSON copy under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');

export function report(name, rows, notes = {}) {
  console.log(`\n${name}`);
  console.table(rows);
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, date: new Date().toISOString(), node: process.version, rows, notes }, null, 2)}\n`,
  );
  console.log(`(saved to ${file})`);
}
