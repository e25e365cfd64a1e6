import { describe, expect, it } from 'vitest';
import { typicalExamples } from './fixtures/index.js';
import { renderAnimationFrames, renderSolverFigure, renderSweepSummary } from './index.js';
import { pngChunks } from './render/png.js';

/** The PNG rules (ISO/IEC 15948): one pHYs at most, before the first IDAT, after IHDR. */
function expectOnePhys(png: Buffer, dpi: number): void {
  const chunks = pngChunks(png);
  const types = chunks.map((c) => c.type);
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  expect(types.filter((t) => t === 'pHYs')).toHaveLength(1);
  expect(types.indexOf('pHYs')).toBeLessThan(types.indexOf('IDAT'));
  const phys = chunks.find((c) => c.type === 'pHYs')!;
  const ppm = Math.round(dpi / 0.0254);
  expect([png.readUInt32BE(phys.start + 8), png.readUInt32BE(phys.start + 12), png[phys.start + 16]]).toEqual(
    [ppm, ppm, 1],
  );
  expect(chunks.at(-1)!.end).toBe(png.length);
}

describe('PNG chunks of the other figures', () => {
  it('sweep summaries (curves and heatmap) and animation frames carry one pHYs too', async () => {
    const values = [1, 2, 3, 4, 5, 6, 7];
    const grid = { parameter: 'b', unit: 'm', values };
    const metric = { name: 'm', label: 'm', unit: 'V', values: values.map((y) => values.map((x) => x * y)) };
    for (const dpi of [100, 150]) {
      expectOnePhys(
        await renderSweepSummary({ x: grid, metrics: [{ ...metric, values: [values] }] }, { dpi }, 'png'),
        dpi,
      );
      expectOnePhys(
        await renderSweepSummary({ x: { ...grid, parameter: 'a' }, grid, metrics: [metric] }, { dpi }, 'png'),
        dpi,
      );
    }
    const wave = typicalExamples().find((e) => e.solver === 'wave_1d')!;
    const frames = await renderAnimationFrames(
      wave.params as never,
      wave.output as never,
      {},
      { maxFrames: 3 },
    );
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) expectOnePhys(f.png, 100);
  });
});

describe('PNG chunks of every solver figure', () => {
  it.each(typicalExamples().map((e) => [e.name, e] as const))(
    '%s has exactly one pHYs, at the dpi asked for',
    async (_n, ex) => {
      for (const dpi of [100, 200]) {
        const png = await renderSolverFigure(ex.solver, ex.params, ex.output, { ...ex.options, dpi }, 'png');
        expectOnePhys(png, dpi);
      }
    },
  );
});
