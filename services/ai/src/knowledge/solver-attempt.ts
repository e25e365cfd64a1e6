import type { CourseResult, KnowledgeBase } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { bindVariables, fixedVariables } from './solver-binding.js';
import { conditionHolds, evaluateResult } from './solver-math.js';
import type { Attempt } from './solver-outcomes.js';

/** One result against the readings; a broken condition tries the result's family. */
export function attemptResult(
  kb: KnowledgeBase,
  result: CourseResult,
  readings: Reading[],
  text: string,
  known: Record<string, number>,
  forced: Record<string, Reading> = {},
  // A sibling tried for a broken condition does not try the family again (three regions or more).
  family = true,
): Attempt {
  const binding = bindVariables(kb, result, readings, text, known, forced);
  const { leftovers, used } = binding;
  if (binding.missing.length > 0) {
    const given = fixedVariables(result, binding, readings);
    return {
      status: 'missing',
      result,
      missing: binding.missing,
      leftovers,
      used,
      ...(given && { given }),
    };
  }
  const failed = (result.conditions ?? []).find((c) => !conditionHolds(c.expr, binding.values, kb.constants));
  if (failed) {
    for (const sibling of kb.results) {
      if (!family || sibling === result || !sibling.family || sibling.family !== result.family) continue;
      const other = attemptResult(kb, sibling, readings, text, known, forced, false);
      if (other.status === 'solved') return other;
    }
    return { status: 'outside', result, missing: [], failed, leftovers, used };
  }
  const value = evaluateResult(result, binding.values, kb.constants);
  if (!Number.isFinite(value)) return { status: 'missing', result, missing: [], leftovers, used };
  return {
    status: 'solved',
    result,
    values: binding.values,
    written: binding.written,
    value,
    checked: (result.conditions ?? []).map(({ en, zh }) => ({ en, zh })),
    derived: binding.derived,
    leftovers,
    used,
  };
}
