// Shared by the benchmark scripts: print a table and keep a JSON copy under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');

/**
 * Adds a `vs baseline` column: each row's `metric` as a multiple of the baseline row's, where
 * the baseline is the row whose `case` starts with `baselineCase` (or, per row, the one
 * `baselineOf(row)` names). A benchmark is only meaningful against a floor measured in the same
 * run on the same machine, so every table that has one says so in this column.
 */
export function againstBaseline(rows, { metric, baselineCase, baselineOf, column = 'vs baseline' }) {
  return rows.map((row) => {
    const name = baselineOf ? baselineOf(row) : baselineCase;
    const baseline = name === undefined ? undefined : rows.find((r) => r.case.startsWith(name));
    if (!baseline || baseline === row || !Number(baseline[metric]))
      return { ...row, [column]: baseline === row ? 'baseline' : '' };
    const ratio = Number(row[metric]) / Number(baseline[metric]);
    return { ...row, [column]: `${ratio.toFixed(2)}× ${metric}` };
  });
}

export function report(name, rows, notes = {}) {
  console.log(`\n${name}`);
  console.table(rows);
  mkdirSync(resultsDir, { recursive: true });
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const file = join(resultsDir, `${slug}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, date: new Date().toISOString(), node: process.version, rows, notes }, null, 2)}\n`,
  );
  console.log(`(saved to ${file})`);
}
