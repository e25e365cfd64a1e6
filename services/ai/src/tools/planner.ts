import { courseKnowledge } from '../knowledge/knowledge-base.js';
import { QuantityReader, type Reading } from '../knowledge/reading.js';
import { type Lang, langOf } from '../lang.js';
import { parseConversion } from '../simulated/conversion.js';
import { cleanNumber } from '../simulated/quantities.js';
import { asksSimulation, cue, joinersOf, looksLikeConversion, plainRequest } from './request-words.js';
import { type Calculation, calculationSentence, calculationsOf } from './solved-calculation.js';

/**
 * The simulated model's tool use: a deterministic planner that recognises the requests the
 * tools exist for, in English and Chinese, and calls the same tools the upstream loop would.
 *
 *   "field of a 1 nC charge at 2 cm"     → run_simulation (point_charges, probe) + the closed form
 *   "B of a wire carrying 5 A at 2 cm"   → run_simulation (wire_field, probe) + the closed form
 *   "two 2 μC charges 10 cm apart: force?" → evaluate_expression per part the knowledge solver solves
 *   "convert 3 mT to gauss", "3 mT in G" → convert_units
 *   "what is sin(30°)·5"                 → evaluate_expression
 *   "what does Gauss's law say"          → search_course_material
 *
 * A request of several parts ("…? Also convert …", "convert 12 cm to m and 3 mT to gauss",
 * "…，再把…") gets every part's calls, in the order asked.
 */
export interface PlannedCall {
  name: 'run_simulation' | 'evaluate_expression' | 'convert_units' | 'search_course_material';
  arguments: Record<string, unknown>;
  /** What the result means, for the reply ("force: F = 5.39 N, attractive"); never sent to the tool. */
  explain?: (value: number, lang: 'en' | 'zh') => string;
}

/**
 * A calculation asked in prose (a Coulomb force, a solenoid, an optics angle …): one calculator
 * call per part the knowledge solver solved, in order, each explained as problem_solver states it.
 */
function wordProblem(calculations: Calculation[]): PlannedCall[] {
  return calculations.map(({ expression, part }) => ({
    name: 'evaluate_expression',
    arguments: { expression },
    explain: (value, lang) => calculationSentence(part, value, lang),
  }));
}

/** Quantities with their units (units.json), in SI, read as the knowledge solver reads them. */
let reader: QuantityReader | undefined;
function quantities(text: string, kind: string): Reading[] {
  reader ??= new QuantityReader(courseKnowledge().units);
  // Without the float noise of the prefixes: 3 nC is 3e-9, not 3.0000000000000004e-9.
  return reader
    .read(text)
    .filter((r) => r.kind === kind || r.kind === 'length')
    .map((r) => ({ ...r, value: cleanNumber(r.value) }));
}

/** The first length after `at` (else the first one), when it is a positive distance. */
function distanceAfter(found: Reading[], at: number): number | undefined {
  const lengths = found.filter((r) => r.kind === 'length');
  const r = (lengths.find((l) => l.index > at) ?? lengths[0])?.value;
  return r !== undefined && r > 0 ? r : undefined;
}

/** A square window of ±2r with a 81 × 81 grid: the probe at (r, 0) is exactly a grid node. */
function window(r: number) {
  return { x_min: -2 * r, x_max: 2 * r, y_min: -2 * r, y_max: 2 * r, grid_size: 81 };
}

/** The field of one point charge, simulated at the distance asked, then its closed form. */
function chargeField(q: number, r: number, expression: string): PlannedCall[] {
  return [
    {
      name: 'run_simulation',
      arguments: {
        solver: 'point_charges',
        parameters: {
          charges: [{ x: 0, y: 0, q }],
          ...window(r),
          show_field_lines: false,
          show_equipotentials: false,
        },
        probe: { x: r, y: 0 },
      },
    },
    { name: 'evaluate_expression', arguments: { expression } },
  ];
}

