import { all, create, type MathNode, type Unit } from 'mathjs';
import { plainSuperscripts } from './superscripts.js';

/**
 * Expression evaluation and unit conversion with mathjs, which parses into a tree and
 * evaluates that tree (no `eval`). mathjs can also define functions, import code and build
 * huge matrices; so before evaluating, the tree is checked against a whitelist: numbers,
 * arithmetic, the listed functions, the listed physical constants and unit names. Anything
 * else is refused with a message that names it.
 */
const math = create(all!, { number: 'number', precision: 64 });

// Units the course uses that mathjs lacks (CGS magnetism).
math.createUnit({
  gauss: { definition: '1e-4 T', aliases: ['Gs'] },
  maxwell: { definition: '1e-8 Wb', aliases: ['Mx'] },
  oersted: { definition: `${1000 / (4 * Math.PI)} A/m`, aliases: ['Oe'] },
});

// mathjs 15 defines the electronvolt with CODATA 2010's e = 1.602176565e-19 C, while its own
// `elementaryCharge` (and SI since 2019) is exactly 1.602176634e-19 C: 5 eV came out as
// 8.010882825e-19 J instead of 8.01088317e-19 J. The one definition of the electronvolt here.
export const ELEMENTARY_CHARGE = 1.602176634e-19;
math.createUnit(
  {
    eV: { definition: `${ELEMENTARY_CHARGE} J`, prefixes: 'short' },
    electronvolt: { definition: `${ELEMENTARY_CHARGE} J`, prefixes: 'long', aliases: ['electronvolts'] },
  },
  { override: true },
);

const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'sqrt',
  'cbrt',
  'exp',
  'log',
  'log10',
  'log2',
  'abs',
  'pow',
  'round',
  'floor',
  'ceil',
  'min',
  'max',
  'hypot',
  'nthRoot',
  'sign',
  'mod',
]);

const CONSTANTS = new Set([
  'pi',
  'e',
  'tau',
  'speedOfLight',
  'electricConstant',
  'magneticConstant',
  'elementaryCharge',
  'vacuumImpedance',
  'electronMass',
  'protonMass',
  'planckConstant',
  'boltzmann',
  'avogadro',
  'gravitationConstant',
]);

// Symbols as written: implicit multiplication is '*', a unary minus is '-', conversion is 'to'.
const OPERATORS = new Set(['+', '-', '*', '/', '^', 'to', 'in', 'mod']);

export const MAX_EXPRESSION_CHARS = 300;

export class CalculatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalculatorError';
  }
}

/** The way people write maths in chat ("sin(30°)·5", "2×10⁻³", "√2") in mathjs syntax. */
export function normalizeExpression(text: string): string {
  return text
    .replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (s) => `^(${plainSuperscripts(s)})`)
    .replace(/[·×⋅∙]/g, '*')
    .replace(/÷/g, '/')
    .replace(/−/g, '-')
    .replace(/°/g, ' deg')
    .replace(/π/g, 'pi')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/√\s*([\d.]+|[a-z]\w*)/gi, 'sqrt($1)')
    .replace(/[μµ](?=[A-Za-z])/g, 'u')
    .replace(/Ω/g, 'ohm')
    .replace(/\*\*/g, '^')
    .trim();
}

