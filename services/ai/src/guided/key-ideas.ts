import { type Expr, parseExpression } from '../simulated/expression.js';
import { agrees, extractFormula } from '../simulated/formula-verify.js';
import { conceptIdsOf } from './corpus-outline.js';
import type { Step } from './session.js';

/**
 * The key idea of a course concept, as the simulated tutor recognises it: the relation itself,
 * written in words (English or Chinese, any order of the usual phrasings) or as an equation with
 * any of the usual symbols. Key terms alone cannot tell "the emf equals minus the rate of change
 * of flux" (right, without the word "Faraday") from "Faraday emf Lenz" (a list); the relation can.
 * Known misconceptions are checked before this table, so a wrong relation never reaches it.
 */
export interface KeyIdea {
  id: string;
  /** Concept ids of concept-aliases.json whose steps this idea completes. */
  concepts: string[];
  /** One sentence that states the idea; any pattern is enough. */
  wordings: RegExp[];
  /** Symbol spellings mapped onto one name each, so ε, ℰ and emf (Φ, Φ_B, φ) compare equal. */
  symbols: [RegExp, string][];
  /** Accepted equations `lhs = rhs`, in the canonical names (X_name, and X_namedt for d/dt). */
  equations: string[];
}

// One sentence: a gap never crosses a full stop, question mark or semicolon, in either script.
const GAP = (max: number) => `[^.?!;。？！；]{0,${max}}?`;
const EMF_EN = String.raw`\b(?:emf|e\.m\.f\.?|electromotive force|induced (?:voltage|emf))`;
const RELATION_EN = String.raw`\b(?:equals?|is equal to|equal to|is given by|is proportional to|proportional to|is set by|depends on)\b`;
const RATE_OF_FLUX_EN = String.raw`(?:(?:rate of change|time derivative|rate)\s+(?:of\s+)?(?:the\s+)?(?:magnetic\s+)?flux|rate at which (?:the )?(?:magnetic )?flux(?: linkage)? (?:changes|varies)|how (?:fast|quickly) (?:the )?(?:magnetic )?flux(?: linkage)? (?:changes|varies))`;
const RATE_OF_FLUX_ZH =
  '(?:磁通量?[^。？！；]{0,6}变化率|磁通量?[^。？！；]{0,10}变化(?:的|得)?快慢|磁通量?对时间的(?:导数|变化率))';

const FLUX_SYMBOL: [RegExp, string] = [/(?:Φ|φ|\\Phi|\\phi|Phi|phi)(?:_?\{?(?:B|m)\}?)?/g, 'X_flux'];

export const KEY_IDEAS: KeyIdea[] = [
  {
    id: 'faraday-law',
    concepts: ['faraday-law', 'emf'],
    wordings: [
      new RegExp(`${EMF_EN}${GAP(60)}${RELATION_EN}${GAP(40)}${RATE_OF_FLUX_EN}`, 'i'),
      new RegExp(
        `${RATE_OF_FLUX_EN}${GAP(40)}\\b(?:equals|is equal to|gives|sets)\\b${GAP(30)}${EMF_EN}`,
        'i',
      ),
      new RegExp(`电动势${GAP(20)}(?:等于|正比于|取决于|与${GAP(20)}成正比)${GAP(20)}${RATE_OF_FLUX_ZH}`),
      new RegExp(`${RATE_OF_FLUX_ZH}${GAP(20)}(?:等于|决定)${GAP(10)}电动势`),
    ],
    symbols: [[/ε|ℰ|\\varepsilon|\\epsilon|\bemf\b|\bEMF\b|\bepsilon\b/g, 'X_emf'], FLUX_SYMBOL],
    equations: ['X_emf = -X_fluxdt', 'X_emf = -N X_fluxdt'],
  },
  {
    id: 'lenz-law',
    concepts: ['lenz'],
    wordings: [
      /\binduced (?:current|emf|voltage|(?:magnetic )?field)s?\b[^.?!;]{0,60}?\b(?:opposes?|opposing|resists?|counteracts?|acts against|works against|pushes against|fights)\b[^.?!;]{0,40}?\bchange/i,
      /感应(?:电流|电动势|磁场)[^。？！；]{0,20}?(?:阻碍|反抗|抵抗|抵消)[^。？！；]{0,20}?变化/,
    ],
    symbols: [],
    equations: [],
  },
];

/** The ideas of a step: those of its leading key term that has one (terms come best first). */
export function keyIdeasOf(step: Pick<Step, 'key_terms'>): KeyIdea[] {
  for (const term of step.key_terms) {
    const ids = term.split('|').flatMap((t) => (t.trim() ? conceptIdsOf(t.trim()) : []));
    const ideas = KEY_IDEAS.filter((idea) => idea.concepts.some((c) => ids.includes(c)));
    if (ideas.length > 0) return ideas;
  }
  return [];
}

function canonical(formula: string, idea: KeyIdea): Expr {
  let text = formula;
  for (const [pattern, name] of idea.symbols) text = text.replace(pattern, name);
  // d/dt and Δ/Δt of a quantity become one symbol: the parser has no derivatives.
  text = text.replace(/(?:d|Δ|\\Delta\s*)\s*(X_[a-z]+)\s*\/\s*(?:d|Δ|\\Delta\s*)\s*t\b/g, '$1dt');
  return parseExpression(text);
}

function statesEquation(answer: string, idea: KeyIdea): boolean {
  if (idea.equations.length === 0) return false;
  const found = extractFormula(answer);
  if (!found) return false;
  try {
    const lhs = canonical(found.lhs, idea);
    const rhs = canonical(found.rhs, idea);
    if (lhs.kind !== 'sym') return false;
    return idea.equations.some((equation) => {
      const [left, right] = equation.split('=').map((side) => parseExpression(side));
      return left?.kind === 'sym' && left.name === lhs.name && agrees(rhs, right!) === true;
    });
  } catch {
    return false;
  }
}

/** The key idea of the step the answer states, in words or as an equation, if any. */
export function keyIdeaStated(answer: string, step: Pick<Step, 'key_terms'>): KeyIdea | undefined {
  return keyIdeasOf(step).find(
    (idea) => idea.wordings.some((w) => w.test(answer)) || statesEquation(answer, idea),
  );
}
