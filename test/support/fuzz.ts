import { errorCatalogue, isErrorCode } from '@faraday/contracts';
import { mulberry32 } from '../../services/ai/src/exercises/seed.js';
import {
  baselineInputs,
  fieldName,
  type Inputs,
  inputsOf,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  type Schema,
  toRequest,
  withValue,
} from './openapi.js';

/**
 * A schema-driven fuzzer of our own (docs/adr/0008-hostile-input-guards.md): for every operation
 * of a service's /openapi.json, a plausible baseline request with one input replaced by a hostile value
 * (wrong type, huge or empty string, control characters, deep objects, extreme numbers, bad
 * ids), chosen by a seeded generator so a failure can be replayed. It fails on a 5xx, on any
 * error answer that is not the envelope with a catalogue code, and on a request left without an
 * answer (one that hangs). How fast the services answer is measured by `npm run bench`, not here.
 */

/** Small, fast and good enough to pick cases reproducibly: the exercise engine's generator. */
export const seededRandom = mulberry32;

/** A JSON token written into the body as it is (numbers JSON.stringify cannot write, deep text). */
class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
}

const deepText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

interface Hostile {
  label: string;
  value: unknown;
}

const hostileValues: Hostile[] = [
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'control characters', value: '\u0001\u0008\u001b[31m\u007f' },
  { label: 'line breaks', value: 'a\r\nb\nc' },
  { label: 'string of 100,000 characters', value: 'x'.repeat(100_000) },
  { label: 'string of 3,000 characters', value: 'é'.repeat(3_000) },
  { label: 'lone surrogate', value: '\ud800x' },
  { label: 'bidi override', value: 'evil\u202efdp.exe' },
  { label: 'emoji', value: '😀'.repeat(200) },
  { label: 'path traversal', value: '../../../../etc/passwd' },
  { label: 'SQL', value: "x' OR '1'='1' --" },
  { label: 'template', value: `{{7*7}}\${7*7}<script>alert(1)</script>` },
  { label: 'numeric string', value: '-1' },
  { label: 'NaN string', value: 'NaN' },
  { label: 'zero', value: 0 },
  { label: 'negative', value: -1 },
  { label: 'negative zero', value: -0 },
  { label: 'fraction', value: 0.5 },
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: '1e300', value: 1e300 },
  { label: '1e-300', value: 1e-300 },
  { label: '5e-324', value: 5e-324 },
  { label: '2^53+1', value: 2 ** 53 + 1 },
  { label: '-2^31', value: -(2 ** 31) },
  { label: '1e400 (Infinity)', value: new RawJson('1e400', '1e400') },
  { label: '-1e400', value: new RawJson('-1e400', '-1e400') },
  { label: 'true', value: true },
  { label: 'null', value: null },
  { label: 'empty array', value: [] },
  { label: 'empty object', value: {} },
  { label: 'array of 10,000 numbers', value: Array.from({ length: 10_000 }, (_, i) => i) },
  { label: 'nested arrays', value: [[[[[[[[1]]]]]]]] },
  { label: 'object 40 deep', value: JSON.parse(deepText(40)) },
  { label: 'object 5,000 deep', value: new RawJson(deepText(5_000), 'deep') },
  {
    label: 'prototype key',
    value: JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'),
  },
];

const badIds: Hostile[] = [
  { label: 'id 0', value: '0' },
  { label: 'id -1', value: '-1' },
  { label: 'id of 300 characters', value: 'x'.repeat(300) },
  { label: 'id with NUL', value: 'a\u0000b' },
  { label: 'id traversal', value: '../..' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'id SQL', value: "1' or '1'='1" },
  { label: 'id with slash', value: 'a/b' },
  { label: 'id with emoji', value: '😀' },
];

/**
 * Formulas shaped to exhaust a recursive parser or tree walker (long flat chains, deep nesting),
 * each under the chat's 20,000-character message limit: the answer must be a reply or a 400.
 */
const chain = (op: string, terms: number) => `x = a${`${op}a`.repeat(terms - 1)}`;
const nested = (open: string, close: string, depth: number) =>
  `x = ${open.repeat(depth)}a${close.repeat(depth)}`;
export const expressionShapes: Hostile[] = [
  { label: 'sum of 9,990 terms', value: chain('+', 9_990) },
  { label: 'difference of 9,990 terms', value: chain('-', 9_990) },
  { label: 'product of 9,990 factors', value: chain('*', 9_990) },
  { label: 'implicit product of 9,990 factors', value: `x = ${'a '.repeat(9_990)}` },
  { label: 'quotient of 9,990 terms', value: chain('/', 9_990) },
  { label: 'power tower of 9,990', value: chain('^', 9_990) },
  { label: '9,000 nested parentheses', value: nested('(', ')', 9_000) },
  { label: '9,000 nested braces', value: nested('{', '}', 9_000) },
  { label: '3,000 nested roots', value: nested('sqrt(', ')', 3_000) },
  { label: '2,000 nested fractions', value: nested('\\frac{', '}{b}', 2_000) },
  { label: '19,000 minus signs', value: `x = ${'-'.repeat(19_000)}a` },
  { label: 'arithmetic of 9,000 terms', value: `${'1+'.repeat(9_000)}1` },
];

