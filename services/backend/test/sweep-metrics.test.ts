import {
  type SimulationResult,
  type SimulationType,
  type SweepProbe,
  simulationTypes,
} from '@faraday/contracts';
import { COULOMB_K, EPSILON_0, MU_0, SPEED_OF_LIGHT, solvers, toWire } from '@faraday/physics';
import { describe, expect, it } from 'vitest';
import {
  measureRun,
  metricDefinitions,
  parameterUnit,
  SWEEP_METRICS,
} from '../src/sweeps/metric-catalogue.js';
import { type FinishedRun, runMetrics, summaryInput } from '../src/sweeps/sweep-metrics.js';

/**
 * Each solver's declared sweep metrics, measured on the real solvers' JSON output and
 * compared with closed forms; and how the summary is laid out (curves, legend, heatmap).
 */

function measure(type: SimulationType, parameters: Record<string, unknown>, probe: SweepProbe | null = null) {
  const output = toWire(solvers[type].solve(parameters)) as Record<string, unknown>;
  return measureRun(type, { output, parameters, probe });
}

function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

describe('declared sweep metrics against closed forms', () => {
  it('every solver declares metrics with units, and never timings or grid sizes', () => {
    for (const type of simulationTypes) {
      const defs = metricDefinitions(type, { x: 0.5, y: 0 });
      expect(defs.length).toBeGreaterThan(0);
      for (const d of defs) {
        expect(d.unit.length).toBeGreaterThan(0);
        expect(d.name).not.toMatch(/time|grid|points|size/);
      }
    }
    expect(Object.keys(SWEEP_METRICS).sort()).toEqual([...simulationTypes].sort());
  });

  it('point_charges: |E| and V at the probe are the exact Coulomb superposition', () => {
    const charges = [
      { x: -0.3, y: 0.1, q: 2e-9 },
      { x: 0.4, y: -0.2, q: -1e-9 },
    ];
    const probe = { x: 0.25, y: 0.45 };
    let ex = 0;
    let ey = 0;
    let v = 0;
    for (const c of charges) {
      const r = Math.hypot(probe.x - c.x, probe.y - c.y);
      ex += (COULOMB_K * c.q * (probe.x - c.x)) / r ** 3;
      ey += (COULOMB_K * c.q * (probe.y - c.y)) / r ** 3;
      v += (COULOMB_K * c.q) / r;
    }
    const m = measure('point_charges', { charges, grid_size: 21 }, probe);
    expect(rel(m.field_at_probe!, Math.hypot(ex, ey))).toBeLessThan(1e-12);
    expect(rel(m.potential_at_probe!, v)).toBeLessThan(1e-12);
    expect(m.max_field_strength).toBeGreaterThan(0);
    // no probe, or a probe on a charge: no value rather than a wrong one
    expect(measure('point_charges', { charges, grid_size: 21 }).field_at_probe).toBeUndefined();
    expect(
      measure('point_charges', { charges, grid_size: 21 }, { x: -0.3, y: 0.1 }).field_at_probe,
    ).toBeUndefined();
  });

  it('wire_field: |B| at the probe is μ0 I / 2πr summed as vectors (direction -z flips the current)', () => {
    const wires = [
      { x: 0, y: 0, current: 3 },
      { x: 0.2, y: 0, current: 3, direction: '-z' },
    ];
    // on the axis between them the two fields add: both point along +y there
    const probe = { x: 0.05, y: 0 };
    const expected = (MU_0 * 3) / (2 * Math.PI * 0.05) + (MU_0 * 3) / (2 * Math.PI * 0.15);
    const m = measure('wire_field', { wires, grid_size: 21 }, probe);
    expect(rel(m.field_at_probe!, expected)).toBeLessThan(1e-12);
  });

  it('gauss_flux: flux q/ε0, enclosed charge, relative error', () => {
    const m = measure('gauss_flux', {
      charges: [{ x: 0.1, y: 0, q: 3e-9 }],
      surface: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
    });
    expect(rel(m.electric_flux!, 3e-9 / EPSILON_0)).toBeLessThan(1e-9);
    expect(m.enclosed_charge).toBe(3e-9);
    expect(m.relative_error).toBeLessThan(1e-9);
  });

  it('solenoid: the centre field of a current sheet, μ0 N I / √(L² + 4R²), Wheeler–Nagaoka inductance', () => {
    const m = measure('solenoid', { n_turns: 200, length: 0.2, radius: 0.01, current: 2, model: 'sheet' });
    expect(rel(m.field_inside!, (MU_0 * 200 * 2) / Math.sqrt(0.2 ** 2 + 4 * 0.01 ** 2))).toBeLessThan(1e-9);
    // a long solenoid: within a few per cent of μ0 N² π R² / L
    expect(rel(m.inductance!, (MU_0 * 200 ** 2 * Math.PI * 0.01 ** 2) / 0.2)).toBeLessThan(0.05);
    expect(m.uniformity).toBeGreaterThan(0.9);
    expect(m.uniformity).toBeLessThan(1);
    // by default the exact turns (1e-3 m apart, 1/10 of R): the field within 1e-6 of the sheet,
    // the inductance below it by the round-wire correction, a few per cent at this spacing
    const turns = measure('solenoid', { n_turns: 200, length: 0.2, radius: 0.01, current: 2 });
    expect(rel(turns.field_inside!, m.field_inside!)).toBeLessThan(1e-6);
    expect(turns.inductance!).toBeLessThan(m.inductance!);
    expect(rel(turns.inductance!, m.inductance!)).toBeLessThan(0.05);
  });

  it('ampere_loop: circulation μ0 I_enc', () => {
    const m = measure('ampere_loop', {
      current_sources: [
        { x: 0.1, y: 0, current: 4 },
        { x: 3, y: 0, current: 7 },
      ],
      loop: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
    });
    expect(m.enclosed_current).toBe(4);
    expect(rel(m.magnetic_circulation!, MU_0 * 4)).toBeLessThan(1e-9);
  });

  it('fresnel: R and T at θᵢ, Brewster and critical angles; no critical angle into a denser medium', () => {
    const ti = (30 * Math.PI) / 180;
    const ct = Math.sqrt(1 - (Math.sin(ti) / 1.5) ** 2);
    const rs = (Math.cos(ti) - 1.5 * ct) / (Math.cos(ti) + 1.5 * ct);
    const m = measure('fresnel', { n1: 1, n2: 1.5, theta_i: 30, polarization: 's' });
    expect(rel(m.reflectance!, rs ** 2)).toBeLessThan(1e-12);
    expect(rel(m.transmittance!, 1 - rs ** 2)).toBeLessThan(1e-12);
    expect(rel(m.brewster_angle!, (Math.atan(1.5) * 180) / Math.PI)).toBeLessThan(1e-12);
    expect(m.critical_angle).toBeUndefined();
    const back = measure('fresnel', { n1: 1.5, n2: 1, theta_i: 20, polarization: 's' });
    expect(rel(back.critical_angle!, (Math.asin(1 / 1.5) * 180) / Math.PI)).toBeLessThan(1e-12);
  });

  it('wave_1d: speed c/√(εr μr); a wavelength only with a carrier; the pulse reaches the far end', () => {
    const plain = measure('wave_1d', { nx: 201, medium: { epsilon_r: 4 } });
    expect(rel(plain.wave_speed!, SPEED_OF_LIGHT / 2)).toBeLessThan(1e-12);
    expect(plain.wavelength).toBeUndefined();
    // the far end is 0.5 m from the source; in 5 ns at c/2 the pulse travels 0.75 m and arrives whole
    expect(Math.abs(plain.peak_at_far_end! - 1)).toBeLessThan(1e-2);
    const carrier = measure('wave_1d', {
      nx: 801,
      source: { frequency: 3e9, width: 0.2 },
    });
    expect(rel(carrier.wavelength!, SPEED_OF_LIGHT / 3e9)).toBeLessThan(1e-9);
  });

  it('wave_1d: the far-end peak of one lossless 1 V/m pulse is 1 V/m whatever nx (and frames kept)', () => {
    // nx = 2000 and 2900 keep a different share of the steps (200 and 137 frames): the peak must not
    // depend on which steps were kept. The pulse spans ≥ 100 cells, so dispersion is ≤ 1e-4.
    for (const nx of [2000, 2900]) {
      const m = measure('wave_1d', { nx, total_time: 3.5e-9 });
      expect(Math.abs(m.peak_at_far_end! - 1)).toBeLessThan(1e-3);
    }
    const walls = measure('wave_1d', { nx: 2000, total_time: 3.5e-9, boundary_condition: 'reflecting' });
    expect(Math.abs(walls.peak_at_far_end! - 1)).toBeLessThan(1e-3);
  });

  it('a run record holds no declared metric it does not have, even where the output has that scalar', () => {
    const parameters = { nx: 201 };
    const output = { ...toWire(solvers.wave_1d.solve(parameters)), png_base64: '' } as SimulationResult;
    expect(output.wavelength).toBeGreaterThan(0);
    const record = runMetrics('wave_1d', parameters, output, null);
    expect(record.wavelength).toBeUndefined();
    expect(record.wave_speed).toBe(SPEED_OF_LIGHT);
  });

  it('laplace2d: V0/4 and the series |E| at the centre of a square with one side at V0', () => {
    const params = { nx: 81, ny: 81, v_top: 100, v_bottom: 0, v_left: 0, v_right: 0, max_iterations: 50 };
    const m = measure('laplace2d', params, { x: 0.5, y: 0.5 });
    // superposition of the four rotations gives exactly V0/4; the 5-point scheme is within 0.1 V here
    expect(Math.abs(m.potential_at_probe! - 25)).toBeLessThan(0.1);
    // V = Σ_odd 4V0/(nπ) sin(nπx) sinh(nπy)/sinh(nπ): at the centre Ex = 0 and
    // |Ey| = 4V0 Σ_odd sin(nπ/2) cosh(nπ/2)/sinh(nπ)
    let ey = 0;
    for (let n = 1; n < 60; n += 2)
      ey += Math.sin((n * Math.PI) / 2) * (Math.cosh((n * Math.PI) / 2) / Math.sinh(n * Math.PI));
    expect(rel(m.field_at_probe!, 400 * ey)).toBeLessThan(2e-3);
    expect(m).not.toHaveProperty('iterations');
    expect(measure('laplace2d', params, { x: 2, y: 0.5 }).potential_at_probe).toBeUndefined();
  });

  it('names every declared metric with a unit in English and Chinese', () => {
    for (const type of simulationTypes) {
      for (const d of metricDefinitions(type, { x: 0.5, y: 0 })) {
        expect(d.labels.en).toBe(d.label);
        expect(d.labels.zh).toMatch(/[\u4e00-\u9fff]/);
        expect(d.labels.en + d.labels.zh).not.toContain('{probe}');
      }
    }
    expect(metricDefinitions('wire_field', { x: 0.5, y: 0 })[0]!.labels.zh).toBe('(0.5, 0) m 处的 |B|');
  });

  it('parameter paths carry SI units', () => {
    expect(parameterUnit('point_charges', 'charges[0].q')).toBe('C');
    expect(parameterUnit('wave_1d', 'source.amplitude')).toBe('V/m');
    expect(parameterUnit('fresnel', 'theta_i')).toBe('°');
    expect(parameterUnit('fresnel', 'n2')).toBe('dimensionless');
    expect(parameterUnit('solenoid', 'n_turns')).toBe('count');
    expect(parameterUnit('laplace2d', 'v_top')).toBe('V');
    // from the request schemas, so a range's bounds and a wire's position have units too
    expect(parameterUnit('solenoid', 'analysis_points.radial_range[1]')).toBe('m');
    expect(parameterUnit('wire_field', 'wires[2].x')).toBe('m');
    expect(parameterUnit('wave_1d', 'medium.sigma')).toBe('S/m');
    expect(parameterUnit('laplace2d', 'nowhere')).toBe('');
  });
});

