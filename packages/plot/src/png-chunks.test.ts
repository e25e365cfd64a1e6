import { describe, expect, it } from 'vitest';
import { typicalExamples } from './fixtures/index.js';
import { renderSolverFigure } from './index.js';
import { pngChunks } from './render/png.js';

/** The PNG rules (ISO/IEC 15948): one pHYs at most, before the first IDAT, after IHDR. */
describe('PNG chunks of every solver figure', () => {
  it.each(typicalExamples().map((e) => [e.name, e] as const))(
    '%s has exactly one pHYs, at the dpi asked for',
    async (_n, ex) => {
      for (const dpi of [100, 200]) {
        const png = await renderSolverFigure(ex.solver, ex.params, ex.output, { ...ex.options, dpi }, 'png');
        const chunks = pngChunks(png);
        const types = chunks.map((c) => c.type);
        expect(types[0]).toBe('IHDR');
        expect(types.at(-1)).toBe('IEND');
        expect(types.filter((t) => t === 'pHYs')).toHaveLength(1);
        expect(types.indexOf('pHYs')).toBeLessThan(types.indexOf('IDAT'));
        const phys = chunks.find((c) => c.type === 'pHYs')!;
        const ppm = Math.round(dpi / 0.0254);
        expect([
          png.readUInt32BE(phys.start + 8),
          png.readUInt32BE(phys.start + 12),
          png[phys.start + 16],
        ]).toEqual([ppm, ppm, 1]);
        // Every chunk ends exactly where the next begins, up to the end of the file.
        expect(chunks.at(-1)!.end).toBe(png.length);
      }
    },
  );
});
