import { describe, expect, it } from 'vitest';
import { headlineValues } from './headline';

describe('the key numbers under a figure', () => {
  const output = {
    wave_speed: 2.998e8,
    wavelength: 0.1571,
    frequency: 1.909e9,
    metadata: { cfl_number: 0.9 },
  };

  it('leaves out a carrier’s wavelength and frequency when the pulse has no carrier', () => {
    const ids = (request: Record<string, unknown>) =>
      headlineValues('wave_1d', output, request).map((h) => h.id);
    expect(ids({ source: { frequency: 0 } })).toEqual(['wave_speed', 'cfl_number']);
    expect(ids({})).toEqual(['wave_speed', 'cfl_number']);
    expect(ids({ source: { frequency: 1e9 } })).toEqual([
      'wave_speed',
      'wavelength',
      'frequency',
      'cfl_number',
    ]);
  });
});
