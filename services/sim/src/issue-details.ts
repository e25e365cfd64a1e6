/**
 * Turns zod issues into the text of `error.details`: each bad field by its sweep-style path
 * (`charges[0].q`), why it is wrong, the value that was sent and the allowed range read from the
 * schema itself, so the message can never disagree with the check.
 *   "nx: Too big: expected number to be <=2000 (got 5000; allowed: integer from 3 to 2000)"
 */
import { formatPath } from '@faraday/physics';
import type { z } from 'zod';

/** More than this many issues are summarised; a 5,000-element array of bad charges is one message. */
const MAX_LISTED_ISSUES = 20;

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}
type CheckDef = { check: string; value?: unknown; inclusive?: boolean; minimum?: number; maximum?: number };

const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;
const checksOf = (schema: unknown): CheckDef[] =>
  ((defOf(schema).checks as ZodInternals[] | undefined) ?? []).map((c) => c._zod.def as unknown as CheckDef);

/** The schema under optional/default/prefault/pipe wrappers. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else break;
  }
  return current;
}

/** The schema of the field at `path`, or undefined where the path leaves the schema. */
export function schemaAt(root: z.ZodType, path: readonly PropertyKey[]): unknown {
  let current: unknown = unwrap(root);
  for (const key of path) {
    const def = defOf(current);
    if (def.type === 'object' && typeof key === 'string') {
      current = (def.shape as Record<string, unknown>)[key];
    } else if (def.type === 'array' && typeof key === 'number') current = def.element;
    else if (def.type === 'tuple' && typeof key === 'number') current = (def.items as unknown[])[key];
    else return undefined;
    if (current === undefined) return undefined;
    current = unwrap(current);
  }
  return current;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
      return { found: false };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/** A short rendering of what the caller sent: numbers as numbers (Infinity too), never a whole array. */
export function showValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** "integer from 3 to 2000", "number > 0 and ≤ 1", "1 to 100 items"; undefined when unbounded. */
export function describeRange(schema: unknown): string | undefined {
  if (schema === undefined) return undefined;
  const def = defOf(schema);
  const checks = checksOf(schema);
  if (def.type === 'number') {
    const integer = checks.some((c) => c.check === 'number_format');
    let lower: string | undefined;
    let upper: string | undefined;
    for (const c of checks) {
      if (c.check === 'greater_than') lower = `${c.inclusive ? '≥' : '>'} ${String(c.value)}`;
      if (c.check === 'less_than') upper = `${c.inclusive ? '≤' : '<'} ${String(c.value)}`;
    }
    const kind = integer ? 'integer' : 'finite number';
    if (lower?.startsWith('≥') && upper?.startsWith('≤')) {
      return `${kind} from ${lower.slice(2)} to ${upper.slice(2)}`;
    }
    return [kind, [lower, upper].filter(Boolean).join(' and ')].filter(Boolean).join(' ');
  }
  if (def.type === 'array') {
    const min = checks.find((c) => c.check === 'min_length')?.minimum;
    const max = checks.find((c) => c.check === 'max_length')?.maximum;
    if (min !== undefined && max !== undefined) return `${min} to ${max} items`;
    if (max !== undefined) return `at most ${max} items`;
    if (min !== undefined) return `at least ${min} item${min === 1 ? '' : 's'}`;
    return undefined;
  }
  if (def.type === 'enum') return `one of ${Object.values(def.entries as object).join(', ')}`;
  if (def.type === 'literal') return `exactly ${(def.values as unknown[]).map(showValue).join(' or ')}`;
  if (def.type === 'boolean') return 'true or false';
  if (def.type === 'string') return 'a string';
  if (def.type === 'object') return 'an object';
  return undefined;
}

/** Issue codes that are about one field's type or bounds: those get the allowed range. */
const RANGE_CODES = new Set(['invalid_type', 'too_big', 'too_small', 'not_multiple_of', 'invalid_value']);

/**
 * One line per bad field (unknown keys one each), `prefix` put before every path; `extraFields`
 * are top-level fields the service accepts beside the schema's, listed with the allowed ones.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  schema: z.ZodType,
  input: unknown,
  prefix: readonly PropertyKey[] = [],
  extraFields: readonly string[] = [],
): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const parent = defOf(schemaAt(schema, issue.path) ?? {});
      const fields = parent.type === 'object' ? Object.keys(parent.shape as object) : [];
      if (issue.path.length === 0) fields.push(...extraFields);
      const allowed = fields.join(', ');
      for (const key of issue.keys) {
        const path = formatPath([...prefix, ...issue.path, key]);
        lines.push(`${path}: unknown field${allowed ? ` (allowed: ${allowed})` : ''}`);
      }
      continue;
    }
    const { found, value } = valueAt(input, issue.path);
    const facts: string[] = [found ? `got ${showValue(value)}` : 'missing'];
    const range = RANGE_CODES.has(issue.code) ? describeRange(schemaAt(schema, issue.path)) : undefined;
    if (range) facts.push(`allowed: ${range}`);
    lines.push(`${formatPath([...prefix, ...issue.path])}: ${issue.message} (${facts.join('; ')})`);
  }
  return lines;
}

/** The paths named by the lines, for the error message ("Invalid laplace2d parameters: nx, ny"). */
export function fieldsOf(lines: readonly string[]): string {
  const fields = [...new Set(lines.map((line) => line.slice(0, line.indexOf(': '))))];
  if (fields.length <= MAX_LISTED_ISSUES) return fields.join(', ');
  return `${fields.slice(0, MAX_LISTED_ISSUES).join(', ')}, … (${fields.length} fields)`;
}

/** Joins detail lines, listing at most MAX_LISTED_ISSUES. */
export function joinDetails(lines: readonly string[]): string {
  if (lines.length <= MAX_LISTED_ISSUES) return lines.join('; ');
  const rest = lines.length - MAX_LISTED_ISSUES;
  return `${lines.slice(0, MAX_LISTED_ISSUES).join('; ')}; … and ${rest} more`;
}
