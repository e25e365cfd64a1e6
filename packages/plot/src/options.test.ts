import { describe, expect, it } from 'vitest';
import { COLORMAP_NAMES, canonicalColormap, colormapLut } from './colormaps.js';
import { InvalidPlotParametersError } from './errors.js';
import { resolveOptions, visualizationOptionsSchema } from './options.js';

describe('visualizationOptionsSchema', () => {
  it('fills defaults', () => {
    const o = resolveOptions({});
    expect(o).toMatchObject({
      width: 800,
      height: 600,
      dpi: 100,
      scale: 'auto',
      contour_levels: 10,
      lang: 'en',
    });
    expect(o.colormap).toBeUndefined();
  });

  it('knows every required colormap, case-insensitively and reversed', () => {
    for (const name of [
      'viridis',
      'plasma',
      'inferno',
      'magma',
      'cividis',
      'jet',
      'turbo',
      'coolwarm',
      'RdBu',
      'gray',
    ]) {
      expect(COLORMAP_NAMES).toContain(name);
      expect(visualizationOptionsSchema.parse({ colormap: name }).colormap).toBe(name);
      expect(colormapLut(name)).toHaveLength(768);
    }
    expect(canonicalColormap('rdbu')).toBe('RdBu');
    expect(canonicalColormap('Viridis_R')).toBe('viridis_r');
    const lut = colormapLut('gray');
    const rev = colormapLut('gray_r');
    expect([lut[0], lut[765]]).toEqual([0, 255]);
    expect([rev[0], rev[765]]).toEqual([255, 0]);
  });

  it('reports every bad field with the catalogue code', () => {
    try {
      resolveOptions({ colormap: 'rainbow', width: 10, show_grid: 'yes' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidPlotParametersError);
      const e = err as InvalidPlotParametersError;
      expect(e.code).toBe('INVALID_PARAMETERS');
      expect(e.details.map((d) => d.field).sort()).toEqual(['colormap', 'show_grid', 'width']);
      expect(e.details.find((d) => d.field === 'colormap')?.message).toContain('valid colormaps: viridis');
    }
  });

  it('bounds the raster size', () => {
    expect(() => resolveOptions({ width: 4000, height: 4000, dpi: 400 })).toThrow(/MP/);
    expect(resolveOptions({ width: 1600, height: 1200, dpi: 200 }).dpi).toBe(200);
    expect(() => resolveOptions({ dpi: 1000 })).toThrow(InvalidPlotParametersError);
  });
});
