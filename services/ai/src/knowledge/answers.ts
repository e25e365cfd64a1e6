import { escapeRegExp } from '../regexp.js';
import {
  formulaLine,
  partialTex,
  plainNumber,
  plainQuantity,
  substitutionTex,
  texNumber,
  texUnit,
} from './formatting.js';
import {
  type CourseResult,
  courseKnowledge,
  fold,
  type KnowledgeBase,
  type ResultMatch,
  type UnitsFile,
} from './knowledge-base.js';
import { renameTex, renameText, studentLetters } from './notation.js';
import { scalingOf, scalingSentence } from './scaling.js';
import {
  conditionHolds,
  evaluateResult,
  type Outcome,
  ProblemSolver,
  quantityOf,
  type Solved,
} from './solver.js';
import { asksAnother, labelledParts, mentions } from './solver-math.js';

/**
 * Answers that lead with the answer: the course result the question is about (its statement and
 * TeX formula), with the student's own numbers substituted when the question gives them, the
 * conditions checked, and nothing asserted that could not be computed.
 */
export type Lang = 'en' | 'zh';

type QuestionKind = UnitsFile['questionKinds'][number];

/** A Chinese character, a negation, and the same character again: 受不受, 对不对. */
const aNotA = (negation: string) => new RegExp(`(\\p{Script=Han})${escapeRegExp(negation)}\\1`, 'u');

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

  /** Every part of the question the course's results can compute, or say is missing. */
  solve(question: string): Outcome[] {
    return this.solver.solve(question);
  }

  /**
   * The lead of a tutor answer, or undefined when no course result answers the question: the
   * results it computes with the student's numbers, else `chosen`, else the best-matching result.
   */
  lead(question: string, chosen?: CourseResult): LeadAnswer | undefined {
    const lang = langOf(question);
    const outcomes = this.solver.solve(question);
    const solved = outcomes.filter((o): o is Solved => o.status === 'solved');
    // Values read only from the names of media ("bigger for water or for glass") compute a number
    // the student did not ask for when the question is of a kind the result has its own reply to.
    const fromDigits = solved.some((o) => Object.values(o.written).some((text) => /\d/.test(text)));
    if (solved.length > 0 && (fromDigits || !this.answersKind(question, solved[0]!.result))) {
      const paragraphs = solved.map((part) => this.solvedLead(part, lang));
      // Every part asked is answered in the first lines ("how big is the image, and where"): the
      // other parts' results under the first one's, each worked out in its own paragraph after.
      const others = solved.slice(1).map((part) => `\n**${this.resultLine(part, lang)}**`);
      const firstLine = paragraphs[0]!.indexOf('\n');
      paragraphs[0] = paragraphs[0]!.slice(0, firstLine) + others.join('') + paragraphs[0]!.slice(firstLine);
      return { text: paragraphs.join('\n\n'), result: solved[0]!.result };
    }
    const matches = this.kb.match(question);
    const result = chosen ?? this.preferred(question, matches)?.result;
    if (!result) return undefined;
    const unsolved = outcomes[0];
    const own = unsolved?.result === result ? unsolved : undefined;
    const paragraphs = [this.opening(question, result, matches, lang) + this.fixedLine(question, own, lang)];
    if (own) paragraphs.push(this.unsolvedText(own, lang));
    const misconception = result.misconceptions?.[lang][0];
    if (misconception)
      paragraphs.push(
        `*${this.kb.say(lang, 'misconception')}${this.kb.say(lang, 'colon').trim()}* ${misconception}`,
      );
    return { text: paragraphs.join('\n\n'), result };
  }

  /**
   * The first paragraph when no number was given: the result's statement and formula, led by
   * what a scaling question asks (the factor, from the result's expression), or, for a question
   * comparing results it names, each of them in turn.
   */
  private opening(question: string, result: CourseResult, matches: ResultMatch[], lang: Lang): string {
    const text = fold(question);
    // Each result compared answers the kind asked too ("when do I use which"), not only the first.
    // In the student's letters where they named its variables their own way ("离球心d").
    const letters = studentLetters(this.kb, result, question);
    const stated = (r: CourseResult) => {
      const reply = this.replyTo(text, r, lang);
      const renames = r === result ? letters : new Map<string, string>();
      const statement = renameText(this.kb, r, r.statement[lang], renames);
      return `${reply ? `${reply}\n` : ''}${statement}\n${formulaLine({ ...r, tex: renameTex(r.tex, renames) })}`;
    };
    const own = stated(result);
    if (this.kb.units.compare.some((w) => text.includes(fold(w)))) {
      // Two forms of one result (the inductance from the radius or the area) state it once.
      const others = matches
        .filter((m) => m.named && m.result.statement[lang] !== result.statement[lang])
        .map((m) => m.result);
      if (others.length > 0) return [own, ...others.slice(0, 2).map(stated)].join('\n');
    }
    const scaling = scalingOf(this.kb, result, question);
    return scaling ? `${scalingSentence(this.kb, result, scaling, lang)}\n${own}` : own;
  }

  /**
   * The formula again with what the question fixes substituted, when it fixes some variables but not
   * all ("the Courant limit in 3D": Δt = Δ/(c√3)), under the statement: the answer the student
   * asked for is the general formula specialised to their case.
   */
  private fixedLine(question: string, outcome: Outcome | undefined, lang: Lang): string {
    if (outcome?.status !== 'missing' || !outcome.given || !outcome.result.compute) return '';
    const compute = outcome.result.compute;
    const { result, given } = outcome;
    const sep = this.kb.say(lang, 'listSeparator');
    // A pure number as a number ("D = 3", not the "3d" it was written as).
    const fixed = Object.entries(given.written)
      .map(
        ([name, text]) =>
          `${name} = ${this.unitOf(result, name) ? text : Number(given.values[name]!.toPrecision(3))}`,
      )
      .join(sep);
    // The symbols left in the student's letters, as the statement above them.
    const letters = studentLetters(this.kb, result, question);
    const tex = partialTex(result, given.values, (name) => this.unitOf(result, name), letters);
    const said = this.kb.say(lang, 'withGiven', { given: fixed, name: compute.name[lang] });
    return `\n${said}\n$$${compute.symbol} = ${tex}$$`;
  }

  /**
   * The best match, or of those matched as well (the potential of a charge and its relation to
   * the field, both described by "potential"), the first with its own reply to the kind of
   * question asked: a why question is better answered by the result that says why.
   */
  preferred(question: string, matches: ResultMatch[] = this.kb.match(question)): ResultMatch | undefined {
    const best = matches[0];
    if (!best) return undefined;
    const scaled = this.scaledAsked(question, matches);
    if (scaled) return scaled;
    return matches.find((m) => m.score === best.score && this.answersKind(question, m.result)) ?? best;
  }

  /**
   * A scaling question asks how one quantity follows the variable scaled: "halve the current in a
   * solenoid, what happens to the energy stored" names the solenoid's field but asks for the energy,
   * so of the results whose variable it scales, the one whose quantity it asks for leads, when the
   * first-ranked one's quantity is not asked for.
   */
  private scaledAsked(question: string, matches: ResultMatch[]): ResultMatch | undefined {
    const text = fold(question);
    const asked = this.kb.units.asked.units;
    const scales = (m: ResultMatch) => m.result.compute && scalingOf(this.kb, m.result, question);
    const first = matches[0];
    if (!first) return undefined;
    // What comes before the scaling word recalls what the student knows ("the field goes like 1/r²,
    // if I double r, what happens to the potential"); a quantity named after it is the one asked.
    const scaling = scales(first);
    const after = scaling ? text.slice(scaling.at) : '';
    const asksAfter = Object.values(asked).some((words) => mentions(after, words));
    const askedText = asksAfter ? after : text;
    if (scaling && !asksAnother(askedText, first.result.compute!.unit, this.kb.units.asked)) return undefined;
    return matches.find((m) => scales(m) && mentions(askedText, asked[m.result.compute!.unit] ?? []));
  }

  /** Whether the result has its own answer to the kind of question asked (why, yes/no, when). */
  answersKind(question: string, result: CourseResult): boolean {
    return this.replyTo(fold(question), result, langOf(question)) !== undefined;
  }

  /**
   * The result's answer to the kind of question asked (why, when, which of two, yes/no), when it
   * has one: the first kind whose words the question uses (English ones open it or a clause of it,
   * Chinese ones anywhere; an either-or's joining word anywhere).
   */
  private replyTo(text: string, result: CourseResult, lang: Lang): string | undefined {
    for (const entry of this.kb.units.questionKinds) {
      const own = [result.replies?.[entry.kind] ?? []]
        .flat()
        .find((r) => r[lang] && (!r.about || r.about.some((w) => text.includes(fold(w)))));
      if (own && this.asks(text, entry, lang)) return own[lang];
    }
    return undefined;
  }

  /** Whether the question asks the kind: its words open it or a clause (English), or occur (Chinese). */
  private asks(text: string, entry: QuestionKind, lang: Lang): boolean {
    if (entry.within) {
      // An either-or question: the joining word, not before a tail that makes it yes/no again.
      const outer = this.kb.units.questionKinds.find((k) => k.kind === entry.within);
      if (lang === 'en' && outer && !this.asks(text, outer, lang)) return false;
      const edge = lang === 'en' ? '\\b' : '';
      const tails = (entry.tails?.[lang] ?? []).map((w) => escapeRegExp(fold(w))).join('|');
      const notTail = tails ? `(?!\\s*(?:${tails})${edge})` : '';
      return entry[lang].some((w) =>
        new RegExp(`${edge}${escapeRegExp(fold(w))}${edge}${notTail}`).test(text),
      );
    }
    if (lang === 'zh' && entry.aNotA?.some((n) => aNotA(n).test(text))) return true;
    // A clause opens after punctuation, or after it and a joining word (", and why does it …").
    const joins = this.kb.units.clauseJoins.map((w) => `${escapeRegExp(fold(w))}\\s+`).join('|');
    return entry[lang].some((w) =>
      lang === 'zh'
        ? text.includes(fold(w))
        : new RegExp(`(?:^|[-,;:?.!]\\s*(?:${joins})?)${fold(w)}\\b`).test(text.trim()) ||
          this.opensMainClause(text, w),
    );
  }

  /** Whether the word opens the main clause after a condition the question opens with. */
  private opensMainClause(text: string, word: string): boolean {
    const { opens, subjects, otherAsks } = this.kb.units.conditionalClause;
    const words = text.trim().split(/[^a-z0-9']+/);
    if (!opens.includes(words[0] ?? '') || words.some((w) => otherAsks.includes(w))) return false;
    const alternatives = (list: string[]) => list.map((w) => escapeRegExp(fold(w))).join('|');
    return new RegExp(`\\b${escapeRegExp(fold(word))}\\s+(?:${alternatives(subjects)})\\b`).test(text);
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
      const formula = `**${say('formula')}${say('colon').trim()}** ${outcome.result.statement[lang]}\n${formulaLine(outcome.result)}`;
      if (outcome.status !== 'solved') return `${heading}${formula}\n\n${this.unsolvedText(outcome, lang)}`;
      const sep = say('listSeparator');
      const given = Object.entries(outcome.written)
        .map(([name, text]) => `${name} = ${text}`)
        .join(sep);
      const lines = [
        heading + (given ? `**${say('given')}${say('colon').trim()}** ${given}` : ''),
        formula,
        ...outcome.checked.map((c) => say('conditionHolds', { condition: c[lang] })),
        ...outcome.derived.map((name) => this.derivedLine(outcome, name, lang)),
        `**${say('substitution')}${say('colon').trim()}**\n${this.substitution(outcome)}`,
        ...this.solvedFor(outcome, lang),
        `**${say(outcome.step ? 'step' : 'result')}${say('colon').trim()}** ${this.resultText(outcome, lang)}`,
        `**${say('check')}${say('colon').trim()}** ${this.checkText(outcome, lang)}`,
      ];
      return lines.filter(Boolean).join('\n\n');
    });
    // Parts the question labels beyond those answered or declined above are said to be left, not dropped.
    const parts = outcomes.filter((o) => !(o.status === 'solved' && o.step)).length;
    if (outcomes.some((o) => o.status === 'solved') && labelledParts(question) > parts)
      blocks.push(say('partsLeft'));
    return [`**${say('worked')}**`, ...blocks].join('\n\n');
  }

  private unitOf(result: CourseResult, name: string): string {
    const kind = result.variables?.[name]?.kind;
    return kind ? (this.kb.units.si[kind] ?? '') : '';
  }

  /** "F = 5.39 N, attractive": the value with its unit and what the result's remarks add. */
  private resultText(part: Solved, lang: Lang): string {
    if (part.inverse) return `${part.inverse.symbol} = ${plainQuantity(part.value, part.inverse.unit)}`;
    const { unit, percent } = part.result.compute!;
    // Known only in size, it has no direction to remark on either.
    if (part.size) return `|${part.result.compute!.symbol}| = ${plainQuantity(part.value, unit)}`;
    if (part.negativeSize)
      return [
        `|${part.result.compute!.symbol}| = ${plainQuantity(-part.value, unit)}`,
        this.kb.say(lang, 'negativeSize'),
      ].join(this.kb.say(lang, 'remarkSeparator'));
    const { symbol } = part.result.compute!;
    const quantity = plainQuantity(part.value, unit);
    const stated = percent ? `${quantity} (${plainQuantity(part.value * 100, '%')})` : quantity;
    const remarks = (part.result.remarks ?? [])
      .filter((r) => conditionHolds(r.when, part.values, this.kb.constants))
      .map((r) => r[lang]);
    const separator = this.kb.say(lang, 'remarkSeparator');
    return [`${symbol} = ${stated}`, ...remarks].join(separator);
  }

  private checkText(part: Solved, lang: Lang): string {
    if (part.inverse) {
      const { symbol, unit } = part.result.compute!;
      const back = evaluateResult(part.result, part.values, this.kb.constants);
      return this.kb.say(lang, 'inverseCheck', {
        variable: `${part.inverse.symbol} = ${plainQuantity(part.value, part.inverse.unit)}`,
        result: `${symbol} = ${plainQuantity(back, unit)}`,
        given: part.inverse.written,
      });
    }
    const { unit, name } = part.result.compute!;
    return (
      part.result.check?.[lang] ?? this.kb.say(lang, 'unitCheck', { unit: unit || '1', name: name[lang] })
    );
  }

  /** "n = N/L = 500 / 0.2 = 2500 turns/m": a variable the question gave through others. */
  private derivedLine(part: Solved, name: string, lang: Lang): string {
    const rule = part.result.derive![name]!;
    // The inputs as the student wrote them would read them: 0.2, not 0.200.
    const short = (v: number) => String(Number(v.toPrecision(3)));
    const numbers = rule.replace(/[A-Za-z_]\w*/g, (v) => short(part.values[v] ?? Number.NaN));
    const unit = this.unitOf(part.result, name);
    return this.kb.say(lang, 'derived', {
      name,
      rule: rule.replace(/\s+/g, ''),
      numbers,
      value: `${plainNumber(part.values[name]!)}${unit ? ` ${unit}` : ''}`,
    });
  }

  /**
   * "Solved for I": the result's equation with the given value on the left and the variable left
   * as a symbol, then the variable's value (the equation is a power law in it, solver-inverse.ts).
   */
  private solvedFor(part: Solved, lang: Lang): string[] {
    if (!part.inverse) return [];
    const { symbol, unit } = part.inverse;
    const heading = `**${this.kb.say(lang, 'solvedFor', { symbol })}${this.kb.say(lang, 'colon').trim()}**`;
    return [`${heading}\n$$${symbol} \\approx ${texNumber(part.value)}${texUnit(unit)}$$`];
  }

  private substitution(part: Solved): string {
    const { symbol, unit } = part.result.compute!;
    if (part.inverse) {
      const { [part.inverse.variable]: _, ...known } = part.values;
      const tex = substitutionTex(part.result, known, (name) => this.unitOf(part.result, name));
      return `$$${texNumber(part.inverse.target)}${texUnit(unit)} = ${tex}$$`;
    }
    const tex = substitutionTex(part.result, part.values, (name) => this.unitOf(part.result, name));
    return `$$${symbol} = ${tex} \\approx ${texNumber(part.value)}${texUnit(unit)}$$`;
  }

  /** "force: F = 5.39 N, attractive": a solved part's quantity and value, as the lead states it. */
  resultLine(part: Solved, lang: Lang): string {
    return `${quantityOf(part).name[lang]}${this.kb.say(lang, 'colon')}${this.resultText(part, lang)}`;
  }

  private solvedLead(part: Solved, lang: Lang): string {
    const checked = part.checked.map((c) => this.kb.say(lang, 'conditionHolds', { condition: c[lang] }));
    return [
      `**${this.resultLine(part, lang)}**\n${part.result.statement[lang]}\n${formulaLine(part.result)}`,
      ...checked,
      `${this.kb.say(lang, 'substitution')}${this.kb.say(lang, 'colon').trim()}\n${this.substitution(part)}`,
      ...this.solvedFor(part, lang),
    ].join('\n\n');
  }

  private unsolvedText(outcome: Outcome, lang: Lang): string {
    if (outcome.status === 'unused' && outcome.unused)
      return this.kb.say(lang, 'unused', {
        name: outcome.result.compute?.name[lang] ?? '',
        unused: outcome.unused.join(this.kb.say(lang, 'and')),
      });
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