/**
 * Every expression shape in every free-text body field of every operation; where the body has a
 * `mode`, in each of `modes`, since each mode reads the text its own way.
 */
export function expressionCases(
  doc: OpenApiDocument,
  options: { modes: readonly string[]; headers: (op: Operation) => Record<string, string> },
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const op of operationsOf(doc)) {
    const baseline = baselineInputs(doc, op);
    const hasMode = typeof (baseline.body as { mode?: unknown } | undefined)?.mode === 'string';
    const modes = hasMode ? options.modes : [undefined];
    const texts = inputsOf(doc, op).filter(
      (i) => i.where === 'body' && i.schema.type === 'string' && !i.schema.enum && i.path.at(-1) !== 'mode',
    );
    for (const input of texts) {
      for (const shape of expressionShapes) {
        for (const mode of modes) {
          const inputs = withValue(baseline, input, shape.value);
          if (mode !== undefined) (inputs.body as { mode: string }).mode = mode;
          const label = `${fieldName(input)}: ${shape.label}${mode === undefined ? '' : ` (${mode})`}`;
          cases.push(toCase(op, inputs, label, options.headers(op)));
        }
      }
    }
  }
  return cases;
}

export interface FuzzCase {
  op: Operation;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function serialise(value: unknown): string {
  const raws: RawJson[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v);
      return `__RAW_${raws.length - 1}__`;
    }
    return v;
  });
  return raws.reduce((out, raw, i) => out.replace(`"__RAW_${i}__"`, raw.text), text ?? 'null');
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const isNumber = (h: Hostile) => typeof h.value === 'number' || h.value instanceof RawJson;
const numericHostiles = hostileValues.filter(isNumber);
const stringHostiles = hostileValues.filter((h) => typeof h.value === 'string');

/** The schema's own bounds, and just past them: where off-by-one and overflow live. */
function boundaryValues(schema: Schema): Hostile[] {
  const out: Hostile[] = [];
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const bound = schema[key];
    if (typeof bound !== 'number') continue;
    out.push({ label: `${key} ${bound}`, value: bound });
    const step = Math.max(Math.abs(bound) * 1e-9, schema.type === 'integer' ? 1 : 1e-12);
    out.push({ label: `past ${key}`, value: key.endsWith('inimum') ? bound - step : bound + step });
  }
  return out;
}

/**
 * A hostile value for an input: usually one of its own type pushed to extremes (numbers near
 * 0 and infinity and at the bounds, strings huge, empty or full of control characters), so
 * cases get past the type check to the code behind it; otherwise anything, type included.
 */
function hostileFor(random: () => number, schema: Schema, isPathParam: boolean): Hostile {
  if (isPathParam && random() < 0.6) return pick(random, badIds);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (random() < 0.7) {
    if (type === 'number' || type === 'integer')
      return pick(random, [...numericHostiles, ...boundaryValues(schema)]);
    if (type === 'string') return pick(random, stringHostiles);
  }
  return pick(random, hostileValues);
}

function toCase(op: Operation, inputs: Inputs, label: string, headers: Record<string, string>): FuzzCase {
  const spec = toRequest(op, inputs, headers);
  const body =
    op.body && inputs.body !== undefined
      ? op.body.type.includes('json')
        ? serialise(inputs.body)
        : typeof inputs.body === 'string'
          ? inputs.body
          : serialise(inputs.body)
      : undefined;
  return {
    op,
    label,
    method: spec.method,
    url: spec.url,
    headers: spec.headers,
    ...(body === undefined ? {} : { body }),
  };
}

export interface CaseOptions {
  seed: number;
  /** Hostile values per input of an operation. */
  perInput: number;
  /** Most cases for one operation. */
  maxPerOperation: number;
  headers: (op: Operation) => Record<string, string>;
  /** Real ids for path parameters, so a case can reach past the lookup (e.g. course_id). */
  knownIds?: Record<string, string>;
  /** Operations left out (with the reason in the caller). */
  skip?: (op: Operation) => boolean;
}

