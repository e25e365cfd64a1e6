import { formulaLine, plainQuantity, substitutionTex, texNumber, texUnit } from './formatting.js';
import { type CourseResult, courseKnowledge, type KnowledgeBase } from './knowledge-base.js';
import { type Outcome, ProblemSolver, type Solved } from './solver.js';

/**
 * Answers that lead with the answer: the course result the question is about (its statement and
 * TeX formula), with the student's own numbers substituted when the question gives them, the
 * conditions checked, and nothing asserted that could not be computed.
 */
export type Lang = 'en' | 'zh';

export const langOf = (text: string): Lang => (/\p{Script=Han}/u.test(text) ? 'zh' : 'en');

export interface LeadAnswer {
  /** The opening paragraphs, Markdown with TeX. */
  text: string;
  /** The result the lead states (its notes section is what supports it). */
  result: CourseResult;
}

export class KnowledgeAnswers {
  private readonly solver: ProblemSolver;

  constructor(readonly kb: KnowledgeBase = courseKnowledge()) {
    this.solver = new ProblemSolver(kb);
  }

  /** The lead of a tutor answer, or undefined when no course result answers the question. */
  lead(question: string): LeadAnswer | undefined {
    const lang = langOf(question);
    const outcomes = this.solver.solve(question);
    const solved = outcomes.filter((o): o is Solved => o.status === 'solved');
    if (solved.length > 0) {
      const paragraphs = solved.map((part) => this.solvedLead(part, lang));
      return { text: paragraphs.join('\n\n'), result: solved[0]!.result };
    }
    const best = this.kb.match(question)[0];
    if (!best) return undefined;
    const result = best.result;
    const paragraphs = [`${result.statement[lang]}\n${formulaLine(result)}`];
    const unsolved = outcomes[0];
    if (unsolved && unsolved.result === result) paragraphs.push(this.unsolvedText(unsolved, lang));
    const misconception = result.misconceptions?.[lang][0];
    if (misconception) paragraphs.push(`*${this.kb.say(lang, 'misconception')}:* ${misconception}`);
    return { text: paragraphs.join('\n\n'), result };
  }

  /**
   * A worked solution for every part the question asks, in order, or undefined when no course
   * result computes what it asks (the caller then says so without a number).
   */
  workedSolution(question: string): string | undefined {
    const lang = langOf(question);
    const outcomes = this.solver.solve(question);
    if (outcomes.length === 0) return undefined;
    const say = (key: string, values?: Record<string, string | number>) => this.kb.say(lang, key, values);
    const blocks = outcomes.map((outcome, i) => {
      const heading = outcomes.length > 1 ? `**${say('part', { n: i + 1 })}**\n\n` : '';
      const formula = `**${say('formula')}:** ${outcome.result.statement[lang]}\n${formulaLine(outcome.result)}`;
      if (outcome.status !== 'solved') return `${heading}${formula}\n\n${this.unsolvedText(outcome, lang)}`;
      const sep = say('listSeparator');
      const given = Object.entries(outcome.written)
        .map(([name, text]) => `${name} = ${text}`)
        .join(sep);
      const lines = [
        heading + (given ? `**${say('given')}:** ${given}` : ''),
        formula,
        ...outcome.checked.map((c) => say('conditionHolds', { condition: c[lang] })),
        `**${say('substitution')}:**\n${this.substitution(outcome)}`,
        `**${say('result')}:** ${this.resultText(outcome)}`,
      ];
      return lines.filter(Boolean).join('\n\n');
    });
    return [`**${say('worked')}**`, ...blocks].join('\n\n');
  }

  private unitOf(result: CourseResult, name: string): string {
    const kind = result.variables?.[name]?.kind;
    return kind ? (this.kb.units.si[kind] ?? '') : '';
  }

  private resultText(part: Solved): string {
    const { symbol, unit } = part.result.compute!;
    return `${symbol} ≈ ${plainQuantity(part.value, unit)}`;
  }

  private substitution(part: Solved): string {
    const { symbol, unit } = part.result.compute!;
    const tex = substitutionTex(part.result, part.values, (name) => this.unitOf(part.result, name));
    return `$$${symbol} = ${tex} \\approx ${texNumber(part.value)}${texUnit(unit)}$$`;
  }

  private solvedLead(part: Solved, lang: Lang): string {
    const name = part.result.compute!.name[lang];
    const checked = part.checked.map((c) => this.kb.say(lang, 'conditionHolds', { condition: c[lang] }));
    return [
      `**${name}: ${this.resultText(part)}**\n${part.result.statement[lang]}\n${formulaLine(part.result)}`,
      ...checked,
      `${this.kb.say(lang, 'substitution')}:\n${this.substitution(part)}`,
    ].join('\n\n');
  }

  private unsolvedText(outcome: Outcome, lang: Lang): string {
    if (outcome.status === 'outside' && outcome.failed)
      return this.kb.say(lang, 'conditionFails', { condition: outcome.failed[lang] });
    if (outcome.status === 'missing' && outcome.missing.length > 0) {
      return this.kb.say(lang, 'missing', {
        name: outcome.result.compute?.name[lang] ?? '',
        missing: outcome.missing.map((v) => v[lang]).join(this.kb.say(lang, 'and')),
      });
    }
    return this.kb.say(lang, 'unsolved');
  }
}

let shared: KnowledgeAnswers | undefined;

export function knowledgeAnswers(): KnowledgeAnswers {
  shared ??= new KnowledgeAnswers();
  return shared;
}
