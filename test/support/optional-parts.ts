/**
 * The parts of a test machine that `npm install` does not bring: database servers, Redis, a
 * redis-server binary, Chromium. A test file asks here for the part it needs. Where the part is
 * present it gets its address; where it is missing its tests are collected as skipped and the
 * file is marked with the part, and `not-run-reporter.ts` ends the run with what did not run and
 * how to enable it. With TEST_REQUIRE_ALL=1 (`.ci/run` sets it) a missing part fails the test file
 * instead: there every suite must run. See docs/adr/0060-optional-test-parts.md.
 */
import { describe, TestRunner } from 'vitest';
import {
  findPart,
  type PartName,
  partDescriptions,
  REQUIRE_ALL_VARIABLE,
  requireAll,
} from './machine-parts.js';

export type { PartName };

/** What a test file that lacked parts carries to the reporter (in its task's meta). */
export interface NotRunMark {
  part: PartName;
  missing: string;
}

declare module 'vitest' {
  interface TaskMeta {
    notRun?: NotRunMark[];
  }
}

function markNotRun(part: PartName, missing: string): void {
  if (requireAll()) {
    const { suites, enable } = partDescriptions[part];
    throw new Error(`${suites} must run here (${REQUIRE_ALL_VARIABLE}=1), but ${missing}: ${enable}`);
  }
  const file = TestRunner.getCurrentSuite()?.file;
  if (!file) return;
  file.meta.notRun ??= [];
  if (!file.meta.notRun.some((mark) => mark.part === part)) file.meta.notRun.push({ part, missing });
}

/**
 * The part's address (a URL or an executable) for a test file's set-up, or undefined where it is
 * missing: then the file is marked as not having run what needs it (or fails, under
 * TEST_REQUIRE_ALL=1). Call it while the file's tests are collected (at its top level or in a
 * describe block), not inside a test.
 */
export function optionalPart(name: PartName): string | undefined {
  const part = findPart(name);
  if ('found' in part) return part.found;
  markNotRun(name, part.missing);
  return undefined;
}

/**
 * describe() for tests that need some optional parts: `body` gets their addresses. Where one is
 * missing the same tests are collected as skipped (vitest counts them) and the file is marked;
 * `body` then gets empty strings, so it must use the addresses only in hooks and tests.
 */
export function describeWith<const Names extends readonly PartName[]>(
  names: Names,
  title: string,
  body: (parts: Record<Names[number], string>) => void,
): void {
  const parts = {} as Record<Names[number], string>;
  let complete = true;
  for (const name of names as readonly Names[number][]) {
    const address = optionalPart(name);
    parts[name] = address ?? '';
    if (address === undefined) complete = false;
  }
  describe(title, { skip: !complete }, () => body(parts));
}
