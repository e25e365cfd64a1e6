import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K_COULOMB, MU_0 } from '../src/simulated/quantities.js';
import { evaluateExpression } from '../src/tools/calculator.js';
import { planToolCalls } from '../src/tools/planner.js';
import { startSimService } from './support/sim-server.js';
import { buildTutoringAi, removeDir, tempDir } from './support/tutoring-app.js';

/** Without an upstream: the deterministic planner calls the same tools, on the real sim service. */

let sim: { app: FastifyInstance; url: string };
let dir: string;
let ai: Awaited<ReturnType<typeof buildTutoringAi>>;
beforeAll(async () => {
  sim = await startSimService();
  dir = await tempDir();
  ai = await buildTutoringAi(dir, { SIM_SERVICE_URL: sim.url });
});
afterAll(async () => {
  await ai.app.close();
  await sim.app.close();
  await removeDir(dir);
});

const chat = async (content: string, extra: Record<string, unknown> = {}) => {
  const res = await ai.app.inject({
    method: 'POST',
    url: '/v1/chat_with_tools',
    payload: { messages: [{ role: 'user', content }], ...extra },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('the simulated planner', () => {
  it('simulates the field of a 1 nC charge at 2 cm and checks it against Coulomb’s law', async () => {
    const data = await chat('What is the field of a 1 nC charge at 2 cm?');
    expect(data.model).toBe('simulated');
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual([
      'run_simulation',
      'evaluate_expression',
    ]);
    expect(data.tool_calls[0].arguments).toMatchObject({
      solver: 'point_charges',
      parameters: { charges: [{ x: 0, y: 0, q: 1e-9 }], x_min: -0.04, x_max: 0.04 },
      probe: { x: 0.02, y: 0 },
    });
    const exact = (K_COULOMB * 1e-9) / 0.02 ** 2;
    const simulated = data.tool_results[0].result.probe.values['electric_field.magnitude'];
    expect(Math.abs(simulated / exact - 1)).toBeLessThan(0.005);
    expect(data.tool_results[1].result.value).toBeCloseTo(exact, 3);
    // The numbers of the comparison share their rounding: the solver is exact at the node, so
    // the two agree to the digits shown, and the simulation's sentence shows the same digits.
    expect(data.reply).toContain(
      'The closed form gives 22468.9 V/m, the same as the simulation to 6 significant figures.',
    );
    expect(data.reply).toContain('|E| = 22468.9 V/m at (0.02 m, 0 m)');
    expect(JSON.stringify(data)).not.toMatch(/png_base64/);
  });

  it('simulates the field of a wire in Chinese', async () => {
    const data = await chat('一根导线通有 5 A 电流，距离 2 cm 处的磁场是多少？');
    expect(data.tool_calls[0].arguments).toMatchObject({ solver: 'wire_field', probe: { x: 0.02, y: 0 } });
    const exact = (MU_0 * 5) / (2 * Math.PI * 0.02);
    expect(
      Math.abs(data.tool_results[0].result.probe.values['magnetic_field.magnitude'] / exact - 1),
    ).toBeLessThan(0.01);
    expect(data.reply).toMatch(/仿真得到/);
  });

  it('computes calculations asked in prose with the calculator, in both languages', async () => {
    const cases: [string, RegExp, number][] = [
      ['q1 = 2 μC and q2 = −3 μC are 10 cm apart. Find the force.', /F = 5\.39 N, attractive/, 5.3925],
      [
        'A solenoid with 1000 turns per metre carries 2 A. What is the magnetic field inside?',
        /B = 0\.00251 T/,
        0.0025133,
      ],
      [
        '两个点电荷分别为 2 微库和 -3 微库，相距 10 厘米，求它们之间的作用力',
        /F = 5\.39 N，为吸引力/,
        5.3925,
      ],
      ['光从玻璃射向空气的临界角是多少', /临界角：θ_c = 41\.8°/, 41.81],
    ];
    for (const [text, sentence, value] of cases) {
      const data = await chat(text);
      expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['evaluate_expression']);
      expect(data.tool_results[0].result.value).toBeCloseTo(value, 3);
      expect(data.reply).toMatch(sentence);
    }
  });

  it('uses every charge, as problem_solver does, and no number where it computes none', async () => {
    const data = await chat('Charges of 2 μC and −3 μC are 20 cm apart. Field at the midpoint?');
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['evaluate_expression']);
    // Both charges push the same way at the midpoint: k(2 μC + 3 μC)/(0.1 m)².
    const exact = (K_COULOMB * 5e-6) / 0.1 ** 2;
    expect(Math.abs(data.tool_results[0].result.value / exact - 1)).toBeLessThan(1e-9);
    expect(data.reply).toMatch(/E = 4\.49 × 10⁶ N\/C, pointing from the first charge toward the second/);
    // Charges at positions on a line: problem_solver computes no number, nor does the calculator.
    const axis = await chat('2 μC at x = 0 and −3 μC at x = 0.2 m. Field at x = 0.1 m?');
    expect(axis.tool_calls.map((c: { name: string }) => c.name)).not.toContain('evaluate_expression');
  });

  it('reads quantities written in words, in both languages', async () => {
    const cases: [string, RegExp, number][] = [
      [
        'Two charges of two microcoulombs and minus three microcoulombs are ten centimetres apart. What is the force between them?',
        /F = 5\.39 N, attractive/,
        (K_COULOMB * 6e-12) / 0.01,
      ],
      [
        'A solenoid with five hundred turns per metre carries three amperes. What is the field inside?',
        /B = 0\.00188 T/,
        MU_0 * 1500,
      ],
      ['螺线管每米五百匝，通有三安的电流，求管内磁场', /B = 0\.00188 T/, MU_0 * 1500],
      [
        '两个点电荷分别为两微库和负三微库，相距十厘米，求它们之间的作用力',
        /F = 5\.39 N，为吸引力/,
        (K_COULOMB * 6e-12) / 0.01,
      ],
    ];
    for (const [text, sentence, value] of cases) {
      const data = await chat(text);
      expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['evaluate_expression']);
      expect(Math.abs(data.tool_results[0].result.value / value - 1)).toBeLessThan(1e-9);
      expect(data.reply).toMatch(sentence);
    }
  });

  it('converts electronvolts with the exact elementary charge, in both languages', async () => {
    const fiveEv = 5 * 1.602176634e-19;
    for (const text of ['What is 5 eV in joules?', 'Convert 5 eV to joules.', '把 5 电子伏特换算成焦耳。']) {
      const data = await chat(text);
      expect(data.tool_calls[0]).toMatchObject({
        name: 'convert_units',
        arguments: { value: 5, from: 'eV' },
      });
      expect(Math.abs(data.tool_results[0].result.value - fiveEv)).toBeLessThanOrEqual(1e-12 * fiveEv);
      expect(data.reply).toContain('8.01088317e-19');
    }
  });

  it('shows the simulated charge’s closed form without float noise', async () => {
    const [, closed] = planToolCalls('field of a 3 nC charge at 0.7 cm');
    expect(closed!.arguments.expression).toBe('8.9875517923e+9 * abs(3e-9) / 0.007 ^ 2');
  });

  it('evaluates "what is sin(30°)·5"', async () => {
    const data = await chat('what is sin(30°)·5');
    expect(data.tool_calls).toEqual([
      { id: 'call_1', name: 'evaluate_expression', arguments: { expression: 'sin(30°)·5' } },
    ]);
    expect(data.tool_results[0]).toMatchObject({
      ok: true,
      result: { value: 2.5, expression: 'sin(30 deg)*5' },
    });
    expect(data.reply).toBe('`sin(30 deg)*5` = 2.5.');
  });

  it('converts "3 mT to gauss", also asked in Chinese', async () => {
    const data = await chat('convert 3 mT to gauss');
    expect(data.tool_calls[0]).toMatchObject({
      name: 'convert_units',
      arguments: { value: 3, from: 'mT', to: 'gauss' },
    });
    expect(data.reply).toBe('3 mT = 30 gauss.');
    const zh = await chat('把 3 mT 换算成高斯');
    expect(zh.tool_results[0].result).toMatchObject({ value: 30, unit: 'gauss' });
  });

  it('answers every part of a request, in order, the field checked by the real sim service', async () => {
    const data = await chat('What is the field of a 1 nC charge at 2 cm? Also convert 3 mT to gauss');
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual([
      'run_simulation',
      'evaluate_expression',
      'convert_units',
    ]);
    expect(data.tool_results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(data.reply).toContain('|E| = 22468.9 V/m');
    expect(data.reply).toContain('3 mT = 30 gauss.');
    const zh = await chat('把 3 毫特换算为高斯，再把 2 米换算成厘米');
    expect(zh.tool_results.map((r: { result: { value: number } }) => r.result.value)).toEqual([30, 200]);
  });

  it.each([
    ['how many teslas is 350 gauss?', 0.035],
    ['帮我把 3 微特斯拉换算成高斯', 0.03],
    ['三毫特斯拉是多少高斯', 30],
    ['2 千伏等于多少伏特', 2000],
  ])('converts %j, asked as a question or with Chinese unit names', async (text, value) => {
    const data = await chat(text);
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['convert_units']);
    expect(data.tool_results[0].result.value).toBeCloseTo(value, 12);
  });

  it.each([
    ['simulate two point charges of +1 nC and -1 nC 10 cm apart', 'point_charges'],
    ['模拟两个点电荷，+1 nC 和 -1 nC，相距 10 厘米', 'point_charges'],
    ['模拟一根通有 2 A 电流的导线的磁场', 'wire_field'],
  ])('runs the simulation asked for in %j on the sim service', async (text, solver) => {
    const data = await chat(text);
    expect(data.tool_calls).toHaveLength(1);
    expect(data.tool_calls[0]).toMatchObject({ name: 'run_simulation', arguments: { solver } });
    expect(data.tool_results[0]).toMatchObject({ ok: true, result: { solver } });
  });

  it('says plainly that a conversion between different quantities cannot be done, in Chinese too', async () => {
    const data = await chat('把 3 毫特斯拉换算成伏特');
    expect(data.tool_results[0].ok).toBe(false);
    expect(data.reply).toBe('无法把 3 mT 换算成 V：两者不是同一种物理量，所以没有可给出的数值。');
  });

  it('does the parts it can and says plainly which part it could not, asserting no number for it', async () => {
    const data = await chat('把 3 mT 换算成高斯，再模拟一个磁铁');
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['convert_units']);
    expect(data.reply).toBe(
      '3 mT = 30 gauss。\n\n这一部分我没能完成：“模拟一个磁铁”。我可以仿真点电荷和导线、换算单位、计算表达式和查阅课程讲义；请带上数值和单位换个说法。',
    );
  });

  it('looks up "what does Gauss’s law say" in the course notes', async () => {
    const data = await chat('What does Gauss’s law say?');
    expect(data.tool_calls[0]).toMatchObject({ name: 'search_course_material' });
    const result = data.tool_results[0].result;
    expect(result.relevant).toBe(true);
    expect(result.passages[0].source).toMatch(/gauss-law\.md$/);
    expect(data.reply).toMatch(/The course notes say:\n> .+\[1\]/);
  });

  it('keeps to max_tool_calls and says what it left out', async () => {
    const data = await chat('field of a 2 nC charge at 5 cm', { max_tool_calls: 1 });
    expect(data.tool_calls.map((c: { name: string }) => c.name)).toEqual(['run_simulation']);
    expect(data.reply).toMatch(/1 more tool call\(s\) were not made/);
  });

  it('explains what it can do when no tool fits', async () => {
    const data = await chat('hello there');
    expect(data.tool_calls).toEqual([]);
    expect(data.reply).toMatch(/convert 3 mT to gauss/);
  });
});

describe('the planner and the calculator on their own', () => {
  it.each([
    ['Compute 2^10 + 3', 'evaluate_expression'],
    ['How many gauss is 0.5 T? convert 0.5 T to gauss', 'convert_units'],
    ['E field 3 cm from a -2 μC point charge', 'run_simulation'],
    ['Explain the Brewster angle', 'search_course_material'],
  ])('plans %j as %s', (text, tool) => {
    expect(planToolCalls(text)[0]?.name).toBe(tool);
  });

  it.each(['import("fs")', 'f(x) = x^2', 'zeros(10000, 10000)', 'x + 1', '[1, 2, 3]', '1 == 1', '5 coulomb'])(
    'refuses %j: only arithmetic, listed functions, constants and units',
    (expression) => {
      expect(() => evaluateExpression(expression)).toThrow();
    },
  );
});