/** Every case for every operation of a document, in a reproducible order. */
export function fuzzCases(doc: OpenApiDocument, options: CaseOptions): FuzzCase[] {
  const random = seededRandom(options.seed);
  const cases: FuzzCase[] = [];
  for (const op of operationsOf(doc)) {
    if (options.skip?.(op)) continue;
    const headers = options.headers(op);
    const baseline = baselineInputs(doc, op);
    for (const [name, id] of Object.entries(options.knownIds ?? {})) {
      if (name in baseline.params) baseline.params[name] = id;
    }
    const forOp: FuzzCase[] = [toCase(op, baseline, 'baseline', headers)];
    if (op.body) {
      forOp.push(
        toCase(op, { ...baseline, body: new RawJson('{"a":', 'truncated') }, 'body: truncated JSON', headers),
      );
      forOp.push(toCase(op, { ...baseline, body: undefined }, 'body: missing', headers));
    }
    for (const input of inputsOf(doc, op)) {
      // The extremes a number may take within most schemas, always: what made a solver run for
      // five minutes in an earlier attack must be found by every run, not by luck.
      if (input.schema.type === 'number') {
        for (const value of [5e-324, 1e-300, 1e300]) {
          forOp.push(toCase(op, withValue(baseline, input, value), `${fieldName(input)}: ${value}`, headers));
        }
      }
      for (let i = 0; i < options.perInput; i++) {
        const hostile = hostileFor(random, input.schema, input.where === 'params');
        forOp.push(
          toCase(
            op,
            withValue(baseline, input, hostile.value),
            `${fieldName(input)}: ${hostile.label}`,
            headers,
          ),
        );
      }
    }
    // Keep the baseline, the body cases and the extremes, and a seeded sample of the rest.
    const always = (c: FuzzCase) =>
      c.label === 'baseline' || c.label.startsWith('body: ') || /: (5e-324|1e-300|1e\+300)$/.test(c.label);
    const fixed = forOp.filter(always);
    const rest = forOp.filter((c) => !always(c));
    // Room for at least ten random cases even where the extremes alone fill the quota.
    const room = Math.max(options.maxPerOperation - fixed.length, 10);
    while (rest.length > room) rest.splice(Math.floor(random() * rest.length), 1);
    cases.push(...fixed, ...rest);
  }
  return cases;
}

export interface FuzzFailure {
  case: string;
  status: number | 'no answer';
  problem: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
}

/** A request still unanswered after this long hangs: it fails, and the run goes on without it. */
const HANG_LIMIT_MS = 10_000;

/** What is wrong with an answer, if anything. */
export function answerProblem(status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400 && !contentType.includes('json')) return undefined; // files, CSV, streams, HTML
  let parsed: { success?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (status < 400) return parsed.success === true ? undefined : 'success answer without success: true';
  const code = parsed.error?.code;
  if (parsed.success !== false || typeof parsed.error?.message !== 'string') return 'not the error envelope';
  if (!isErrorCode(code)) return `code ${String(code)} is not in the catalogue`;
  if (errorCatalogue[code].status !== status) return `${code} answered with HTTP ${status}`;
  return undefined;
}

export interface RunLimits {
  /**
   * Stop after this many failures: enough to act on, and the suite stays bounded even while a
   * service is broken (each failure costs at most the hang limit).
   */
  maxFailures: number;
}

const defaultLimits: RunLimits = { maxFailures: 25 };

/** Sends every case over real HTTP, one after the other, and gathers what came back. */
export async function runFuzz(
  baseUrl: string,
  cases: FuzzCase[],
  limits: RunLimits = defaultLimits,
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, statuses: {}, failures: [] };
  for (const [index, c] of cases.entries()) {
    if (report.failures.length >= limits.maxFailures) {
      report.failures.push({
        case: `stopped after ${index} of ${cases.length} cases`,
        status: 'no answer',
        problem: 'too many failures',
        body: '',
      });
      break;
    }
    const name = `${c.method} ${c.op.path} [${c.label}]`;
    report.requests++;
    try {
      const res = await fetch(`${baseUrl}${c.url}`, {
        method: c.method,
        headers: c.headers,
        ...(c.body === undefined ? {} : { body: c.body }),
        // A hang fails the case; do not let it hold up the rest.
        signal: AbortSignal.timeout(HANG_LIMIT_MS),
      });
      const body = await res.text();
      const key = String(res.status);
      report.statuses[key] = (report.statuses[key] ?? 0) + 1;
      const problem = answerProblem(res.status, res.headers.get('content-type') ?? '', body);
      if (problem)
        report.failures.push({ case: name, status: res.status, problem, body: body.slice(0, 200) });
    } catch (error) {
      report.statuses['no answer'] = (report.statuses['no answer'] ?? 0) + 1;
      report.failures.push({ case: name, status: 'no answer', problem: String(error), body: '' });
    }
  }
  return report;
}
