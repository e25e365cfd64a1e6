import type { z } from 'zod';
import { PhysicsError, type PhysicsIssue } from './errors.js';

/** Formats a zod path the way sweep paths are written: `charges[0].q`, `source.width`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

/** Turns zod issues into one issue per bad field; an unknown key is reported under its own path. */
export function issuesFromZod(error: z.ZodError): PhysicsIssue[] {
  const issues: PhysicsIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ path: formatPath([...issue.path, key]), message: 'unknown field' });
      }
    } else {
      issues.push({ path: formatPath(issue.path), message: issue.message });
    }
  }
  return issues;
}

/**
 * Validates a solver input against its schema, filling defaults. Failure is a PhysicsError with
 * code INVALID_PARAMETERS whose `issues` name every bad field, so the service can answer 400
 * without knowing anything about zod.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, solver: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = issuesFromZod(result.error);
  return fail(solver, issues);
}

function fail(solver: string, issues: PhysicsIssue[]): never {
  const fields = [...new Set(issues.map((i) => i.path))].join(', ');
  throw new PhysicsError('INVALID_PARAMETERS', `Invalid ${solver} parameters: ${fields}`, { issues });
}

/** Wall-clock seconds since `start` (a `performance.now()` reading): the unit of computation_time. */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
