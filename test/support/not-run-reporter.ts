import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { type PartName, partDescriptions } from './machine-parts.js';
import type { NotRunMark } from './optional-parts.js';

/**
 * Ends the run with the suites that did not run for lack of a part of the machine (as marked by
 * optional-parts.ts), each with the reason and the one command or variable that enables it.
 */
export default class NotRunReporter implements Reporter {
  #vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const missing = new Map<PartName, string>();
    for (const module of testModules) {
      for (const mark of (module.meta().notRun ?? []) as NotRunMark[]) missing.set(mark.part, mark.missing);
    }
    if (missing.size === 0) return;
    const lines = [...missing].map(([part, reason]) => {
      const { suites, enable } = partDescriptions[part];
      return `  ${suites}: not run, ${reason} — ${enable}`;
    });
    const log = (text: string) => (this.#vitest ? this.#vitest.logger.log(text) : console.log(text));
    log(['', ' Not run on this machine (everything else ran):', ...lines, ''].join('\n'));
  }
}
