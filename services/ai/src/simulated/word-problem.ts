import { z } from 'zod';
import { catalogue, KNOWLEDGE_DIR, phrase, readDataFile } from '../knowledge/data-file.js';
import { courseKnowledge } from '../knowledge/knowledge-base.js';
import { QuantityReader, type Reading } from '../knowledge/reading.js';
import { escapeRegExp } from '../regexp.js';
import { cleanNumber, EPSILON_0, formatNumber as f, K_COULOMB, MU_0 } from './quantities.js';

/**
 * Calculation requests written as students write them ("q1 = 2 μC and q2 = −3 μC are 10 cm
 * apart, find the force", "两个点电荷 2 微库和 -3 微库相距 10 厘米，求作用力"): the quantities in the
 * prose with their units (SI prefixes, Chinese units, words), the quantity asked for, and the
 * closed form that answers it as an expression the calculator tool evaluates. Deterministic; a
 * request it cannot read fully gives undefined rather than a guess.
 */
export interface WordProblem {
  kind:
    | 'coulomb_force'
    | 'field_of_charges'
    | 'potential_of_charges'
    | 'solenoid'
    | 'wire'
    | 'loop'
    | 'brewster'
    | 'critical_angle';
  /** What was read, as `symbol = value unit` (SI). */
  given: string[];
  /** The law used, with its formula. */
  law: { en: string; zh: string };
  /** mathjs expression of the calculator tool (numbers in SI). */
  expression: string;
  /** The asked quantity's symbol and SI unit. */
  symbol: string;
  unit: string;
  /** A remark on the result (direction, attraction), in both languages. */
  remark?: (value: number) => { en: string; zh: string };
}

/** The words that say what is asked (corpus/knowledge/word-problems.json), as matchers. */
const cues = z.object({
  en: z.array(z.string()),
  zh: z.array(z.string()),
  except: z.array(z.string()).optional(),
});
const { asks } = readDataFile(
  z.object({ asks: z.record(z.string(), cues) }),
  KNOWLEDGE_DIR,
  'word-problems.json',
);
const PHRASES = catalogue('word-problem');
const both = (key: string) => ({ en: phrase(PHRASES, 'en', key), zh: phrase(PHRASES, 'zh', key) });

/**
 * A cue list as one alternation: English whole words or phrases (`word*`: and longer ones; spaces
 * optional), Chinese anywhere except inside the listed words ("力" but not "电力", "力矩").
 */
function cueSource(name: string): string {
  const list = asks[name];
  if (!list) throw new Error(`word-problems.json: no cues "${name}"`);
  const english = list.en.map((cue) => {
    const open = cue.endsWith('*');
    const body = open ? cue.slice(0, -1) : cue;
    const source = escapeRegExp(body).replace(/\s+/g, '\\s*');
    return `${/^\w/.test(body) ? '\\b' : ''}${source}${!open && /\w$/.test(body) ? '\\b' : ''}`;
  });
  const chinese = list.zh.map((cue) => {
    let before = '';
    let after = '';
    for (const word of list.except ?? []) {
      const at = word.indexOf(cue);
      if (word === cue || at < 0) continue;
      if (at > 0) before += `(?<!${escapeRegExp(word.slice(0, at))})`;
      if (at + cue.length < word.length) after += `(?!${escapeRegExp(word.slice(at + cue.length))})`;
    }
    return `${before}${escapeRegExp(cue)}${after}`;
  });
  return [...english, ...chinese].join('|');
}

const ask = (name: string) => new RegExp(cueSource(name), 'i');
const ASK = {
  force: ask('force'),
  potential: ask('potential'),
  field: ask('field'),
  electricField: ask('electricField'),
  magnetic: ask('magnetic'),
  solenoid: ask('solenoid'),
  loop: ask('loop'),
  centreOf: ask('centreOf'),
  wire: ask('wire'),
  brewster: ask('brewster'),
  critical: ask('critical'),
  midpoint: ask('midpoint'),
};
// "two 1 nC charges", "两个 1 微库仑的电荷": one value written for two equal charges.
const PAIR = new RegExp(`(?:${cueSource('pair')})[^.?!。？！]{0,20}(?:${cueSource('charges')})`, 'i');

/** Quantities with their units (units.json), in SI, as the problem solver reads them. */
let reader: QuantityReader | undefined;
const quantityReader = () => {
  reader ??= new QuantityReader(courseKnowledge().units);
  return reader;
};

const k = `${K_COULOMB}`;
const mu0 = `${MU_0}`;

