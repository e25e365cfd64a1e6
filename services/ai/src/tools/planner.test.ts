import { describe, expect, it } from 'vitest';
import { planRequest, planToolCalls } from './planner.js';

describe('the offline tool planner', () => {
  it('reads conversions asked as questions and with Chinese unit names', () => {
    expect(planToolCalls('how many teslas is 350 gauss?')).toEqual([
      { name: 'convert_units', arguments: { value: 350, from: 'gauss', to: 'teslas' } },
    ]);
    expect(planToolCalls('帮我把 3 微特斯拉换算成高斯')).toEqual([
      { name: 'convert_units', arguments: { value: 3, from: 'uT', to: 'gauss' } },
    ]);
    expect(planToolCalls('5 毫特斯拉等于多少高斯')).toEqual([
      { name: 'convert_units', arguments: { value: 5, from: 'mT', to: 'gauss' } },
    ]);
  });

  it('handles every part of a request, in the order asked', () => {
    const names = planToolCalls('What is the field of a 1 nC charge at 2 cm? Also convert 3 mT to gauss').map(
      (c) => c.name,
    );
    expect(names).toEqual(['run_simulation', 'evaluate_expression', 'convert_units']);
  });

  it('runs a simulation when one is asked for', () => {
    const [call] = planToolCalls('simulate two point charges of +1 nC and -1 nC 10 cm apart');
    expect(call).toMatchObject({
      name: 'run_simulation',
      arguments: {
        solver: 'point_charges',
        parameters: {
          charges: [
            { x: -0.05, y: 0, q: 1e-9 },
            { x: 0.05, y: 0, q: -1e-9 },
          ],
        },
      },
    });
  });

  it.each([
    ['convert 12 cm to m and 3 mT to gauss', ['convert_units', 'convert_units']],
    [
      'First convert 50 gauss to tesla, then find the field 5 cm from a 4 nC charge.',
      ['convert_units', 'run_simulation', 'evaluate_expression'],
    ],
    ['what is 3 mT in gauss and how many cm is 0.5 m?', ['convert_units', 'convert_units']],
    ['把 3 毫特换算为高斯，再把 2 米换算成厘米', ['convert_units', 'convert_units']],
    [
      '1 nC 点电荷在 2 cm 处的电场是多少？再把 3 mT 换算成高斯',
      ['run_simulation', 'evaluate_expression', 'convert_units'],
    ],
  ])('splits %j into its parts, in order', (text, names) => {
    expect(planToolCalls(text).map((c) => c.name)).toEqual(names);
  });

  it('keeps the charges of one simulation together ("+1 nC and -1 nC")', () => {
    const calls = planToolCalls('simulate a dipole: +1 nC and -1 nC, 4 cm apart');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.arguments).toMatchObject({
      parameters: {
        charges: [
          { x: -0.02, q: 1e-9 },
          { x: 0.02, q: -1e-9 },
        ],
      },
    });
  });

  it.each([
    ['run a simulation of a wire carrying 3 A', 'wire_field', { wires: [{ x: 0, y: 0, current: 3 }] }],
    ['模拟一根通有 2 A 电流的导线的磁场', 'wire_field', { wires: [{ x: 0, y: 0, current: 2 }] }],
    ['仿真一下 2 纳库的点电荷', 'point_charges', { charges: [{ x: 0, y: 0, q: 2e-9 }] }],
  ])('simulates %j', (text, solver, parameters) => {
    const calls = planToolCalls(text);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'run_simulation', arguments: { solver, parameters } });
  });

  it.each([
    [
      'What is the field of a 1 nC charge at 2 cm? Also convert 3 mT to bananas',
      2,
      'Also convert 3 mT to bananas',
    ],
    ['convert 3 mT to gauss, then simulate a magnet', 1, 'simulate a magnet'],
    ['把 3 mT 换算成高斯，再模拟一个磁铁', 1, '模拟一个磁铁'],
    ['convert 3 mT to bananas', 0, 'convert 3 mT to bananas'],
  ])('keeps the part of %j no tool can do, to say so', (text, calls, part) => {
    const plan = planRequest(text);
    expect(plan.calls).toHaveLength(calls);
    expect(plan.unplanned).toEqual([part]);
  });

  it('reads context sentences with the question, and leaves nothing undone', () => {
    const plan = planRequest('A charge of 1 nC sits in vacuum. What is its field at 2 cm?');
    expect(plan.calls.map((c) => c.name)).toEqual(['run_simulation', 'evaluate_expression']);
    expect(plan.unplanned).toEqual([]);
  });

  it('computes every part of a word problem the course solves, one calculation each, in order', () => {
    const calls = planToolCalls('A 2 nC charge: field and potential 3 cm away?');
    expect(calls.map((c) => c.name)).toEqual(['evaluate_expression', 'evaluate_expression']);
    expect(calls.map((c) => c.explain?.(1, 'en').split(':')[0])).toEqual(['electric field', 'potential']);
    const zh = planToolCalls('一个 2 纳库的点电荷，求 3 厘米处的电场强度和电势');
    expect(zh).toHaveLength(2);
    expect(zh[1]!.explain?.(599, 'zh')).toMatch(/^电势：V = 599 V/);
  });

  it('plans no calculation where the course computes no number (never from one charge of several)', () => {
    const calls = planToolCalls(
      'Charges of 3 nC at x = 0 and -1 nC at x = 6 cm: what is the field at x = 2 cm?',
    );
    expect(calls.map((c) => c.name)).not.toContain('evaluate_expression');
    expect(calls.map((c) => c.name)).not.toContain('run_simulation');
  });

  it('reads the quantities of a simulation as the knowledge solver reads them (unit names, words)', () => {
    const [charges] = planToolCalls(
      'simulate two charges of two microcoulombs and minus three microcoulombs, 6 cm apart',
    );
    expect(charges).toMatchObject({
      name: 'run_simulation',
      arguments: {
        parameters: {
          charges: [
            { x: -0.03, q: 2e-6 },
            { x: 0.03, q: -3e-6 },
          ],
        },
      },
    });
    const [wire] = planToolCalls('simulate a long wire carrying 250 milliamperes, 8 mm away');
    expect(wire).toMatchObject({
      arguments: { solver: 'wire_field', parameters: { wires: [{ current: 0.25 }], x_max: 0.016 } },
    });
  });
});
