import { escapeRegExp } from '../regexp.js';
import { tokenize } from '../retrieval/tokenizer.js';
import { type Expr, parseExpression, symbolsOf } from '../simulated/expression.js';
import { agrees, extractFormula } from '../simulated/formula-verify.js';
import { type Lang, langOf } from './answers.js';
import { catalogue, phrase } from './data-file.js';
import { type CourseResult, courseKnowledge, fold } from './knowledge-base.js';

/**
 * A formula the student states and asks about ("V of a point charge = kq/r^2 ??", "c=1/√(μ0ε0)
 * 对吧"): the course result it is about is found from the question's words, the claim is compared
 * with the result's expression at sample values (never as strings), and the answer leads with the
 * verdict: yes, or no and what the formula is instead when it is another result's (the field, not
 * the potential). Phrases and check cues: corpus/knowledge/phrases/claim-check.json.
 */
const PHRASES = catalogue('claim-check');

export interface ClaimVerdict {
  result: CourseResult;
  verdict: string;
}

/** Symbols that are constants (the course's, and π), not a result's variables. */
const isConstant = (symbol: string) => symbol === 'pi' || symbol in courseKnowledge().constants;

function parsed(text: string): Expr | undefined {
  try {
    // |x| as x: the comparison samples positive values.
    return parseExpression(text.replace(/\babs\(/g, '('));
  } catch {
    return undefined;
  }
}

/** The result's own formula for its quantity: its computable expression, else its statement's formula. */
function formulaOf(result: CourseResult): { symbol: string; expr: Expr } | undefined {
  if (result.compute) {
    const expr = parsed(result.compute.expr);
    return expr && { symbol: result.compute.symbol, expr };
  }
  const stated = extractFormula(result.statement.en);
  // The formula, not its value after ≈ or the prose after a comma.
  const expr = stated && parsed(stated.rhs.split(/[≈,]/)[0]!);
  return stated && expr ? { symbol: stated.lhs, expr } : undefined;
}

const variables = (expr: Expr) => [...symbolsOf(expr)].filter((s) => !isConstant(s));

/** The claimed right side: the formula after the first = in the question, its prose trimmed. */
function claimOf(question: string): { text: string; expr: Expr; before: string } | undefined {
  const at = question.search(/[=＝]/);
  if (at <= 0) return undefined;
  const found = extractFormula(`X ${question.slice(at)}`);
  if (!found) return undefined;
  // Prose or a dash after the formula ("— n is total turns …") ends it.
  const text = found.rhs.split(/\s+[—–-]\s+|\s+[?？]/)[0]!.replace(/[?？\s]+$/, '');
  const expr = parsed(text);
  return expr && symbolsOf(expr).size > 0 ? { text, expr, before: question.slice(0, at) } : undefined;
}

/** Whether the question asks if the formula is right (a cue word of the catalogue, or a question mark). */
function asksCheck(question: string, lang: Lang): boolean {
  const text = fold(question);
  return phrase(PHRASES, lang, 'cues')
    .split('|')
    .some((cue) => cue !== '' && text.includes(fold(cue)));
}

const written = (symbol: string, text: string) =>
  new RegExp(`(^|[^\\p{L}])${escapeRegExp(symbol)}([^\\p{L}]|$)`, 'u').test(text);

/** Results whose quantity's symbol is written in the text, those sharing most words with it first. */
function bySymbol(text: string): CourseResult[] {
  const terms = new Set(tokenize(text));
  const shared = (r: CourseResult) => tokenize(r.names.join(' ')).filter((t) => terms.has(t)).length;
  return courseKnowledge()
    .results.filter((r) => r.compute && written(r.compute.symbol, text))
    .sort((a, b) => shared(b) - shared(a));
}

export function claimVerdict(question: string): ClaimVerdict | undefined {
  const lang = langOf(question);
  const claim = claimOf(question);
  if (!claim || !asksCheck(question, lang)) return undefined;
  const kb = courseKnowledge();
  const own = new Set(variables(claim.expr));
  // Named by the words before the formula, else by the symbol written there ("V of a point charge").
  const described = kb.match(claim.before).map((m) => m.result);
  const matches = described.length > 0 ? described : bySymbol(claim.before);
  // The result asked about: matched by the words before the formula, its formula in the claim's
  // variables; of those, one whose symbol the student wrote first.
  const candidates = matches
    .map((result) => ({ result, formula: formulaOf(result) }))
    .filter((c) => {
      // Every variable of the claim is one of the result's: a value with its unit ("600 V/m") is not a formula.
      const theirs = new Set(c.formula ? variables(c.formula.expr) : []);
      return c.formula !== undefined && [...own].every((v) => theirs.has(v));
    });
  const target = (candidates.find((c) => written(c.formula!.symbol, claim.before)) ?? candidates[0])?.result;
  const formula = target && formulaOf(target);
  if (!target || !formula) return undefined;
  const name = target.compute?.name[lang] ?? target.names.find((n) => langOf(n) === lang) ?? target.names[0]!;
  const values = { claim: claim.text, name, own: formula.symbol };
  const verdict = agrees(claim.expr, formula.expr);
  if (verdict === undefined) return undefined;
  if (verdict) return { result: target, verdict: phrase(PHRASES, lang, 'yes', values) };
  // What the claimed formula is instead: another result of the same topic it agrees with.
  const other = kb.results.find((r) => {
    if (r === target || r.topic !== target.topic || !r.compute) return false;
    const f = formulaOf(r);
    return f !== undefined && agrees(claim.expr, f.expr) === true;
  });
  if (other?.compute)
    return {
      result: target,
      verdict: phrase(PHRASES, lang, 'noOther', {
        ...values,
        other: other.compute.name[lang],
        symbol: other.compute.symbol,
      }),
    };
  return { result: target, verdict: phrase(PHRASES, lang, 'no', values) };
}