/** Positions "at x = 10 cm" (metres when no unit is written) in the text, in order. */
function positions(text: string, found: Reading[]): { x: number; at: number }[] {
  return found
    .filter(
      (r) =>
        r.kind === '=x' ||
        (r.kind === 'length' && /\bx\s*=\s*$/.test(text.slice(Math.max(0, r.index - 8), r.index))),
    )
    .map((r) => ({ x: cleanNumber(r.value), at: r.kind === '=x' ? r.index : r.index - 1 }));
}

function chargeProblem(text: string, found: Reading[]): WordProblem | undefined {
  let charges = found.filter((r) => r.kind === 'charge');
  if (charges.length === 0) return undefined;
  if (charges.length === 1 && PAIR.test(text)) {
    charges = [charges[0]!, { ...charges[0]! }];
  }
  const distances = found.filter((r) => r.kind === 'length');
  const xs = positions(text, found);
  const q = charges.map((c) => c.value);
  const given = q.map((v, i) => `q${charges.length > 1 ? i + 1 : ''} = ${f(v)} C`);
  const asksForce = ASK.force.test(text) && charges.length >= 2;
  if (asksForce) {
    let r: number | undefined;
    if (xs.length >= 2) r = cleanNumber(Math.abs(xs[1]!.x - xs[0]!.x));
    else if (distances.length > 0) r = distances[0]!.value;
    if (r === undefined || r <= 0) return undefined;
    const product = q[0]! * q[1]!;
    return {
      kind: 'coulomb_force',
      given: [...given.slice(0, 2), `r = ${f(r)} m`],
      law: both('coulomb'),
      expression: `${k} * abs(${q[0]} * ${q[1]}) / (${r})^2`,
      symbol: 'F',
      unit: 'N',
      remark: () => both(product < 0 ? 'attractive' : 'repulsive'),
    };
  }
  const asksPotential = ASK.potential.test(text) && !ASK.electricField.test(text);
  if (!asksPotential && !ASK.field.test(text)) return undefined;
  // Where the charges sit and where the field is asked: on a line (x axis).
  let at: number[];
  let point: number;
  if (charges.length === 1) {
    const r = distances[0]?.value;
    if (r === undefined || r <= 0) return undefined;
    at = [0];
    point = r;
    given.push(`r = ${f(r)} m`);
  } else {
    // Each charge's position is the first "x = …" after it and before the next charge.
    const chargeXs: { x: number; at: number }[] = [];
    charges.forEach((c, i) => {
      const before = charges[i + 1]?.index ?? Number.POSITIVE_INFINITY;
      const p = xs.find((x) => x.at > c.index && x.at < before && x.at - c.end < 30 && !chargeXs.includes(x));
      if (p) chargeXs.push(p);
    });
    if (chargeXs.length === charges.length) {
      at = chargeXs.map((p) => p.x);
      const rest = xs.filter((p) => !chargeXs.includes(p));
      if (rest.length > 0) point = rest[0]!.x;
      else if (ASK.midpoint.test(text) && at.length === 2) point = cleanNumber((at[0]! + at[1]!) / 2);
      else return undefined;
    } else if (charges.length === 2 && distances.length > 0 && ASK.midpoint.test(text)) {
      at = [0, distances[0]!.value];
      point = cleanNumber(distances[0]!.value / 2);
    } else return undefined;
    given.push(...at.map((x, i) => `x${i + 1} = ${f(x)} m`), `x = ${f(point)} m`);
  }
  if (at.some((x) => x === point)) return undefined;
  if (asksPotential) {
    return {
      kind: 'potential_of_charges',
      given,
      law: both('potential'),
      expression: q.map((qi, i) => `${k} * ${qi} / abs(${point} - (${at[i]}))`).join(' + '),
      symbol: 'V',
      unit: 'V',
    };
  }
  // Field along x: Σ k qi (x − xi)/|x − xi|³; its sign says the direction.
  const expression = q
    .map((qi, i) => `${k} * ${qi} * (${point} - (${at[i]})) / abs(${point} - (${at[i]}))^3`)
    .join(' + ');
  return {
    kind: 'field_of_charges',
    given,
    law: both(charges.length === 1 ? 'pointField' : 'superposition'),
    expression,
    symbol: charges.length === 1 ? 'E' : 'Ex',
    unit: 'V/m',
    remark: (value) =>
      both(
        charges.length === 1
          ? value >= 0
            ? 'awayFromCharge'
            : 'towardsCharge'
          : value >= 0
            ? 'alongPlusX'
            : 'alongMinusX',
      ),
  };
}