describe('summary layout', () => {
  function runs(
    steps: number[],
    metric: (idx: number[]) => number,
    values: (k: number, i: number) => number,
  ) {
    const total = steps.reduce((a, b) => a * b, 1);
    const out: FinishedRun[] = [];
    const paths = ['charges[0].q', 'charges[0].x'];
    for (let n = 0; n < total; n++) {
      const idx = steps.length === 2 ? [Math.floor(n / steps[1]!), n % steps[1]!] : [n];
      out.push({
        run_index: n,
        values: Object.fromEntries(idx.map((i, k) => [paths[k]!, values(k, i)])),
        metrics: n === 1 ? null : { field_at_probe: metric(idx), computation_time: 0.1 },
      });
    }
    return out;
  }
  // values as the sweep plan makes them: rounded to 15 significant digits
  const q = (k: number, i: number) => Number((k === 0 ? (i + 1) * 1e-9 : -0.5 + 0.1 * i).toPrecision(15));

  it('two parameters: the one with more values on x, one labelled curve per value of the other', () => {
    const input = summaryInput(
      {
        type: 'point_charges',
        axes: [
          { path: 'charges[0].q', steps: 3 },
          { path: 'charges[0].x', steps: 5 },
        ],
        probe: { x: 0.5, y: 0 },
      },
      runs([3, 5], (idx) => idx[0]! * 10 + idx[1]!, q),
    )!;
    expect(input.x).toEqual({ parameter: 'charges[0].x', unit: 'm', values: [-0.5, -0.4, -0.3, -0.2, -0.1] });
    // each curve's value of q, which the figure's legend names "charge q1 = 1×10⁻⁹ C" in EN and ZH
    expect(input.curves?.values).toEqual([[1e-9], [2e-9], [3e-9]]);
    expect(input.curves?.parameters).toEqual(['charges[0].q']);
    expect(input.curves?.units).toEqual(['C']);
    expect(input.solver).toBe('point_charges');
    expect(input.grid).toBeUndefined();
    // only declared metrics the runs have: computation_time is never drawn
    expect(input.metrics.map((m) => m.name)).toEqual(['field_at_probe']);
    expect(input.metrics[0]).toMatchObject({
      label: '|E| at (0.5, 0) m',
      labels: { en: '|E| at (0.5, 0) m', zh: '(0.5, 0) m 处的 |E|' },
      unit: 'V/m',
    });
    // row = curve (value of q), column = x; run 1 failed: a gap
    expect(input.metrics[0]!.values[0]).toEqual([0, Number.NaN, 2, 3, 4]);
    expect(input.metrics[0]!.values[2]).toEqual([20, 21, 22, 23, 24]);
  });

  it('two parameters of more than six values each: a heatmap', () => {
    const input = summaryInput(
      {
        type: 'point_charges',
        axes: [
          { path: 'charges[0].q', steps: 7 },
          { path: 'charges[0].x', steps: 7 },
        ],
        probe: null,
      },
      runs([7, 7], (idx) => idx[0]! - idx[1]!, q),
    )!;
    expect(input.grid?.parameter).toBe('charges[0].x');
    expect(input.curves).toBeUndefined();
    expect(input.metrics[0]!.values).toHaveLength(7);
    expect(input.metrics[0]!.values[6]![0]).toBe(-6);
    // six values on one side is not enough: curves
    const six = summaryInput(
      {
        type: 'point_charges',
        axes: [
          { path: 'charges[0].q', steps: 7 },
          { path: 'charges[0].x', steps: 6 },
        ],
        probe: null,
      },
      runs([7, 6], () => 1, q),
    )!;
    expect(six.grid).toBeUndefined();
    expect(six.curves?.values).toHaveLength(6);
  });

  it('three parameters: a curve per combination of the two others, named by both', () => {
    const steps = [2, 3, 2];
    const paths = ['current', 'n_turns', 'radius'];
    const runs: FinishedRun[] = [];
    for (let n = 0; n < 12; n++) {
      const idx = [Math.floor(n / 6), Math.floor(n / 2) % 3, n % 2];
      runs.push({
        run_index: n,
        values: { current: idx[0]! + 1, n_turns: 100 * (idx[1]! + 1), radius: 0.01 * (idx[2]! + 1) },
        metrics: { field_inside: n },
      });
    }
    const input = summaryInput(
      { type: 'solenoid', axes: paths.map((path, k) => ({ path, steps: steps[k]! })), probe: null },
      runs,
    )!;
    expect(input.x.parameter).toBe('n_turns');
    expect(input.curves?.parameters).toEqual(['current', 'radius']);
    expect(input.curves?.units).toEqual(['A', 'm']);
    expect(input.curves?.values).toEqual([
      [1, 0.01],
      [1, 0.02],
      [2, 0.01],
      [2, 0.02],
    ]);
    // curve "current = 2 A, radius = 0.02 m" holds runs 7, 9, 11 along n_turns
    expect(input.metrics[0]!.values[3]).toEqual([7, 9, 11]);
  });

  it('no declared metric in any run: no figure', () => {
    expect(
      summaryInput({ type: 'fresnel', axes: [{ path: 'n2', steps: 2 }], probe: null }, [
        { run_index: 0, values: { n2: 1 }, metrics: { computation_time: 1 } },
        { run_index: 1, values: { n2: 2 }, metrics: null },
      ]),
    ).toBeUndefined();
  });
});
