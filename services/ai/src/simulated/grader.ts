import type { Concept } from './concepts.js';
import { scoreConcept } from './concepts.js';

/**
 * Rubric feedback without a model: each criterion is scored 0-5 from what can be observed in
 * the text (the law named, reasoning words, units, structure), and the feedback says what was
 * observed, so a student sees why and what to do next.
 */

interface Criterion {
  name: string;
  score: number;
  observed: string;
  improve: string;
}

const REASONING =
  /\b(because|since|therefore|thus|hence|so that|so|which means|it follows|as a result)\b|因为|所以|因此|由于/gi;
const UNIT = /\d\s*(?:[pnuμµmck]?(?:C|A|V|T|F|H|N|J|W|Hz|m|s)|N\/C|V\/m|°)(?![\p{L}])/gu;
const EQUATION = /[=≈]|\\frac|\^|²/g;

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
const clamp = (n: number) => Math.max(0, Math.min(5, Math.round(n)));

function builtInCriteria(text: string, concept: Concept): Criterion[] {
  const words = text.split(/\s+/).filter(Boolean).length;
  const sentences = text.split(/[.!?。！？]+/).filter((s) => s.trim().length > 0);
  const longest = Math.max(0, ...sentences.map((s) => s.split(/\s+/).filter(Boolean).length));
  const reasoning = count(text, REASONING);
  const units = count(text, UNIT);
  const equations = count(text, EQUATION);
  const topical = scoreConcept(concept, text);
  const lawNamed = concept.id !== 'general' && topical >= 3;
  return [
    {
      name: 'Physical correctness',
      score: clamp((lawNamed ? 3 : topical > 0 ? 2 : 1) + (equations > 0 ? 1 : 0) + (units > 0 ? 1 : 0)),
      observed: lawNamed
        ? `The work is about ${concept.name} and ${equations > 0 ? 'states relations' : 'names the idea but writes no relation'}.`
        : 'I could not tell which law the work relies on.',
      improve: `State the law you use explicitly (${concept.law}) and say why it applies here.`,
    },
    {
      name: 'Reasoning',
      score: clamp(1 + Math.min(3, reasoning) + (sentences.length >= 3 ? 1 : 0)),
      observed:
        reasoning > 0
          ? `${reasoning} explicit reasoning step${reasoning === 1 ? '' : 's'} ("because", "therefore", …).`
          : 'Statements follow each other without saying why one leads to the next.',
      improve: 'Link each step to the previous one with the reason ("because the field is radial, …").',
    },
    {
      name: 'Units and notation',
      score: clamp(equations === 0 && units === 0 ? 1 : 2 + Math.min(3, units)),
      observed:
        units > 0
          ? `${units} quantit${units === 1 ? 'y carries' : 'ies carry'} a unit.`
          : 'Numbers appear without units, or there are no quantities at all.',
      improve: 'Give every number its SI unit and define each symbol the first time it appears.',
    },
    {
      name: 'Clarity and structure',
      score: clamp(words < 20 ? 1 : 2 + (longest <= 35 ? 2 : 0) + (sentences.length >= 3 ? 1 : 0)),
      observed: `${words} words in ${sentences.length} sentence${sentences.length === 1 ? '' : 's'}; the longest has ${longest} words.`,
      improve:
        longest > 35
          ? 'Split the longest sentence: one idea per sentence.'
          : 'Order the answer as given → principle → derivation → result → check.',
    },
  ];
}

/** A rubric the user wrote ("Rubric:" then one criterion per line): scored by how much of each the work touches. */
function customCriteria(rubric: string[], work: string): Criterion[] {
  const lowerWork = work.toLowerCase();
  return rubric.map((line) => {
    const terms = line
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length >= 4);
    const covered = terms.filter((t) => lowerWork.includes(t));
    const share = terms.length === 0 ? 0 : covered.length / terms.length;
    return {
      name: line,
      score: clamp(1 + share * 4),
      observed:
        covered.length > 0
          ? `The work addresses ${covered.map((t) => `"${t}"`).join(', ')}.`
          : 'I found nothing in the work that addresses this criterion.',
      improve:
        share < 1
          ? 'Add a sentence or step that covers this criterion explicitly.'
          : 'Covered; make sure it is also correct.',
    };
  });
}

function splitRubric(text: string): { rubric: string[]; work: string } {
  const match = /(?:^|\n)\s*(?:rubric|评分标准)\s*[:：]\s*\n?((?:\s*(?:[-*•]|\d+[.)])\s*.+\n?)+)/i.exec(text);
  if (!match) return { rubric: [], work: text };
  const rubric = match[1]!
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  return { rubric, work: text.replace(match[0], '\n').trim() };
}

export function gradeWork(text: string, concept: Concept): string {
  const { rubric, work } = splitRubric(text);
  const criteria = rubric.length > 0 ? customCriteria(rubric, work) : builtInCriteria(work, concept);
  const total = criteria.reduce((sum, c) => sum + c.score, 0);
  const max = criteria.length * 5;
  const weakest = criteria.reduce((a, b) => (b.score < a.score ? b : a));
  const lines = [
    `**Rubric feedback** (${rubric.length > 0 ? 'your rubric' : 'default rubric: correctness, reasoning, units, clarity'}; each criterion 0-5)`,
    '',
    ...criteria.map((c) => `- **${c.name}: ${c.score}/5.** ${c.observed} *To improve:* ${c.improve}`),
    '',
    `**Total: ${total}/${max}.**`,
    `**Most important next step:** ${weakest.improve}`,
  ];
  return lines.join('\n');
}
