import { describe, expect, it } from 'vitest';
import { planToolCalls } from './planner.js';

describe('the offline tool planner', () => {
  it('reads conversions asked as questions and with Chinese unit names', () => {
    expect(planToolCalls('how many teslas is 350 gauss?')).toEqual([
      { name: 'convert_units', arguments: { value: 350, from: 'gauss', to: 'T' } },
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
});
