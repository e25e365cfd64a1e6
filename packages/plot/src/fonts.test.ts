import { afterEach, describe, expect, it } from 'vitest';
import { fresnelFixture } from './fixtures/index.js';
import { hasCjk } from './fonts.js';
import { renderSolverFigure, setCjkAvailabilityForTesting } from './index.js';
import { textResolver } from './render/compile.js';
import { expectValidPng } from './testing/images.js';

afterEach(() => setCjkAvailabilityForTesting(undefined));

describe('Chinese labels', () => {
  it('keep CJK text when a CJK font exists, and in SVG always', () => {
    setCjkAvailabilityForTesting(true);
    expect(textResolver('png')({ text: '电势', fallback: 'potential' })).toBe('电势');
    setCjkAvailabilityForTesting(false);
    expect(textResolver('svg')({ text: '电势', fallback: 'potential' })).toBe('电势');
  });

  it('fall back to the English label in PNG without a CJK font', () => {
    setCjkAvailabilityForTesting(false);
    const r = textResolver('png');
    expect(r({ text: '电势 V (V)', fallback: 'potential V (V)' })).toBe('potential V (V)');
    expect(r({ text: 'plain' })).toBe('plain');
    expect(hasCjk(r({ text: '无后备 label' }))).toBe(false);
  });

  it('render a zh figure either way', async () => {
    const f = fresnelFixture(1, 1.5);
    for (const available of [true, false]) {
      setCjkAvailabilityForTesting(available);
      const png = await renderSolverFigure(
        'fresnel',
        f.params,
        f.output,
        { lang: 'zh', title: '菲涅耳' },
        'png',
      );
      await expectValidPng(png, 800, 600);
    }
  });
});
