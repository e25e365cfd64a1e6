import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GOLDEN_TOLERANCE, goldenCases } from './fixtures/goldens.js';
import { renderSolverFigure } from './index.js';
import { meanAbsDiff } from './testing/images.js';

const goldenDir = fileURLToPath(new URL('../test/golden/', import.meta.url));
const cases = goldenCases();

// Goldens change only through `node scripts/update-goldens.mjs`; a failure here means the picture moved.
describe('golden figures', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s matches its golden within tolerance',
    async (name, c) => {
      const golden = await readFile(`${goldenDir}${name}.png`);
      const png = await renderSolverFigure(c.solver, c.params, c.output, c.options, 'png');
      expect(await meanAbsDiff(png, golden)).toBeLessThan(GOLDEN_TOLERANCE);
    },
  );

  it('the comparison notices a real change (another colormap)', async () => {
    const c = cases[0]!;
    const golden = await readFile(`${goldenDir}${c.name}.png`);
    const png = await renderSolverFigure(
      c.solver,
      c.params,
      c.output,
      { ...c.options, colormap: 'gray' },
      'png',
    );
    expect(await meanAbsDiff(png, golden)).toBeGreaterThan(GOLDEN_TOLERANCE * 4);
  });
});
