import { simulationTypes } from '@faraday/contracts';
import type { Concept, SolverName } from '../knowledge/course-concepts.js';
import { catalogue, phrase } from '../knowledge/data-file.js';
import { quantityOf } from '../knowledge/solver.js';
import { eitherLanguage, type Lang, langOf } from '../lang.js';
import { escapeRegExp } from '../regexp.js';
import { SI_PREFIX } from '../si-prefix.js';
import { calculationsOf } from '../tools/solved-calculation.js';
import {
  EPSILON_0,
  extractQuantities,
  formatNumber as f,
  K_COULOMB,
  MU_0,
  pick,
  type Quantity,
  SPEED_OF_LIGHT,
  sharedDigits,
} from './quantities.js';
import { PARAMETER_SYMBOLS, SOLVER_GUIDES } from './sim-guides.js';

/**
 * The simulation tutor without a model. It computes what it can check and says so when it
 * cannot: the solver's main result in closed form for the values the student gives (the lab's
 * own parameter names understood), the student's reported result compared with it (both numbers
 * with the same rounding, and the difference), the meaning of a parameter or result the student
 * asks about; anything else it says needs a model. Replies in the language of the message.
 */
const PHRASES = catalogue('sim-tutor');
const say = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  phrase(PHRASES, lang, key, values);

function valuesOf(text: string): Map<string, Quantity> {
  const found = extractQuantities(text);
  for (const [name, symbol] of Object.entries(PARAMETER_SYMBOLS)) {
    const q = found.get(name);
    if (q && !found.has(symbol)) found.set(symbol, { ...q, symbol });
  }
  return found;
}

/** A result of the solver, computed in closed form for the student's values. */
interface Reference {
  /** The lab's name for it (`field_inside`) or a description. */
  output: string;
  value: number;
  unit: string;
  /** The closed form, as a formula. */
  formula: string;
  /** A phrase key of sim-tutor.json: when the closed form holds. */
  note?: string;
}

function references(solver: SolverName, q: Map<string, Quantity>, text: string): Reference[] {
  switch (solver) {
    case 'solenoid': {
      const I = pick(q, 'I');
      const N = pick(q, 'N');
      const L = pick(q, 'L');
      const density = pick(q, 'n');
      if (!I || !((N && L && L.value > 0) || density)) return [];
      const n = density ? density.value : N!.value / L!.value;
      const long = MU_0 * n * I.value;
      const R = pick(q, 'R');
      if (R && L && R.value > 0) {
        const factor = L.value / Math.sqrt(L.value ** 2 + 4 * R.value ** 2);
        return [{ output: 'field_inside', value: long * factor, unit: 'T', formula: 'μ0·n·I·L/√(L² + 4R²)' }];
      }
      return [
        {
          output: 'field_inside',
          value: long,
          unit: 'T',
          formula: 'μ0·n·I',
          note: 'longCoil',
        },
      ];
    }
    case 'wave_1d': {
      const epsR = pick(q, 'eps_r');
      const muR = pick(q, 'mu_r');
      if (!epsR && !muR) return [];
      const v = SPEED_OF_LIGHT / Math.sqrt((epsR?.value ?? 1) * (muR?.value ?? 1));
      return [{ output: 'wave_speed', value: v, unit: 'm/s', formula: 'c/√(εr·μr)' }];
    }
    case 'gauss_flux': {
      const charge = pick(q, 'Q_enc', 'Q', 'q');
      if (!charge || pick(q, 'q2')) return [];
      return [
        {
          output: 'electric_flux',
          value: charge.value / EPSILON_0,
          unit: 'V·m',
          formula: 'Q_enc/ε0',
          note: 'chargeInside',
        },
      ];
    }
    case 'ampere_loop': {
      const I = pick(q, 'I_enc', 'I');
      if (!I) return [];
      return [{ output: 'magnetic_circulation', value: MU_0 * I.value, unit: 'T·m', formula: 'μ0·I_enc' }];
    }
    case 'wire_field': {
      const I = pick(q, 'I');
      const r = pick(q, 'r', 'd');
      if (!I || !r || r.value <= 0) return [];
      const B = (MU_0 * Math.abs(I.value)) / (2 * Math.PI * r.value);
      return [{ output: `B at r = ${f(r.value)} m`, value: B, unit: 'T', formula: 'μ0·I/(2π·r)' }];
    }
    case 'point_charges':
      return chargeReferences(q, text);
    case 'fresnel': {
      const n1 = pick(q, 'n1', 'n_1');
      const n2 = pick(q, 'n2', 'n_2');
      if (!n1 || !n2 || n1.value <= 0 || n2.value <= 0) return [];
      const deg = (x: number) => (x * 180) / Math.PI;
      const out: Reference[] = [
        {
          output: 'brewster_angle',
          value: deg(Math.atan(n2.value / n1.value)),
          unit: '°',
          formula: 'atan(n2/n1)',
        },
      ];
      if (n1.value > n2.value) {
        out.push({
          output: 'critical_angle',
          value: deg(Math.asin(n2.value / n1.value)),
          unit: '°',
          formula: 'asin(n2/n1)',
        });
      }
      return out;
    }
    case 'laplace2d': {
      const walls = ['v_top', 'v_bottom', 'v_left', 'v_right'].map((k) => q.get(k)?.value);
      if (walls.some((v) => v === undefined)) return [];
      const nx = q.get('nx')?.value;
      const ny = q.get('ny')?.value;
      // By symmetry each wall contributes a quarter of its potential at the centre of a square.
      if (nx === undefined || nx !== ny) return [];
      const centre = (walls as number[]).reduce((a, b) => a + b, 0) / 4;
      return [
        {
          output: 'potential at the centre',
          value: centre,
          unit: 'V',
          formula: '(V_top + V_bottom + V_left + V_right)/4',
        },
      ];
    }
  }
}

