import {
  EPSILON_0,
  formatNumber as f,
  K_COULOMB,
  MU_0,
  pick,
  type Quantity,
  SPEED_OF_LIGHT,
} from './quantities.js';

/**
 * Closed-form results for the concepts the simulated answers know, computed from the numbers
 * in the student's message. Used for worked solutions and to explain simulation results.
 */
export interface Calculation {
  given: string[];
  principle: string;
  steps: string[];
  result: string;
  check: string;
}

type Quantities = Map<string, Quantity>;
type Calculator = (q: Quantities) => Calculation | undefined;

const deg = (radians: number) => (radians * 180) / Math.PI;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const givenOf = (...quantities: (Quantity | undefined)[]) =>
  quantities.filter((x): x is Quantity => x !== undefined).map((x) => x.written);

const calculators: Record<string, Calculator> = {
  electrostatics(q) {
    const charge = pick(q, 'q', 'Q', 'q1');
    const r = pick(q, 'r', 'd', 'R');
    if (!charge || !r || r.value <= 0) return undefined;
    const e = (K_COULOMB * Math.abs(charge.value)) / r.value ** 2;
    const v = (K_COULOMB * charge.value) / r.value;
    return {
      given: givenOf(charge, r),
      principle: 'Coulomb’s law for a point charge: E = k·|q|/r², V = k·q/r, k = 8.988 × 10^9 N·m²/C²',
      steps: [
        `E = k·|q|/r² = ${f(K_COULOMB)} × ${f(Math.abs(charge.value))} / ${f(r.value)}² N/C`,
        `V = k·q/r = ${f(K_COULOMB)} × ${f(charge.value)} / ${f(r.value)} V`,
      ],
      result: `E = ${f(e)} N/C, pointing ${charge.value >= 0 ? 'away from' : 'towards'} the charge; V = ${f(v)} V`,
      check: 'Doubling r must divide E by 4 and V by 2; N/C = V/m, so E·r has units of volts.',
    };
  },
  gauss(q) {
    const charge = pick(q, 'Q_enc', 'Q', 'q');
    if (!charge) return undefined;
    return {
      given: givenOf(charge),
      principle: 'Gauss’s law: Φ_E = Q_enc/ε0, whatever the shape or size of the closed surface',
      steps: [`Φ_E = ${f(charge.value)} / ${f(EPSILON_0)} V·m`],
      result: `Φ_E = ${f(charge.value / EPSILON_0)} V·m (N·m²/C)`,
      check: 'The flux must not change when the surface grows, as long as no charge crosses it.',
    };
  },
  magnetism(q) {
    const current = pick(q, 'I', 'i');
    const r = pick(q, 'r', 'd', 'R');
    if (!current || !r || r.value <= 0) return undefined;
    const b = (MU_0 * Math.abs(current.value)) / (2 * Math.PI * r.value);
    return {
      given: givenOf(current, r),
      principle: 'Field of a long straight wire (Biot–Savart or Ampère): B = μ0·I/(2π·r)',
      steps: [`B = ${f(MU_0)} × ${f(Math.abs(current.value))} / (2π × ${f(r.value)}) T`],
      result: `B = ${f(b)} T, circling the wire by the right-hand rule`,
      check:
        'B falls as 1/r: twice as far, half the field. For scale, the Earth’s field is about 5 × 10^-5 T.',
    };
  },
  ampere(q) {
    const current = pick(q, 'I_enc', 'I', 'i');
    if (!current) return undefined;
    const r = pick(q, 'r', 'R');
    const circulation = MU_0 * current.value;
    return {
      given: givenOf(current, r),
      principle: 'Ampère’s law: ∮B·dl = μ0·I_enc',
      steps: [
        `∮B·dl = ${f(MU_0)} × ${f(current.value)} T·m`,
        ...(r ? [`On a circle of radius r around a straight wire: B = μ0·I/(2π·r)`] : []),
      ],
      result:
        `∮B·dl = ${f(circulation)} T·m` +
        (r && r.value > 0 ? `; B on the circle = ${f(circulation / (2 * Math.PI * r.value))} T` : ''),
      check: 'Currents outside the loop change B on the loop but not the circulation.',
    };
  },
  solenoid(q) {
    const turns = pick(q, 'N');
    const length = pick(q, 'L', 'l', 'length');
    const density = pick(q, 'n');
    const current = pick(q, 'I', 'i');
    if (!current || !((turns && length && length.value > 0) || density)) return undefined;
    const n = density ? density.value : turns!.value / length!.value;
    const b = MU_0 * n * current.value;
    const radius = pick(q, 'R', 'r', 'a');
    const steps = [
      density
        ? `n = ${f(n)} turns/m`
        : `n = N/L = ${f(turns!.value)} / ${f(length!.value)} = ${f(n)} turns/m`,
      `B = μ0·n·I = ${f(MU_0)} × ${f(n)} × ${f(current.value)} T`,
    ];
    let inductance = '';
    if (radius && turns && length) {
      const l = (MU_0 * turns.value ** 2 * Math.PI * radius.value ** 2) / length.value;
      steps.push(`L_ind ≈ μ0·N²·π·R²/L = ${f(l)} H (long-solenoid limit)`);
      inductance = `; inductance ≈ ${f(l)} H`;
    }
    return {
      given: givenOf(turns, length, density, current, radius),
      principle: 'Ampère’s law for a long solenoid: B = μ0·n·I inside, about zero outside',
      steps,
      result: `B ≈ ${f(b)} T in the middle${inductance}`,
      check:
        'Valid when the length is much larger than the radius; the lab’s solenoid solver gives the exact finite-length field, about half this value at the ends.',
    };
  },
  capacitor(q) {
    const area = pick(q, 'A', 'S');
    const gap = pick(q, 'd');
    if (!area || !gap || gap.value <= 0) return undefined;
    const epsR = pick(q, 'eps_r', 'epsilon_r', 'εr', 'k', 'κ')?.value ?? 1;
    const c = (EPSILON_0 * epsR * area.value) / gap.value;
    const voltage = pick(q, 'V', 'U');
    return {
      given: givenOf(area, gap, voltage),
      principle: 'Parallel-plate capacitor: C = ε0·εr·A/d; Q = C·V; U = ½·C·V²',
      steps: [
        `C = ${f(EPSILON_0)} × ${f(epsR)} × ${f(area.value)} / ${f(gap.value)} F`,
        ...(voltage
          ? [`Q = C·V = ${f(c * voltage.value)} C`, `U = ½·C·V² = ${f(0.5 * c * voltage.value ** 2)} J`]
          : []),
      ],
      result: `C = ${f(c)} F`,
      check: 'Typical lab capacitors are pF to µF; halving d doubles C.',
    };
  },
  waves(q) {
    const epsR = pick(q, 'eps_r', 'epsilon_r', 'εr')?.value ?? 1;
    const muR = pick(q, 'mu_r', 'μr')?.value ?? 1;
    const frequency = pick(q, 'f', 'frequency', 'ν');
    if (!frequency && epsR === 1 && muR === 1) return undefined;
    const v = SPEED_OF_LIGHT / Math.sqrt(epsR * muR);
    return {
      given: givenOf(frequency, pick(q, 'eps_r', 'epsilon_r', 'εr'), pick(q, 'mu_r', 'μr')),
      principle: 'Wave speed in a linear medium: v = c/√(εr·μr); wavelength λ = v/f',
      steps: [
        `v = ${f(SPEED_OF_LIGHT)} / √(${f(epsR)} × ${f(muR)}) m/s`,
        ...(frequency ? [`λ = v/f = ${f(v)} / ${f(frequency.value)} m`] : []),
      ],
      result: `v = ${f(v)} m/s${frequency ? `, λ = ${f(v / frequency.value)} m` : ''}`,
      check: 'v can never exceed c; in a simulation the grid needs about 20 cells per wavelength.',
    };
  },
  fresnel(q) {
    const n1 = pick(q, 'n1', 'n_1');
    const n2 = pick(q, 'n2', 'n_2');
    if (!n1 || !n2 || n1.value <= 0 || n2.value <= 0) return undefined;
    const steps = [`θ_B = atan(n2/n1) = ${f(deg(Math.atan(n2.value / n1.value)))}°`];
    if (n1.value > n2.value) steps.push(`θ_c = asin(n2/n1) = ${f(deg(Math.asin(n2.value / n1.value)))}°`);
    else steps.push('n1 < n2: no critical angle, no total internal reflection');
    const incidence = pick(q, 'theta_i', 'θi', 'θ_i', 'theta', 'θ');
    let result = `Brewster angle ${steps[0]!.split('= ').at(-1)}`;
    if (incidence) {
      const ti = rad(incidence.value);
      const sinT = (n1.value / n2.value) * Math.sin(ti);
      if (sinT >= 1) {
        steps.push(`sin θ_t = (n1/n2)·sin θ_i = ${f(sinT)} > 1: total internal reflection, R = 1`);
        result += '; total internal reflection at this angle';
      } else {
        const tt = Math.asin(sinT);
        const rs =
          (n1.value * Math.cos(ti) - n2.value * Math.cos(tt)) /
          (n1.value * Math.cos(ti) + n2.value * Math.cos(tt));
        const rp =
          (n2.value * Math.cos(ti) - n1.value * Math.cos(tt)) /
          (n2.value * Math.cos(ti) + n1.value * Math.cos(tt));
        steps.push(`θ_t = asin((n1/n2)·sin θ_i) = ${f(deg(tt))}°`);
        steps.push(`r_s = ${f(rs)}, r_p = ${f(rp)}; R_s = r_s² = ${f(rs ** 2)}, R_p = r_p² = ${f(rp ** 2)}`);
        result += `; at θ_i = ${f(incidence.value)}°: θ_t = ${f(deg(tt))}°, R_s = ${f(rs ** 2)}, R_p = ${f(rp ** 2)}`;
      }
    }
    return {
      given: givenOf(n1, n2, incidence),
      principle: 'Snell’s law and the Fresnel equations for s and p polarisation',
      steps,
      result,
      check: 'R + T = 1 for each polarisation; at normal incidence R = ((n1 − n2)/(n1 + n2))² for both.',
    };
  },
  induction(q) {
    const field = pick(q, 'B');
    const area = pick(q, 'A', 'S');
    const time = pick(q, 't', 'dt', 'Δt');
    if (!field || !area || !time || time.value <= 0) return undefined;
    const turns = pick(q, 'N')?.value ?? 1;
    const emf = (turns * field.value * area.value) / time.value;
    return {
      given: givenOf(field, area, time, pick(q, 'N')),
      principle: 'Faraday’s law: |ε| = N·ΔΦ/Δt with Φ = B·A (field switched on or off uniformly)',
      steps: [
        `ΔΦ = B·A = ${f(field.value * area.value)} Wb`,
        `|ε| = N·ΔΦ/Δt = ${f(turns)} × ${f(field.value * area.value)} / ${f(time.value)} V`,
      ],
      result: `|ε| = ${f(emf)} V, directed by Lenz’s law against the change of flux`,
      check: 'A faster change gives a larger emf; a steady field gives none.',
    };
  },
};

export function calculate(conceptId: string, quantities: Quantities): Calculation | undefined {
  return calculators[conceptId]?.(quantities);
}
