import { EPSILON_0, formatNumber, K_COULOMB, MU_0, SPEED_OF_LIGHT } from '../simulated/quantities.js';
import type { TextLang } from '../writing/text-segments.js';
import type { Exercise } from './session.js';

/**
 * Numeric checks for the sections of the notes where a number shows understanding better than
 * words: a step built from a matching section asks this question, and a numeric answer within
 * the tolerance counts as understanding. Answers come from the same constants as the physics
 * package, so the tutor and the lab agree.
 */
interface ExerciseSpec {
  heading: RegExp;
  question: Record<TextLang, string>;
  formula: Record<TextLang, string>;
  substitution: Record<TextLang, string>;
  expected: number;
  unit: string;
}

const deg = (radians: number) => (radians * 180) / Math.PI;

const SPECS: ExerciseSpec[] = [
  {
    heading: /^coulomb|库仑定律/i,
    question: {
      en: 'What is the magnitude of the electric field 3 cm from a point charge of 2 nC?',
      zh: '距离 2 nC 点电荷 3 cm 处的电场强度大小是多少？',
    },
    formula: {
      en: 'E = k·|q|/r², with k = 8.99 × 10^9 N·m²/C².',
      zh: 'E = k·|q|/r²，其中 k = 8.99 × 10^9 N·m²/C²。',
    },
    substitution: {
      en: 'E = 8.99 × 10^9 × 2 × 10^-9 / (0.03)² — remember r in metres.',
      zh: 'E = 8.99 × 10^9 × 2 × 10^-9 / (0.03)²，注意 r 要换算成米。',
    },
    expected: (K_COULOMB * 2e-9) / 0.03 ** 2,
    unit: 'N/C',
  },
  {
    heading: /statement of gauss|高斯定理的表述/i,
    question: {
      en: 'What is the total electric flux through a closed surface that encloses a 1 nC charge?',
      zh: '包围 1 nC 电荷的闭合曲面的总电通量是多少？',
    },
    formula: {
      en: 'Φ = Q_enc/ε0, with ε0 = 8.85 × 10^-12 F/m.',
      zh: 'Φ = Q_enc/ε0，其中 ε0 = 8.85 × 10^-12 F/m。',
    },
    substitution: { en: 'Φ = 1 × 10^-9 / 8.85 × 10^-12.', zh: 'Φ = 1 × 10^-9 / 8.85 × 10^-12。' },
    expected: 1e-9 / EPSILON_0,
    unit: 'N·m²/C',
  },
  {
    heading: /straight wire|直导线/i,
    question: {
      en: 'A long straight wire carries 5 A. What is the magnetic field 2 cm from it?',
      zh: '一根长直导线通有 5 A 电流，距导线 2 cm 处的磁感应强度是多少？',
    },
    formula: {
      en: 'B = μ0·I/(2π·r), with μ0 = 4π × 10^-7 T·m/A.',
      zh: 'B = μ0·I/(2π·r)，其中 μ0 = 4π × 10^-7 T·m/A。',
    },
    substitution: { en: 'B = 4π × 10^-7 × 5 / (2π × 0.02).', zh: 'B = 4π × 10^-7 × 5 / (2π × 0.02)。' },
    expected: (MU_0 * 5) / (2 * Math.PI * 0.02),
    unit: 'T',
  },
  {
    heading: /inside a long solenoid|长直螺线管内/i,
    question: {
      en: 'A long solenoid has 1000 turns per metre and carries 2 A. What is the field inside it?',
      zh: '长直螺线管每米 1000 匝，通有 2 A 电流，管内磁感应强度是多少？',
    },
    formula: { en: 'B = μ0·n·I, with n in turns per metre.', zh: 'B = μ0·n·I，n 为单位长度匝数。' },
    substitution: { en: 'B = 4π × 10^-7 × 1000 × 2.', zh: 'B = 4π × 10^-7 × 1000 × 2。' },
    expected: MU_0 * 1000 * 2,
    unit: 'T',
  },
  {
    heading: /statement of ampère|安培环路定理的表述/i,
    question: {
      en: 'A loop encloses two wires carrying 3 A and 1 A in the same direction. What is ∮B·dl around it?',
      zh: '一个环路包围两根同向电流 3 A 和 1 A 的导线，∮B·dl 等于多少？',
    },
    formula: {
      en: '∮B·dl = μ0·I_enc: add the enclosed currents with their signs.',
      zh: '∮B·dl = μ0·I_enc：按方向求包围电流的代数和。',
    },
    substitution: { en: '∮B·dl = 4π × 10^-7 × (3 + 1).', zh: '∮B·dl = 4π × 10^-7 × (3 + 1)。' },
    expected: MU_0 * 4,
    unit: 'T·m',
  },
  {
    heading: /brewster|布儒斯特/i,
    question: {
      en: 'What is Brewster’s angle for light going from air (n = 1) into glass (n = 1.5)?',
      zh: '光从空气（n = 1）射入玻璃（n = 1.5）时的布儒斯特角是多少？',
    },
    formula: { en: 'tan θ_B = n2/n1.', zh: 'tan θ_B = n2/n1。' },
    substitution: { en: 'θ_B = arctan(1.5/1).', zh: 'θ_B = arctan(1.5/1)。' },
    expected: deg(Math.atan(1.5)),
    unit: '°',
  },
  {
    heading: /total internal reflection|全反射/i,
    question: {
      en: 'What is the critical angle for light going from glass (n = 1.5) into air?',
      zh: '光从玻璃（n = 1.5）射向空气时的临界角是多少？',
    },
    formula: { en: 'sin θ_c = n2/n1, with n1 > n2.', zh: 'sin θ_c = n2/n1，且 n1 > n2。' },
    substitution: { en: 'θ_c = arcsin(1/1.5).', zh: 'θ_c = arcsin(1/1.5)。' },
    expected: deg(Math.asin(1 / 1.5)),
    unit: '°',
  },
  {
    heading: /^plane waves|平面电磁波/i,
    question: {
      en: 'How fast does a plane wave travel in a non-magnetic medium with εr = 4?',
      zh: '平面电磁波在 εr = 4 的非磁性介质中的传播速度是多少？',
    },
    formula: { en: 'v = c/√(εr·μr).', zh: 'v = c/√(εr·μr)。' },
    substitution: { en: 'v = 3.00 × 10^8 / √4.', zh: 'v = 3.00 × 10^8 / √4。' },
    expected: SPEED_OF_LIGHT / 2,
    unit: 'm/s',
  },
];

/** The exercise for a section heading, if one fits. */
export function exerciseFor(
  heading: string,
  lang: TextLang,
): { question: string; exercise: Exercise } | undefined {
  const spec = SPECS.find((s) => s.heading.test(heading.trim()));
  if (!spec) return undefined;
  const shown = `${formatNumber(spec.expected)} ${spec.unit}`;
  return {
    question: spec.question[lang],
    exercise: {
      expected: spec.expected,
      unit: spec.unit,
      tolerance: 0.02,
      formula: spec.formula[lang],
      substitution: spec.substitution[lang],
      answer: lang === 'zh' ? `结果约为 ${shown}。` : `The result is about ${shown}.`,
    },
  };
}
