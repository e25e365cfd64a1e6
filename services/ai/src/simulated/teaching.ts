import { knowledgeAnswers } from '../knowledge/answers.js';
import { type Concept, generalConcept, namesConcept } from '../knowledge/course-concepts.js';
import { catalogue, phrase } from '../knowledge/data-file.js';
import { type Lang, langOf } from '../lang.js';
import { convertUnits } from '../tools/calculator.js';
import { type Conversion, parseConversion } from './conversion.js';
import { extractQuantities, formatNumber } from './quantities.js';

/** The tutor and the problem solver: the modes that teach physics (the simulation tutor: sim-tutor.ts). */

const PHRASES = catalogue('teaching');

/**
 * Socratic: never the answer. The n-th tutor turn of a conversation asks the n-th question,
 * so a student who keeps going is led through the concept step by step. The concepts' own
 * questions and hints are in English: a Chinese reply asks the general questions in Chinese and
 * shows the law's formula alone.
 */
export function tutorAnswer(concept: Concept, turn: number, userText: string): string {
  const lang = langOf(userText);
  const say = (key: string, values: Record<string, string> = {}) => phrase(PHRASES, lang, key, values);
  const text = userText.trim();
  const law = lang === 'zh' ? concept.formula : concept.law;
  const opening =
    concept.id === 'general'
      ? say('openingGeneral')
      : say(turn === 0 ? 'opening' : 'nextStep', { name: concept.name, law: law ?? concept.law });
  // A question mark ends it, or it starts with a question word (questionStart, a pattern).
  const ownQuestion =
    (lang === 'zh' ? /[?？]\s*$/ : /\?\s*$/).test(text) ||
    new RegExp(`^(?:${PHRASES[lang].questionStart})`, 'i').test(text);
  const numbers = extractQuantities(userText);
  const given = [...numbers.values()].map((q) => q.written).join(', ');
  return [
    opening,
    ownQuestion ? say('ownQuestion') : '',
    numbers.size > 0 ? say('givens', { given }) : '',
    say('question', { question: lang === 'zh' ? zhQuestion(turn) : closestQuestion(concept, turn, text) }),
    lang === 'en' ? say('hint', { hint: concept.hints[turn % concept.hints.length]! }) : '',
    say('invite'),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The concept's question closest to what the student wrote, else the next one in order. */
function closestQuestion(concept: Concept, turn: number, text: string): string {
  const words = new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const overlap = (q: string) =>
    (q.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => words.has(w)).length;
  const ranked = concept.questions
    .map((q, i) => ({ q, i, score: overlap(q) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  return ranked[0]!.score > 0 ? ranked[0]!.q : concept.questions[turn % concept.questions.length]!;
}

function zhQuestion(turn: number): string {
  const questions = generalConcept.zh?.questions ?? generalConcept.questions;
  return questions[turn % questions.length]!;
}

/** "5 eV = 8.01088317e-19 J" with the calculator tool, and the factor it used so it can be checked. */
function conversionAnswer({ value, from, to }: Conversion, lang: Lang): string | undefined {
  try {
    const result = convertUnits(value, from, to);
    const factor = convertUnits(1, from, to);
    return [
      phrase(PHRASES, lang, 'conversionTitle'),
      phrase(PHRASES, lang, 'conversionResult', { from: result.from, result: result.text }),
      phrase(PHRASES, lang, 'conversionFactor', { unit: from, factor: factor.text }),
    ].join('\n\n');
  } catch {
    return undefined;
  }
}

export function problemSolverAnswer(concept: Concept, userText: string): string {
  // The course's results first: they check the region and say what is missing rather than guess.
  const worked = knowledgeAnswers().workedSolution(userText);
  if (worked) return worked;
  const lang = langOf(userText);
  const say = (key: string, values: Record<string, string> = {}) => phrase(PHRASES, lang, key, values);
  const conversion = parseConversion(userText);
  const converted = conversion && conversionAnswer(conversion, lang);
  if (converted) return converted;
  const quantities = extractQuantities(userText);
  const given =
    quantities.size > 0
      ? [...quantities.values()]
          .map((q) => `${q.symbol} = ${formatNumber(q.value)}${q.unit ? ` ${q.unit}` : ''}`)
          .join(', ')
      : say('noValues');
  // A plan is only as good as its law: a question that names no concept the notes teach (Ohm's
  // law, an RC circuit) gets no Biot–Savart plan from a weak hint like "current", but a plain
  // statement that the notes do not cover it and what answering it would need.
  if (!namesConcept(concept, userText)) return say('notCovered');
  return [
    say('planTitle', { name: concept.name }),
    say('given', { given }),
    say('principle', { law: (lang === 'zh' ? concept.formula : undefined) ?? concept.law }),
    say('steps'),
    say('check', { hint: concept.hints[0]! }),
    say('sendValues'),
  ].join('\n\n');
}
