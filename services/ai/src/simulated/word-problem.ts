import { plainSuperscripts } from '../tools/superscripts.js';
import { numeralsToDigits } from './number-words.js';
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

const NUM = String.raw`([-+]?\d+(?:\.\d+)?)(?:\s*(?:[eE]([-+]?\d+)|[×x*]\s*10\s*\^?\s*\(?([-+]?\d+)\)?))?`;

function numberOf(m: RegExpExecArray | RegExpMatchArray, at: number, scale = 1): number {
  return cleanNumber(Number(m[at]) * 10 ** Number(m[at + 1] ?? m[at + 2] ?? 0) * scale);
}

/** Minus signs, superscript exponents, full-width digits and numbers in words as plain ASCII. */
function normalise(text: string): string {
  return numeralsToDigits(text.normalize('NFKC'))
    .replace(/[−–—](?=\s*\d)/g, '-')
    .replace(/10([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, exp: string) => `10^${plainSuperscripts(exp)}`);
}

type Kind = 'charge' | 'distance' | 'current' | 'turns' | 'density' | 'angle';
interface Reading {
  kind: Kind;
  value: number;
  index: number;
  end: number;
}

const UNITS: [RegExp, Kind, number][] = [
  [/^(pC|picocoulombs?|皮库仑?)/i, 'charge', 1e-12],
  [/^(nC|nanocoulombs?|纳库仑?)/i, 'charge', 1e-9],
  [/^(μC|µC|uC|microcoulombs?|微库仑?)/i, 'charge', 1e-6],
  [/^(mC|millicoulombs?|毫库仑?)/, 'charge', 1e-3],
  [/^(C|coulombs?|库仑?)(?![A-Za-z])/, 'charge', 1],
  [/^(turns?|windings?|匝)\s*(?:per|\/|每)\s*(?:cm|centimet(?:er|re)|厘米)/i, 'density', 100],
  [/^(turns?|windings?|匝)\s*(?:per|\/|每)\s*(?:m|met(?:er|re)|米)(?![A-Za-z])/i, 'density', 1],
  [/^(turns?|windings?|loops?|匝)/i, 'turns', 1],
  [/^(mA|milliamps?|毫安)/, 'current', 1e-3],
  [/^(kA)/, 'current', 1e3],
  [/^(A|amps?|amperes?|安培?)(?![A-Za-z])/, 'current', 1],
  [/^(mm|millimet(?:er|re)s?|毫米)(?![A-Za-z/])/i, 'distance', 1e-3],
  [/^(cm|centimet(?:er|re)s?|厘米)(?![A-Za-z/])/i, 'distance', 1e-2],
  [/^(km|kilomet(?:er|re)s?|千米|公里)(?![A-Za-z/])/i, 'distance', 1e3],
  [/^(m|met(?:er|re)s?|米)(?![A-Za-z/])/, 'distance', 1],
  [/^(°|degrees?|度)/i, 'angle', 1],
];

function readings(text: string): Reading[] {
  const out: Reading[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\w.])${NUM}\\s*`, 'g'))) {
    const after = text.slice(m.index + m[0].length);
    for (const [unit, kind, scale] of UNITS) {
      const u = unit.exec(after);
      if (!u) continue;
      out.push({
        kind,
        value: numberOf(m, 1, scale),
        index: m.index,
        end: m.index + m[0].length + u[0].length,
      });
      break;
    }
  }
  // "每米 1000 匝" / "每厘米 10 匝": the density written the other way round.
  for (const m of text.matchAll(new RegExp(`每(厘米|米)\\s*${NUM}\\s*匝`, 'g'))) {
    out.push({
      kind: 'density',
      value: numberOf(m, 2, m[1] === '厘米' ? 100 : 1),
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

const MATERIALS: [RegExp, number][] = [
  [/\bvacuum\b|真空/i, 1],
  [/\bair\b|空气/i, 1],
  [/\bwater\b|水(?!平)/i, 1.33],
  [/\bglass\b|玻璃/i, 1.5],
  [/\bdiamond\b|钻石|金刚石/i, 2.42],
];

/** Refractive indices in the order the light meets them ("from glass into air": 1.5 then 1). */
function indices(text: string): number[] {
  const written = [
    ...text.matchAll(
      /(?:\bn\s*_?\s*[12]?\s*(?:=|is)\s*|refractive index(?: of)?\s*(?:is\s*|=\s*)?|index of refraction(?: of)?\s*(?:is\s*)?|折射率\s*(?:为|是|=)?\s*)(\d+(?:\.\d+)?)/gi,
    ),
  ].map((m) => ({ at: m.index, n: Number(m[1]) }));
  const named: { at: number; n: number }[] = [];
  for (const [pattern, n] of MATERIALS) {
    const m = new RegExp(pattern.source, 'gi');
    for (const hit of text.matchAll(m)) {
      // "glass (n = 1.52)": the written number wins over the typical one.
      if (!written.some((w) => w.at > hit.index && w.at - hit.index < 20)) named.push({ at: hit.index, n });
    }
  }
  return [...written, ...named].sort((a, b) => a.at - b.at).map((x) => x.n);
}

const ASK = {
  force: /\bforce\b|\bF\s*=|作用力|库仑力|静电力|(?<!电)力(?!矩)/i,
  potential: /\bpotential\b|电势|电位/i,
  field: /\bfield\b|\bE\b|场强|电场|磁场|磁感应强度|\bB\b/i,
  magnetic: /\bmagnetic\b|\bB\b|磁场|磁感应/i,
  solenoid: /solenoid|\bcoil\b|螺线管|线圈/i,
  loop: /\bloop\b|\bring\b|圆环|圆形线圈|圆电流|线圈中心|\bcentre\b|\bcenter\b|中心/i,
  wire: /\bwire\b|导线|直导线/i,
  brewster: /brewster|polari[sz]ing angle|布儒斯特|起偏角/i,
  critical: /critical angle|total internal reflection|临界角|全反射/i,
  midpoint: /midpoint|halfway|mid-way|中点|正中间/i,
};

const k = `${K_COULOMB}`;
const mu0 = `${MU_0}`;

/** Positions "at x = 10 cm" in the text, in order. */
function positions(text: string): { x: number; at: number }[] {
  const out: { x: number; at: number }[] = [];
  for (const m of text.matchAll(new RegExp(`x\\s*=\\s*${NUM}\\s*(mm|cm|m)?(?![A-Za-z])`, 'g'))) {
    const scale = m[4] === 'mm' ? 1e-3 : m[4] === 'cm' ? 1e-2 : 1;
    out.push({ x: numberOf(m, 1, scale), at: m.index });
  }
  return out;
}

function chargeProblem(text: string, found: Reading[]): WordProblem | undefined {
  let charges = found.filter((r) => r.kind === 'charge');
  if (charges.length === 0) return undefined;
  // "two 1 nC charges", "两个 1 微库仑的电荷": one value written for two equal charges.
  if (
    charges.length === 1 &&
    /\b(two|2|both)\b[^.?!。？！]{0,20}charges|两个[^。？！]{0,12}电荷/i.test(text)
  ) {
    charges = [charges[0]!, { ...charges[0]! }];
  }
  const distances = found.filter((r) => r.kind === 'distance');
  const xs = positions(text);
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
      law: { en: "Coulomb's law: F = k·|q1·q2|/r²", zh: '库仑定律：F = k·|q1·q2|/r²' },
      expression: `${k} * abs(${q[0]} * ${q[1]}) / (${r})^2`,
      symbol: 'F',
      unit: 'N',
      remark: () =>
        product < 0
          ? { en: 'attractive (opposite signs)', zh: '为引力（异号电荷）' }
          : { en: 'repulsive (like signs)', zh: '为斥力（同号电荷）' },
    };
  }
  const asksPotential = ASK.potential.test(text) && !/field|场强|电场/i.test(text);
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
      law: { en: 'V = Σ k·qi/ri (superposition)', zh: '电势叠加：V = Σ k·qi/ri' },
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
    law:
      charges.length === 1
        ? { en: 'field of a point charge: E = k·q/r²', zh: '点电荷的场强：E = k·q/r²' }
        : { en: 'superposition: E = Σ k·qi/ri², as vectors', zh: '场强叠加：E = Σ k·qi/ri²（矢量和）' },
    expression,
    symbol: charges.length === 1 ? 'E' : 'Ex',
    unit: 'V/m',
    remark: (value) =>
      charges.length === 1
        ? value >= 0
          ? { en: 'pointing away from the charge', zh: '方向背离电荷' }
          : { en: 'pointing towards the charge', zh: '方向指向电荷' }
        : value >= 0
          ? { en: 'along +x', zh: '沿 +x 方向' }
          : { en: 'along −x', zh: '沿 −x 方向' },
  };
}

function magneticProblem(text: string, found: Reading[]): WordProblem | undefined {
  if (!ASK.magnetic.test(text) && !ASK.field.test(text)) return undefined;
  const current = found.find((r) => r.kind === 'current')?.value;
  if (current === undefined) return undefined;
  const distance = found.filter((r) => r.kind === 'distance');
  const turns = found.find((r) => r.kind === 'turns')?.value;
  const density = found.find((r) => r.kind === 'density')?.value;
  if (ASK.solenoid.test(text) && !/centre of|center of|中心/i.test(text)) {
    const length = distance[0]?.value;
    const n = density ?? (turns !== undefined && length ? cleanNumber(turns / length) : undefined);
    if (n === undefined) return undefined;
    return {
      kind: 'solenoid',
      given: [`n = ${f(n)} turns/m`, `I = ${f(current)} A`],
      law: { en: 'long solenoid: B = μ0·n·I', zh: '长直螺线管：B = μ0·n·I' },
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
      law: { en: 'centre of a circular loop: B = μ0·N·I/(2R)', zh: '圆电流中心：B = μ0·N·I/(2R)' },
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
      law: { en: 'long straight wire: B = μ0·I/(2π·r)', zh: '无限长直导线：B = μ0·I/(2π·r)' },
      expression: `${mu0} * ${Math.abs(current)} / (2 * pi * ${r})`,
      symbol: 'B',
      unit: 'T',
    };
  }
  return undefined;
}

function opticsProblem(text: string): WordProblem | undefined {
  const brewster = ASK.brewster.test(text);
  const critical = ASK.critical.test(text);
  if (!brewster && !critical) return undefined;
  let n = indices(text);
  if (n.length === 1) n = brewster ? [1, n[0]!] : [n[0]!, 1];
  if (n.length < 2) return undefined;
  const [n1, n2] = n as [number, number];
  if (brewster) {
    return {
      kind: 'brewster',
      given: [`n1 = ${n1}`, `n2 = ${n2}`],
      law: { en: "Brewster's angle: tan θB = n2/n1", zh: '布儒斯特角：tan θB = n2/n1' },
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
    law: { en: 'critical angle: sin θc = n2/n1 (n1 > n2)', zh: '临界角：sin θc = n2/n1（n1 > n2）' },
    expression: `asin(${rare} / ${dense}) * 180 / pi`,
    symbol: 'θc',
    unit: '°',
  };
}

export function parseWordProblem(raw: string): WordProblem | undefined {
  const text = normalise(raw);
  const found = readings(text);
  return opticsProblem(text) ?? chargeProblem(text, found) ?? magneticProblem(text, found);
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