function magneticProblem(text: string, found: Reading[]): WordProblem | undefined {
  if (!ASK.magnetic.test(text) && !ASK.field.test(text)) return undefined;
  const current = found.find((r) => r.kind === 'current')?.value;
  if (current === undefined) return undefined;
  const distance = found.filter((r) => r.kind === 'length');
  const turns = found.find((r) => r.kind === 'turns')?.value;
  const density = found.find((r) => r.kind === 'density')?.value;
  if (ASK.solenoid.test(text) && !ASK.centreOf.test(text)) {
    const length = distance[0]?.value;
    const n = density ?? (turns !== undefined && length ? cleanNumber(turns / length) : undefined);
    if (n === undefined) return undefined;
    return {
      kind: 'solenoid',
      given: [`n = ${f(n)} turns/m`, `I = ${f(current)} A`],
      law: both('solenoid'),
      expression: `${mu0} * ${n} * ${current}`,
      symbol: 'B',
      unit: 'T',
    };
  }
  if (ASK.loop.test(text)) {
    const radius = distance[0]?.value;
    if (radius === undefined || radius <= 0) return undefined;
    const n = turns ?? 1;
    return {
      kind: 'loop',
      given: [`R = ${f(radius)} m`, `I = ${f(current)} A`, ...(turns ? [`N = ${f(n)}`] : [])],
      law: both('loop'),
      expression: `${mu0} * ${n} * ${current} / (2 * ${radius})`,
      symbol: 'B',
      unit: 'T',
    };
  }
  if (ASK.wire.test(text)) {
    const r = distance[0]?.value;
    if (r === undefined || r <= 0) return undefined;
    return {
      kind: 'wire',
      given: [`I = ${f(current)} A`, `r = ${f(r)} m`],
      law: both('wire'),
      expression: `${mu0} * ${Math.abs(current)} / (2 * pi * ${r})`,
      symbol: 'B',
      unit: 'T',
    };
  }
  return undefined;
}

/** Refractive indices (written, or the media named) in the order the light meets them. */
function opticsProblem(text: string, found: Reading[]): WordProblem | undefined {
  const brewster = ASK.brewster.test(text);
  const critical = ASK.critical.test(text);
  if (!brewster && !critical) return undefined;
  let n = found.filter((r) => r.kind === 'index').map((r) => r.value);
  if (n.length === 1) n = brewster ? [1, n[0]!] : [n[0]!, 1];
  if (n.length < 2) return undefined;
  const [n1, n2] = n as [number, number];
  if (brewster) {
    return {
      kind: 'brewster',
      given: [`n1 = ${n1}`, `n2 = ${n2}`],
      law: both('brewster'),
      expression: `atan(${n2} / ${n1}) * 180 / pi`,
      symbol: 'θB',
      unit: '°',
    };
  }
  // Total internal reflection needs the denser medium first; "glass and air" in either order.
  const [dense, rare] = n1 >= n2 ? [n1, n2] : [n2, n1];
  if (dense === rare) return undefined;
  return {
    kind: 'critical_angle',
    given: [`n1 = ${dense}`, `n2 = ${rare}`],
    law: both('critical'),
    expression: `asin(${rare} / ${dense}) * 180 / pi`,
    symbol: 'θc',
    unit: '°',
  };
}

export function parseWordProblem(raw: string): WordProblem | undefined {
  // The readings' offsets are in the reader's normal form of the text.
  const text = quantityReader().normalise(raw);
  // Without the float noise of the prefix: 3 nC is 3e-9, not 3.0000000000000004e-9.
  const found = quantityReader()
    .read(raw)
    .map((r) => ({ ...r, value: cleanNumber(r.value) }));
  return opticsProblem(text, found) ?? chargeProblem(text, found) ?? magneticProblem(text, found);
}

/** ε0 is exported for tests that check the closed forms independently. */
export const CONSTANTS = { k: K_COULOMB, mu0: MU_0, epsilon0: EPSILON_0 };

/** "F = 5.39 N, attractive": every number of the sentence with the same three significant figures. */
export function resultSentence(problem: WordProblem, value: number, lang: 'en' | 'zh'): string {
  const shown = problem.kind === 'field_of_charges' && problem.symbol === 'E' ? Math.abs(value) : value;
  const remark = problem.remark?.(value);
  const unit = problem.unit === '°' ? '°' : ` ${problem.unit}`;
  return lang === 'zh'
    ? `${problem.symbol} = ${f(shown)}${unit}${remark ? `，${remark.zh}` : ''}。`
    : `${problem.symbol} = ${f(shown)}${unit}${remark ? `, ${remark.en}` : ''}.`;
}