function checkTree(root: MathNode): void {
  root.traverse((node, path, parent) => {
    switch (node.type) {
      case 'ConstantNode':
      case 'ParenthesisNode':
        return;
      case 'OperatorNode': {
        const op = (node as unknown as { op: string }).op;
        if (!OPERATORS.has(op)) throw new CalculatorError(`the operator "${op}" is not allowed`);
        return;
      }
      case 'FunctionNode': {
        const name = (node as unknown as { fn: { name?: string } }).fn.name;
        if (!name || !FUNCTIONS.has(name))
          throw new CalculatorError(`the function "${name ?? '?'}" is not allowed`);
        return;
      }
      case 'SymbolNode': {
        // A function's name is checked with its FunctionNode.
        if (parent?.type === 'FunctionNode' && path === 'fn') return;
        const name = (node as unknown as { name: string }).name;
        if (CONSTANTS.has(name)) return;
        // mathjs resolves a name to its own function or constant before the unit of that name:
        // "5 coulomb" would be 5 × Coulomb's constant, "5 min" the function min.
        if (name in math)
          throw new CalculatorError(`"${name}" is ambiguous here; write the unit symbol (C, minute …)`);
        if (math.Unit.isValuelessUnit(name)) return;
        throw new CalculatorError(
          `unknown name "${name}" (use numbers, units and constants like pi, speedOfLight)`,
        );
      }
      default:
        throw new CalculatorError(`"${node.toString()}" is not an arithmetic expression`);
    }
  });
}

export interface CalculatedValue {
  /** The value in the unit shown (for a quantity), or the plain number. */
  value: number;
  unit?: string;
  /** 12 significant digits, so 0.1 + 0.2 reads 0.3. */
  text: string;
}

function describeResult(result: unknown): CalculatedValue {
  if (typeof result === 'number') {
    if (!Number.isFinite(result)) throw new CalculatorError('the result is not a finite number');
    const text = math.format(result, { precision: 12 });
    return { value: Number(text), text };
  }
  if (math.isUnit(result)) {
    const unit = result.formatUnits();
    const value = result.toNumber(unit);
    if (!Number.isFinite(value)) throw new CalculatorError('the result is not a finite number');
    const shown = math.format(value, { precision: 12 });
    return { value: Number(shown), unit, text: unit ? `${shown} ${unit}` : shown };
  }
  throw new CalculatorError('the result is not a real number or a quantity');
}

function parse(expression: string): MathNode {
  if (expression.length === 0) throw new CalculatorError('the expression is empty');
  if (expression.length > MAX_EXPRESSION_CHARS) {
    throw new CalculatorError(`the expression is longer than ${MAX_EXPRESSION_CHARS} characters`);
  }
  try {
    return math.parse(expression);
  } catch (error) {
    throw new CalculatorError(
      `cannot parse "${expression}": ${error instanceof Error ? error.message : error}`,
    );
  }
}

/**
 * A number or a quantity as mathjs reads it, through the same whitelist, for callers that
 * compare quantities themselves (the exercise checker converts an answer to the expected unit).
 */
export function readQuantity(expression: string): number | Unit {
  const { result } = evaluateChecked(expression);
  if (typeof result === 'number' || math.isUnit(result)) return result;
  throw new CalculatorError('the result is not a real number or a quantity');
}

/** The expression normalised, checked against the whitelist and evaluated. */
function evaluateChecked(expression: string): { normalized: string; result: unknown } {
  const normalized = normalizeExpression(expression);
  const tree = parse(normalized);
  checkTree(tree);
  try {
    return { normalized, result: tree.evaluate() };
  } catch (error) {
    throw new CalculatorError(
      `cannot evaluate "${normalized}": ${error instanceof Error ? error.message : error}`,
    );
  }
}

export function evaluateExpression(expression: string): CalculatedValue & { expression: string } {
  const { normalized, result } = evaluateChecked(expression);
  return { expression: normalized, ...describeResult(result) };
}

export function convertUnits(
  value: number,
  from: string,
  to: string,
): CalculatedValue & { from: string; to: string } {
  const source = normalizeExpression(from);
  const target = normalizeExpression(to);
  let converted: unknown;
  try {
    converted = math.unit(value, source).to(target);
  } catch (error) {
    throw new CalculatorError(
      `cannot convert ${value} ${from} to ${to}: ${error instanceof Error ? error.message : error}`,
    );
  }
  return { from: `${value} ${source}`, to: target, ...describeResult(converted) };
}

/** Whether mathjs knows this unit (with or without a prefix): "mT", "gauss", "V/m". */
export function isUnitName(name: string): boolean {
  try {
    math.unit(1, normalizeExpression(name));
    return true;
  } catch {
    return false;
  }
}
