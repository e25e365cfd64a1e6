import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { waveFixture } from './fixtures/index.js';
import { InvalidPlotParametersError, renderAnimation, renderAnimationFrames } from './index.js';
import { expectValidPng } from './testing/images.js';

const wave = waveFixture({ nx: 121, saved: 60 });

describe('wave_1d animation', () => {
  it('gives a bounded number of PNG frames in time order', async () => {
    const frames = await renderAnimationFrames(wave.params, wave.output, {}, { maxFrames: 8 });
    expect(frames).toHaveLength(8);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!.time).toBeGreaterThan(frames[i - 1]!.time);
    await expectValidPng(frames[3]!.png, 640, 360);
  });

  it('uses the times physics chose, nearest saved step', async () => {
    const t = wave.output.wave_data.t;
    const chosen = [{ time: Number(t[5]) }, { time: Number(t[20]) * 1.0001 }];
    const frames = await renderAnimationFrames(
      wave.params,
      { ...wave.output, animation_frames: chosen },
      {},
      {},
    );
    expect(frames.map((f) => f.time)).toEqual([Number(t[5]), Number(t[20])]);
  });

  it('assembles an APNG with one fcTL per frame that decoders accept', async () => {
    const apng = await renderAnimation(
      wave.params,
      wave.output,
      { width: 320, height: 180 },
      { maxFrames: 5, fps: 5 },
    );
    expect(apng.includes(Buffer.from('acTL'))).toBe(true);
    let fctl = 0;
    for (let p = apng.indexOf('fcTL'); p !== -1; p = apng.indexOf('fcTL', p + 4)) fctl++;
    expect(fctl).toBe(5);
    const meta = await sharp(apng).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });

  it('encodes a GIF when asked', async () => {
    const gif = await renderAnimation(
      wave.params,
      wave.output,
      { width: 320, height: 180 },
      { maxFrames: 4, format: 'gif' },
    );
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const meta = await sharp(gif, { animated: true }).metadata();
    expect(meta.pages).toBe(4);
  });

  it('refuses unbounded requests', async () => {
    await expect(
      renderAnimationFrames(wave.params, wave.output, {}, { maxFrames: 10_000 }),
    ).rejects.toBeInstanceOf(InvalidPlotParametersError);
  });
});
