import { prefixFactor } from '../si-prefix.js';
import { knowledgeAnswers, langOf } from './answers.js';
import { plainQuantity } from './formatting.js';
import type { Solved } from './solver.js';

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

/** The values a reply states in a unit (SI prefixes and × 10ⁿ read), e.g. every "… T". */
function statedIn(reply: string, unit: string): number[] {
  const plain = reply
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

/**
 * A note to add to the model's answer when it states, in the result's unit, a value none of
 * which is the course result's for the question's numbers; undefined when they agree or the
 * knowledge base cannot compute the question.
 */
export function disagreement(question: string, reply: string): string | undefined {
  const answers = knowledgeAnswers();
  const lang = langOf(question);
  const solved = answers.solve(question).filter((o): o is Solved => o.status === 'solved');
  const notes: string[] = [];
  for (const part of solved) {
    const { symbol, unit, name } = part.result.compute!;
    if (!unit) continue;
    const stated = statedIn(reply, unit);
    if (stated.length === 0) continue;
    const agrees = stated.some(
      (v) => Math.abs(Math.abs(v) - Math.abs(part.value)) <= 0.02 * Math.abs(part.value),
    );
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