/** The field of one long wire, simulated at the distance asked, then its closed form. */
function wireField(current: number, r: number, expression: string): PlannedCall[] {
  return [
    {
      name: 'run_simulation',
      arguments: {
        solver: 'wire_field',
        parameters: { wires: [{ x: 0, y: 0, current }], ...window(r), show_field_lines: false },
        probe: { x: r, y: 0 },
      },
    },
    { name: 'evaluate_expression', arguments: { expression } },
  ];
}

function conversion(text: string): PlannedCall[] | undefined {
  const asked = parseConversion(text);
  return asked && [{ name: 'convert_units', arguments: { ...asked } }];
}

function looksLikeMath(candidate: string): boolean {
  if (!/\d/.test(candidate)) return false;
  // An operator between two operands ("2+2", "sin(30°)·5"), not a sign ("-1 nC 10 cm apart").
  const operator = /[\w)°.]\s*[+\-*/^·×÷]\s*[\w(√.]|√|\b(?:sin|cos|tan|sqrt|exp|log|ln)\s*\(/.test(candidate);
  // A sentence ("the field of 2 charges") is not an expression: few plain words allowed.
  const words =
    candidate
      .match(/[A-Za-z]{3,}/g)
      ?.filter((w) => !/^(sin|cos|tan|sqrt|exp|log|deg|rad|pi|asin|acos|atan)$/i.test(w)) ?? [];
  return operator && words.length <= 1 && !/\p{Script=Han}/u.test(candidate);
}

function arithmetic(text: string): PlannedCall[] | undefined {
  const asked = cue.mathAsk.exec(text.trim());
  const candidate = asked ? asked[1]! : text.trim().replace(/[=?？\s]+$/, '');
  if (!looksLikeMath(candidate)) return undefined;
  return [{ name: 'evaluate_expression', arguments: { expression: candidate.replace(/[=]\s*$/, '') } }];
}

function courseQuestion(text: string): PlannedCall[] | undefined {
  if (!cue.question.test(text)) return undefined;
  return [{ name: 'search_course_material', arguments: { query: text.trim().slice(0, 500) } }];
}

/**
 * What the lab's single-probe simulations reproduce (the course results of one point charge and
 * one long wire), so they run and are checked against the closed form; every other word problem
 * (several charges, a force, a solenoid …) is computed from all its quantities by the calculator.
 */
function simulationCheck(calculations: Calculation[]): PlannedCall[] | undefined {
  const [only] = calculations;
  if (!only || calculations.length > 1) return undefined;
  const { result, values } = only.part;
  if (result.id === 'point-field') return chargeField(values.q!, values.r!, only.expression);
  if (result.id === 'wire-field') return wireField(values.I!, values.s!, only.expression);
  return undefined;
}

/** The calculations of a word problem the knowledge solver solves in every part, else nothing. */
function solvedProblem(raw: string): PlannedCall[] | undefined {
  const calculations = calculationsOf(raw);
  return calculations && (simulationCheck(calculations) ?? wordProblem(calculations));
}

/** "Simulate two point charges of +1 nC and −1 nC 10 cm apart": the charges on the x axis. */
function chargesSimulation(raw: string, text: string): PlannedCall[] | undefined {
  if (!asksSimulation(text)) return undefined;
  const found = quantities(raw, 'charge');
  const charges = found.filter((r) => r.kind === 'charge').map((r) => r.value);
  if (charges.length === 0) return undefined;
  const d = distanceAfter(found, -1) ?? 0.1;
  const step = charges.length > 1 ? d / (charges.length - 1) : 0;
  // One charge sits at the origin, several are spread over the distance given.
  const start = charges.length > 1 ? -d / 2 : 0;
  const placed = charges.map((q, i) => ({ x: cleanNumber(start + i * step), y: 0, q }));
  return [
    {
      name: 'run_simulation',
      arguments: {
        solver: 'point_charges',
        parameters: { charges: placed, ...window(d), show_field_lines: true, show_equipotentials: true },
      },
    },
  ];
}

/** "Run a simulation of a wire carrying 3 A", "模拟一根通有 2 A 电流的导线": its field around it. */
function wireSimulation(raw: string, text: string): PlannedCall[] | undefined {
  if (!asksSimulation(text) || !cue.wire.test(text)) return undefined;
  const found = quantities(raw, 'current');
  const current = found.find((r) => r.kind === 'current');
  if (!current) return undefined;
  const d = distanceAfter(found, current.index) ?? 0.05;
  return [
    {
      name: 'run_simulation',
      arguments: {
        solver: 'wire_field',
        parameters: { wires: [{ x: 0, y: 0, current: current.value }], ...window(d), show_field_lines: true },
      },
    },
  ];
}

function planOne(raw: string): PlannedCall[] {
  // Units as symbols and numbers as digits (2 纳库 → 2 nC, 十厘米 → 10 cm) for the readers below.
  const text = plainRequest(raw);
  return (
    wireSimulation(raw, text) ??
    chargesSimulation(raw, text) ??
    conversion(raw) ??
    solvedProblem(raw) ??
    arithmetic(text) ??
    courseQuestion(text) ??
    []
  );
}

/** The sentences of a request ("What is the field …? Also convert 3 mT to gauss"). */
function sentences(text: string): string[] {
  const locale = langOf(text);
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

/** A part's calls when it asks for a tool itself (not only a search of the notes). */
function toolsFor(text: string): PlannedCall[] | undefined {
  const calls = planOne(text);
  return calls.some((c) => c.name !== 'search_course_material') ? calls : undefined;
}

/** Worded as a request for a tool (a simulation, a conversion) that no tool could plan. */
const asksForTool = (text: string) => asksSimulation(text) || looksLikeConversion(text);

/**
 * A sentence split where a joiner ("…, then …", " and ", "，再") stands between two parts that
 * each ask for a tool; "+1 nC and −1 nC" stays one part, since "−1 nC" alone asks for nothing.
 * A last part worded as a tool request that no tool can do goes to `unplanned`.
 */
function planJoined(text: string, lang: Lang, unplanned: string[]): PlannedCall[][] | undefined {
  for (const joiner of joinersOf(lang)) {
    for (let at = text.indexOf(joiner); at > 0; at = text.indexOf(joiner, at + 1)) {
      const left = toolsFor(text.slice(0, at));
      if (!left) continue;
      const rest = text.slice(at + joiner.length);
      const right = planJoined(rest, lang, unplanned);
      if (right) return [left, ...right];
      if (asksForTool(rest)) {
        unplanned.push(rest.trim());
        return [left];
      }
    }
  }
  const whole = toolsFor(text);
  return whole && [whole];
}

/** The calls for a request, and the parts of it no tool could do (said plainly in the reply). */
export interface RequestPlan {
  calls: PlannedCall[];
  unplanned: string[];
}

/**
 * The calls for the user's message, in order; empty when no tool fits. A request of several
 * parts (sentences, or clauses joined by "then", "and", "再") gets every part's calls in the
 * order asked; a sentence that asks for something no tool can do ("then simulate a magnet") is
 * listed as unplanned rather than dropped.
 */
export function planRequest(text: string): RequestPlan {
  const lang = langOf(text);
  const unplanned: string[] = [];
  const parts = sentences(text).map((part) => ({ part, planned: planJoined(part, lang, unplanned) }));
  const undone = parts.filter((p) => !p.planned && asksForTool(p.part)).map((p) => p.part);
  if (parts.flatMap((p) => p.planned ?? []).length < 2) {
    // One part asks for a tool: the whole message is read as one ("A 1 nC charge. Its field at
    // 2 cm?"); a part worded as a tool request that no tool could do is said so.
    const calls = planOne(text);
    const simulates = calls.some((c) => c.name === 'run_simulation');
    const said = [...unplanned, ...undone].filter((part) => !(simulates && asksSimulation(part)));
    return { calls, unplanned: said };
  }
  const calls: PlannedCall[] = [];
  for (const { part, planned } of parts) {
    if (planned) calls.push(...planned.flat());
    else calls.push(...(courseQuestion(part) ?? []));
  }
  return { calls, unplanned: [...unplanned, ...undone] };
}

export function planToolCalls(text: string): PlannedCall[] {
  return planRequest(text).calls;
}