/**
 * One charge: E = k|q|/r². Several: what the knowledge solver computes from all of them (the
 * field at their midpoint …), or nothing rather than q1 alone.
 */
function chargeReferences(q: Map<string, Quantity>, text: string): Reference[] {
  if (pick(q, 'q2', 'Q2')) {
    const [only, ...more] = calculationsOf(text) ?? [];
    if (!only || more.length > 0) return [];
    const { symbol, unit, name } = quantityOf(only.part);
    return [
      {
        // By name: the student reports "the field at the midpoint is …"; a one-letter symbol
        // would be found inside any word.
        output: name[langOf(text)],
        value: only.part.value,
        unit,
        formula: `${symbol} = ${only.part.result.compute!.expr}`,
      },
    ];
  }
  const charge = pick(q, 'q', 'Q', 'q1');
  const r = pick(q, 'r', 'd');
  if (!charge || !r || r.value <= 0) return [];
  return [
    {
      output: `E at r = ${f(r.value)} m`,
      value: (K_COULOMB * Math.abs(charge.value)) / r.value ** 2,
      unit: 'V/m',
      formula: 'k·|q|/r²',
    },
  ];
}

const NUMBER = String.raw`([-+]?\d+(?:\.\d+)?)(?:\s*(?:[eE]([-+]?\d+)|[×x*]\s*10\s*\^?\s*\(?([-+]?\d+)\)?))?`;
const REPORTED = new RegExp(
  String.raw`(?:${eitherLanguage(PHRASES, 'reportedWords')})\s*(?:${eitherLanguage(PHRASES, 'aboutWords')})?\s*${NUMBER}\s*([a-zA-Zμµ°/·]*)`,
  'i',
);
const QUESTION_START = new RegExp(`^(?:${eitherLanguage(PHRASES, 'questionWords')})`, 'i');

interface Reported {
  value: number;
  /** Significant figures the student wrote: a match to that precision is all one can claim. */
  digits: number;
}

function toValue(m: RegExpMatchArray, ref: Reference): Reported | undefined {
  const value = Number(m[1]) * 10 ** Number(m[2] ?? m[3] ?? 0);
  const unit = m[4] ?? '';
  // "4.98 mT" against a result in T: the prefix is the only conversion a lab reply needs.
  const prefix = unit.length > ref.unit.length && unit.endsWith(ref.unit) ? SI_PREFIX[unit[0]!] : undefined;
  const digits = m[1]!.replace(/^[-+]?0*\.?0*/, '').replace('.', '').length;
  return Number.isFinite(value) ? { value: value * (prefix ?? 1), digits: Math.max(1, digits) } : undefined;
}

/**
 * The student's reported value of a result: by the lab's name for it ("field_inside = 0.00498
 * T"), else, when the solver has one result to check, a number in its unit that is not a
 * parameter being set ("… is 7190 V/m", not "v_top = 10 V"), else "came out 1.6e8".
 */
