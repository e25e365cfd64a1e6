import { prefixFactor } from '../si-prefix.js';
import { knowledgeAnswers, langOf } from './answers.js';
import { plainQuantity } from './formatting.js';
import { quantityOf, type Solved } from './solver.js';

/**
 * With a model configured: the course results matching the question go to the model with the
 * passages, and a number the model states for a result the knowledge base can compute is checked
 * against it; a disagreement is added to the answer for the student to see, never hidden.
 */

/** The results matching the question, for the model's system prompt (empty when none match). */
export function knowledgeContext(question: string): string {
  const answers = knowledgeAnswers();
  const lang = langOf(question);
  const matches = answers.kb.match(question).slice(0, 3);
  if (matches.length === 0) return '';
  const lines = matches.map(({ result }) => {
    const conditions = (result.conditions ?? []).map((c) => c[lang]).join('; ');
    return `- ${result.statement[lang]} $$${result.tex}$$${conditions ? ` (${conditions})` : ''}`;
  });
  return `${answers.kb.say(lang, 'modelContext')}\n${lines.join('\n')}`;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** TeX as models write numbers ($8.0$ μT, 2.5\times10^{-5}\,\mathrm{T}) in plain notation. */
function untex(text: string): string {
  return text
    .replace(/\\(?:text|mathrm|rm|mathit)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\(?:times|cdot)/g, '×')
    .replace(/\\mu\s*/g, 'μ')
    .replace(/\\[,;:! ]|~/g, ' ')
    .replace(/\^\s*\{([^{}]*)\}/g, '^$1')
    .replace(/[${}]/g, '');
}

/** The values a reply states in a unit (SI prefixes and × 10ⁿ read), e.g. every "… T". */
function statedIn(reply: string, unit: string): number[] {
  const plain = untex(reply)
    .replace(
      /[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+/g,
      (s) => `^${[...s].map((c) => (c === '⁻' ? '-' : SUPERSCRIPT.indexOf(c))).join('')}`,
    )
    .replace(/−/g, '-');
  const escaped = unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(
    String.raw`(-?\d+(?:\.\d+)?)(?:\s*(?:×|x|\*)\s*10\s*\^\s*\(?(-?\d+)\)?|e(-?\d+))?\s*([pnμµumkM]?)${escaped}(?![A-Za-z])`,
    'g',
  );
  return [...plain.matchAll(pattern)].map(
    (m) => Number(m[1]) * 10 ** Number(m[2] ?? m[3] ?? 0) * prefixFactor(m[4]),
  );
}

const close = (a: number, b: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= 0.02 * Math.abs(b);

/** Every number in the tools' results, as given and as written with the unit (SI prefixes read). */
function numbersIn(results: readonly unknown[], unit: string): number[] {
  const found: number[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'number' && Number.isFinite(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  results.forEach(walk);
  return [...found, ...statedIn(JSON.stringify(results), unit)];
}

/**
 * A note to add to the model's answer when it states, in the result's unit, a value none of
 * which is the course result's for the question's numbers; undefined when they agree or the
 * knowledge base cannot compute the question. A value a tool gave the model (`toolResults`) is
 * its source, not a disagreement.
 */
export function disagreement(
  question: string,
  reply: string,
  toolResults: readonly unknown[] = [],
): string | undefined {
  const answers = knowledgeAnswers();
  const lang = langOf(question);
  const solved = answers.solve(question).filter((o): o is Solved => o.status === 'solved');
  const notes: string[] = [];
  for (const part of solved) {
    const { symbol, unit, name } = quantityOf(part);
    if (!unit) continue;
    const stated = statedIn(reply, unit);
    if (stated.length === 0) continue;
    const fromTools = toolResults.length > 0 ? numbersIn(toolResults, unit) : [];
    const agrees = stated.some((v) => close(v, part.value) || fromTools.some((t) => close(v, t)));
    if (agrees) continue;
    notes.push(
      answers.kb.say(lang, 'modelDisagrees', {
        name: name[lang],
        expected: `${symbol} = ${plainQuantity(part.value, unit)}`,
        tex: part.result.tex,
      }),
    );
  }
  return notes.length > 0 ? notes.join('\n\n') : undefined;
}

/**
 * The `compute_course_result` tool: every part of a problem the course's results compute with
 * the problem's own numbers (conditions checked), or what is missing, for the model to use.
 */
export function computeCourseResults(problem: string) {
  const lang = langOf(problem);
  const parts = knowledgeAnswers().solve(problem);
  return {
    parts: parts.map((part) => {
      const base = { result: part.result.id, statement: part.result.statement[lang], tex: part.result.tex };
      if (part.status === 'solved') {
        const { symbol, unit, name } = quantityOf(part);
        return {
          ...base,
          solved: true,
          quantity: name[lang],
          symbol,
          value: part.value,
          unit,
          given: part.written,
        };
      }
      return {
        ...base,
        solved: false,
        ...(part.failed ? { condition_fails: part.failed[lang] } : {}),
        missing: part.missing.map((v) => v[lang]),
      };
    }),
  };
}
