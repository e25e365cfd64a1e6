import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';

/**
 * A small parser for the formulas students write ("E = kq/r^2", "B = \mu_0 n I",
 * "v = 1/√(μ0·ε0)"), with implicit multiplication, Greek letters, subscripts and a little
 * LaTeX. The tree is evaluated twice: for SI dimensions and for numbers.
 */

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'sym'; name: string }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '^'; left: Expr; right: Expr }
  | { kind: 'call'; fn: string; arg: Expr };

export const FUNCTIONS = new Set(['sqrt', 'sin', 'cos', 'tan', 'exp', 'ln', 'log', 'asin', 'acos', 'atan']);

const { spellings: ALIASES, oneSymbol } = readDataFile(
  z.object({
    spellings: z.record(z.string(), z.string().min(1)),
    oneSymbol: z.array(z.string().min(2)),
  }),
  KNOWLEDGE_DIR,
  'symbols.json',
);

/** Multi-letter names read as one symbol (symbols.json), longest first; any other letter run is a product. */
const NAMES = [...Object.keys(ALIASES), ...FUNCTIONS, ...oneSymbol].sort((a, b) => b.length - a.length);

/** TeX's structure (math delimiters, vector markup, braced subscripts, flux integrals) as plain symbols. */
export function unwrapTex(text: string): string {
  return (
    text
      .replace(/\$/g, '')
      // Vector markup and braced subscripts first, so \frac's arguments hold no nested braces.
      .replace(/\\(?:mathbf|vec|boldsymbol|mathrm|mathit|hat)\s*\{([^{}]*)\}/g, '$1')
      .replace(/_\{([^{}]*)\}/g, '_$1')
      // ∮ E · dA over a closed surface is the electric flux the formula's left side names.
      .replace(/(?:\\o?int|[∮∫])(?:_\S+)?\s*E\s*(?:\\cdot|[·⋅*])?\s*d\s*A/g, 'Phi')
  );
}

/** Turns the unicode and LaTeX spellings into the plain ASCII-ish form the tokenizer reads. */
export function normalizeFormula(text: string): string {
  let s = unwrapTex(text);
  for (let i = 0; i < 5 && s.includes('\\frac'); i += 1) {
    s = s.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '(($1)/($2))');
  }
  return s
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, 'sqrt($1)')
    .replace(/\\(varepsilon|epsilon)(?![A-Za-z])/g, 'eps')
    .replace(/\\(mu|pi|theta|lambda|omega|sigma|rho|phi|Phi|nu)(?![A-Za-z])/g, '$1')
    .replace(/\\(cdot|times)/g, '*')
    .replace(/\\left|\\right|\\,|\\;/g, '')
    .replace(/[{}]/g, (b) => (b === '{' ? '(' : ')'))
    .replace(/[·×∙⋅]/g, '*')
    .replace(/[÷]/g, '/')
    .replace(/[−–]/g, '-')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/√\s*([\p{L}\d.]+)/gu, 'sqrt($1)')
    .replace(/\*\*/g, '^')
    .replace(/([\p{L}])_\(([\p{L}\d]+)\)/gu, '$1_$2')
    .replace(/₀/g, '0')
    .replace(/₁/g, '1')
    .replace(/₂/g, '2');
}