function reportedValue(text: string, ref: Reference, only: boolean): Reported | undefined {
  const escaped = escapeRegExp(ref.output);
  const named = new RegExp(`${escaped}[^0-9+-]{0,24}?${NUMBER}\\s*([a-zA-Zμµ°/·]*)`, 'i').exec(text);
  if (named) return toValue(named, ref);
  if (!only) return undefined;
  const inUnit = [...text.matchAll(new RegExp(`${NUMBER}\\s*([a-zA-Zμµ°/·]+)`, 'g'))].filter(
    (m) =>
      (m[4] === ref.unit || (m[4]!.length === ref.unit.length + 1 && m[4]!.endsWith(ref.unit))) &&
      !/[A-Za-z_][A-Za-z0-9_]*\s*[=:]\s*$/.test(text.slice(Math.max(0, m.index - 30), m.index)),
  );
  const last = inUnit.at(-1);
  if (last) return toValue(last, ref);
  const phrase = REPORTED.exec(text);
  return phrase ? toValue(phrase, ref) : undefined;
}

function unitText(unit: string): string {
  return unit === '°' ? '°' : ` ${unit}`;
}

/** `digits` significant figures, trailing zeros kept (2.50 next to 2.49, not 2.5). */
function withDigits(value: number, digits: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e6) return value.toPrecision(digits);
  const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
  return `${mantissa} × 10^${Number(exponent)}`;
}

/**
 * "Your 0.004980 T against the closed form … = 0.005027 T: 0.93 % lower": both numbers with the
 * rounding the difference needs. A value that matches to the figures the student wrote is said
 * to match to those figures, never to more.
 */
function comparison(ref: Reference, reported: Reported, lang: Lang): string {
  const { formula } = ref;
  const unit = unitText(ref.unit);
  const exponent = Math.floor(Math.log10(Math.abs(reported.value) || 1));
  const halfLastDigit = 0.5 * 10 ** (exponent - reported.digits + 1);
  if (Math.abs(reported.value - ref.value) <= halfLastDigit) {
    const shown = withDigits(ref.value, reported.digits);
    return say(lang, 'matches', { output: ref.output, shown, unit, formula, digits: reported.digits });
  }
  const digits = sharedDigits(reported.value, ref.value);
  const yours = `${withDigits(reported.value, digits)}${unit}`;
  const exact = `${withDigits(ref.value, digits)}${unit}`;
  const relative = Math.abs(reported.value - ref.value) / Math.max(Math.abs(ref.value), Number.MIN_VALUE);
  const percent = Number((relative * 100).toPrecision(2));
  const higher = reported.value > ref.value;
  const verdict = relative < 0.005 ? 'agrees' : relative < 0.05 ? 'close' : 'realDifference';
  return say(lang, 'differs', {
    output: ref.output,
    yours,
    formula,
    exact,
    percent,
    direction: say(lang, higher ? 'higher' : 'lower'),
    verdict: say(lang, verdict),
  });
}

export function simTutorAnswer(concept: Concept, userText: string): string {
  const lang = langOf(userText);
  const lower = userText.toLowerCase();
  // The solver named in the message wins over the topic its words suggest.
  const solver = simulationTypes.find((s) => lower.includes(s)) ?? concept.solver;
  if (!solver) return say(lang, 'noSolver');
  const guide = SOLVER_GUIDES[solver];
  const parts = [say(lang, 'solver', { solver })];
  const asked = guide.terms.filter((term) => term.names.some((name) => lower.includes(name)));
  for (const term of asked) parts.push(say(lang, 'askedAbout', { meaning: term.meaning[lang] }));
  parts.push(
    say(lang, 'parameters', { text: guide.parameters[lang] }),
    say(lang, 'look', { text: guide.look[lang] }),
  );
  const values = valuesOf(userText);
  const refs = references(solver, values, userText);
  for (const ref of refs) {
    const reported = reportedValue(userText, ref, refs.length === 1);
    const note = ref.note ? say(lang, 'note', { note: say(lang, ref.note) }) : '';
    parts.push(
      reported === undefined
        ? say(lang, 'closedForm', {
            output: ref.output,
            formula: ref.formula,
            value: f(ref.value),
            unit: unitText(ref.unit),
            note,
          })
        : say(lang, 'against', { comparison: comparison(ref, reported, lang), note }),
    );
  }
  if (refs.length === 0 && solver === 'point_charges' && values.has('q2'))
    parts.push(say(lang, 'severalCharges'));
  const question = /[?？]\s*$/.test(userText.trim()) || QUESTION_START.test(userText.trim());
  if (question && asked.length === 0 && refs.length === 0) parts.push(say(lang, 'ownQuestion'));
  parts.push(say(lang, 'tryNext', { text: guide.experiment[lang] }));
  return parts.join('\n\n');
}
