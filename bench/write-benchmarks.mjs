// Writes bench/BENCHMARKS.md from the JSON results under bench/results/: one table per result
// file, with the run's date, Node version and conditions. `npm run bench` runs it last, so the
// page always shows the latest committed measurements; run it alone to regenerate the page.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, 'results');
const output = join(here, 'BENCHMARKS.md');

/** Reading order: the solvers and figures first, then the services, the backend, the AI, the web app. */
const ORDER = [
  'physics',
  'plot',
  'sim-service',
  'simulation-round-trip',
  'simulation-through-the-backend',
  'parameter-sweeps',
  'backend-identity',
  'backend-course-list-sqlite',
  'backend-course-list-postgres',
  'backend-uploads',
  'ai',
  'retrieval',
  'rag-eval',
  'web-app',
  'web-lab',
  'tutor-first-token',
];

/** Titles of the result files that carry no `name` of their own. */
const TITLES = { physics: 'Solvers (@faraday/physics)', plot: 'Figures (@faraday/plot)' };

/** Which command writes each result, for the reader who wants to measure again. */
const PRODUCED_BY = {
  physics: 'npm run bench -w @faraday/physics',
  plot: 'npm run bench -w @faraday/plot',
  'sim-service': 'npm run bench -w @faraday/sim',
  'rag-eval': 'npm run rag:eval',
  ai: 'npm run bench -w @faraday/ai',
  retrieval: 'npm run bench -w @faraday/ai',
};
const BACKEND = 'npm run bench -w @faraday/backend';
const WEB = 'npm run bench -w @faraday/web';

function producer(slug) {
  if (PRODUCED_BY[slug]) return PRODUCED_BY[slug];
  if (slug.startsWith('web-') || slug === 'tutor-first-token') return WEB;
  return BACKEND;
}

/** Fields of a result file that are not its title, rows or conditions. */
const FRAME = new Set(['name', 'package', 'date', 'node', 'rows', 'notes', 'machine', 'units']);

function formatNumber(value) {
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return String(Math.round(value));
  return String(Number(value.toPrecision(3)));
}

function formatValue(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cell(value) {
  return formatValue(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function table(rows) {
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const lines = [
    `| ${columns.map(cell).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(' | ')} |`),
  ];
  return lines.join('\n');
}

function isScalar(value) {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The conditions of a run as `key: value` lines: scalars, short lists of scalars, and the
 * scalars of nested objects under dotted keys. Long lists (per-run samples, lists of misses)
 * stay in the JSON file.
 */
function conditions(object, prefix = '') {
  const lines = [];
  for (const [key, value] of Object.entries(object ?? {})) {
    const name = `${prefix}${key}`;
    if (isScalar(value)) lines.push(`- ${name}: ${formatValue(value)}`);
    else if (Array.isArray(value)) {
      if (value.length <= 12 && value.every(isScalar)) lines.push(`- ${name}: ${formatValue(value)}`);
    } else if (typeof value === 'object') lines.push(...conditions(value, `${name}.`));
  }
  return lines;
}

function section(slug, result) {
  const title = result.name ?? TITLES[slug] ?? result.package ?? slug;
  const node = result.node ?? result.machine?.node;
  const date = typeof result.date === 'string' ? result.date.slice(0, 10) : undefined;
  const parts = [`## ${title}`, ''];
  parts.push(
    `${[date && `Measured ${date}`, node && `Node ${node}`].filter(Boolean).join(', ')}. ` +
      `Written by \`${producer(slug)}\` to \`bench/results/${slug}.json\`.`,
    '',
  );
  if (Array.isArray(result.rows) && result.rows.length > 0) parts.push(table(result.rows), '');
  const extra = Object.fromEntries(Object.entries(result).filter(([key]) => !FRAME.has(key)));
  const lines = [
    ...conditions(result.machine),
    ...conditions(result.units),
    ...conditions(result.notes),
    ...conditions(extra),
  ];
  if (lines.length > 0) parts.push(...lines, '');
  return parts.join('\n');
}

export function writeBenchmarks() {
  const slugs = readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.tmp.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort((a, b) => {
      const ia = ORDER.indexOf(a);
      const ib = ORDER.indexOf(b);
      if (ia === -1 && ib === -1) return a.localeCompare(b);
      return (ia === -1 ? ORDER.length : ia) - (ib === -1 ? ORDER.length : ib);
    });
  const sections = slugs.map((slug) =>
    section(slug, JSON.parse(readFileSync(join(resultsDir, `${slug}.json`), 'utf8'))),
  );
  const page = [
    '# Benchmarks',
    '',
    'Results of `npm run bench` (and `npm run rag:eval`) on the machine that last ran them, generated',
    'by `bench/write-benchmarks.mjs` from `bench/results/*.json`; do not edit by hand. Each table',
    'compares its cases with a baseline measured in the same run, so compare ratios, not absolute',
    'times, across machines.',
    '',
    ...sections,
  ].join('\n');
  writeFileSync(output, page.endsWith('\n') ? page : `${page}\n`);
  return output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`(written ${writeBenchmarks()})`);
}