type Token = { t: 'num'; v: number } | { t: 'id'; v: string } | { t: 'op'; v: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const number = /^(\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/.exec(rest);
    if (number) {
      tokens.push({ t: 'num', v: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = NAMES.find((n) => rest.startsWith(n) && !/^[\d_]/.test(rest.slice(n.length)));
    if (name) {
      tokens.push({ t: 'id', v: ALIASES[name] ?? name });
      i += name.length;
      continue;
    }
    const letter = /^\p{L}(?:\d+|_[\p{L}\d]+)?/u.exec(rest);
    if (letter) {
      tokens.push({ t: 'id', v: ALIASES[letter[0]] ?? letter[0] });
      i += letter[0].length;
      continue;
    }
    if ('+-*/^()'.includes(rest[0]!)) {
      tokens.push({ t: 'op', v: rest[0]! });
      i += 1;
      continue;
    }
    throw new Error(`cannot read "${rest[0]}"`);
  }
  return tokens;
}

/**
 * How deep a formula may nest (parentheses, signs, exponents) or chain (a+a+…: each operator is
 * one level of the tree). Every walker over the tree recurses, so a bound here keeps a 20,000-
 * character message from exhausting the stack; no formula a student writes comes near it.
 */
export const MAX_EXPRESSION_DEPTH = 200;
const TOO_DEEP = `it nests or chains more than ${MAX_EXPRESSION_DEPTH} operations deep`;

const depths = new WeakMap<Expr, number>();
const depthOf = (e: Expr) => depths.get(e) ?? 1;

/** A tree node, refused when it would make the tree deeper than any walker may go. */
function node(e: Expr): Expr {
  const below =
    e.kind === 'bin'
      ? Math.max(depthOf(e.left), depthOf(e.right))
      : e.kind === 'num' || e.kind === 'sym'
        ? 0
        : depthOf(e.arg);
  if (below + 1 > MAX_EXPRESSION_DEPTH) throw new Error(TOO_DEEP);
  depths.set(e, below + 1);
  return e;
}

class Parser {
  private position = 0;
  private nesting = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    const expr = this.sum();
    if (this.position < this.tokens.length) throw new Error('unexpected text after the formula');
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private isOp(v: string): boolean {
    const token = this.peek();
    return token?.t === 'op' && token.v === v;
  }

  private sum(): Expr {
    let left = this.product();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.position++] as { v: '+' | '-' }).v;
      left = node({ kind: 'bin', op, left, right: this.product() });
    }
    return left;
  }

  private product(): Expr {
    let left = this.unary();
    for (;;) {
      if (this.isOp('*') || this.isOp('/')) {
        const op = (this.tokens[this.position++] as { v: '*' | '/' }).v;
        left = node({ kind: 'bin', op, left, right: this.unary() });
        continue;
      }
      const next = this.peek();
      // "2πr", "μ0 n I", "k q/(r)": adjacency is multiplication.
      if (next && (next.t !== 'op' || next.v === '(')) {
        left = node({ kind: 'bin', op: '*', left, right: this.power() });
        continue;
      }
      return left;
    }
  }

  // Every recursion of the grammar passes here, so bounding it bounds the parser's own stack.
  private unary(): Expr {
    if (++this.nesting > MAX_EXPRESSION_DEPTH) throw new Error(TOO_DEEP);
    try {
      if (this.isOp('-')) {
        this.position += 1;
        return node({ kind: 'neg', arg: this.unary() });
      }
      return this.power();
    } finally {
      this.nesting -= 1;
    }
  }

  private power(): Expr {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.position += 1;
    return node({ kind: 'bin', op: '^', left: base, right: this.unary() });
  }

  private primary(): Expr {
    const token = this.tokens[this.position++];
    if (!token) throw new Error('the formula ends too early');
    if (token.t === 'num') return { kind: 'num', value: token.v };
    if (token.t === 'id') {
      if (FUNCTIONS.has(token.v) && this.isOp('('))
        return node({ kind: 'call', fn: token.v, arg: this.primary() });
      return { kind: 'sym', name: token.v };
    }
    if (token.v === '(') {
      const inner = this.sum();
      if (!this.isOp(')')) throw new Error('a parenthesis is not closed');
      this.position += 1;
      return inner;
    }
    throw new Error(`unexpected "${token.v}"`);
  }
}

export function parseExpression(source: string): Expr {
  return new Parser(tokenize(normalizeFormula(source))).parse();
}

/** Reads the tree back, so the student sees how the formula was understood. */
export function formatExpression(expr: Expr): string {
  switch (expr.kind) {
    case 'num':
      return String(expr.value);
    case 'sym':
      return expr.name;
    case 'neg':
      return `-${formatExpression(expr.arg)}`;
    case 'call':
      return `${expr.fn}(${formatExpression(expr.arg)})`;
    case 'bin': {
      const wrap = (e: Expr) =>
        e.kind === 'bin' && (e.op === '+' || e.op === '-' || expr.op === '^')
          ? `(${formatExpression(e)})`
          : formatExpression(e);
      const right =
        expr.op === '/' && expr.right.kind === 'bin' ? `(${formatExpression(expr.right)})` : wrap(expr.right);
      const op = expr.op === '*' ? '·' : expr.op === '^' ? '^' : ` ${expr.op} `;
      return `${wrap(expr.left)}${op === ' / ' ? '/' : op}${right}`;
    }
  }
}

/** Evaluates with the given values; unknown symbols or domain errors give NaN. */
export function evaluate(expr: Expr, values: (name: string) => number): number {
  switch (expr.kind) {
    case 'num':
      return expr.value;
    case 'sym':
      return values(expr.name);
    case 'neg':
      return -evaluate(expr.arg, values);
    case 'call': {
      const x = evaluate(expr.arg, values);
      const fn = expr.fn === 'ln' ? Math.log : expr.fn === 'log' ? Math.log10 : Math[expr.fn as 'sin'];
      return fn(x);
    }
    case 'bin': {
      const a = evaluate(expr.left, values);
      const b = evaluate(expr.right, values);
      if (expr.op === '+') return a + b;
      if (expr.op === '-') return a - b;
      if (expr.op === '*') return a * b;
      if (expr.op === '/') return a / b;
      return a ** b;
    }
  }
}

export function symbolsOf(expr: Expr, into = new Set<string>()): Set<string> {
  if (expr.kind === 'sym') into.add(expr.name);
  else if (expr.kind === 'neg' || expr.kind === 'call') symbolsOf(expr.arg, into);
  else if (expr.kind === 'bin') {
    symbolsOf(expr.left, into);
    symbolsOf(expr.right, into);
  }
  return into;
}
