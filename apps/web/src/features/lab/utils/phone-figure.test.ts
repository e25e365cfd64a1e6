import { describe, expect, it } from 'vitest';
import { phoneFigureSize } from './phone-figure';
import { sameParameters } from './same-parameters';

/** The plot draws ticks at 11 px × max(0.8, width / 800) (packages/plot render/layout.ts metrics). */
const shownTickPx = (drawnWidth: number, columnWidth: number) =>
  11 * Math.max(0.8, drawnWidth / 800) * (columnWidth / drawnWidth);

describe('the figure asked for on a phone', () => {
  it('shows tick labels at about 10 px in a 375 px phone’s column, sharp', () => {
    const size = phoneFigureSize(375);
    expect(size).not.toBeNull();
    expect(shownTickPx(size!.width, 375 - 32)).toBeGreaterThanOrEqual(9.5);
    // The default 800 px figure in the same column: the ≈ 5 px labels the issue saw.
    expect(shownTickPx(800, 375 - 32)).toBeLessThan(5);
    expect(size!.dpi).toBeGreaterThanOrEqual(200);
    expect(size!.height / size!.width).toBeCloseTo(0.75, 2);
  });

  it('leaves the default on a laptop', () => {
    expect(phoneFigureSize(1366)).toBeNull();
  });

  it('is no change of parameters (no live rerun), unless the user sets a size', () => {
    const shown = { charges: [], visualization: { colormap: 'viridis', width: 290, height: 218, dpi: 200 } };
    expect(
      sameParameters('point_charges', shown, { charges: [], visualization: { colormap: 'viridis' } }),
    ).toBe(true);
    expect(
      sameParameters('point_charges', shown, {
        charges: [],
        visualization: { colormap: 'viridis', width: 600 },
      }),
    ).toBe(false);
  });
});
