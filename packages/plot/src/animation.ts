import { GifEncoder } from '@napi-rs/canvas';
import { assembleApng } from './apng.js';
import { invalid } from './errors.js';
import { bi, scene } from './figures/common.js';
import { snapshotPanel, waveData } from './figures/wave-1d.js';
import { resolveOptions } from './options.js';
import { compileScene } from './render/compile.js';
import { encodePng, rasterize } from './render/png.js';
import type { Scene } from './scene.js';
import type { Wave1dOutput, Wave1dParams } from './types.js';

export const MAX_ANIMATION_FRAMES = 120;

export interface AnimationOptions {
  /** At most this many frames (default 30, at most 120). */
  maxFrames?: number;
}

export interface AnimationFrame {
  /** seconds, the saved step's time */
  time: number;
  png: Buffer;
}

/** Saved steps to draw: physics' chosen times when given (nearest step), else evenly spread. */
function frameSteps(times: ArrayLike<number>, chosen: { time: number }[] | undefined, max: number): number[] {
  const n = times.length;
  if (n === 0) return [];
  let steps: number[];
  if (chosen && chosen.length > 0) {
    steps = chosen.map(({ time }) => {
      let best = 0;
      for (let k = 1; k < n; k++) if (Math.abs(times[k]! - time) < Math.abs(times[best]! - time)) best = k;
      return best;
    });
    steps = [...new Set(steps)];
  } else steps = Array.from({ length: n }, (_, k) => k);
  if (steps.length <= max) return steps;
  return Array.from(
    { length: max },
    (_, i) => steps[Math.round((i * (steps.length - 1)) / Math.max(1, max - 1))]!,
  );
}

function limit(anim: AnimationOptions): number {
  const m = anim.maxFrames ?? 30;
  if (!Number.isInteger(m) || m < 1 || m > MAX_ANIMATION_FRAMES) {
    throw invalid('maxFrames', `must be an integer from 1 to ${MAX_ANIMATION_FRAMES}`);
  }
  return m;
}

function frameScenes(
  params: Wave1dParams,
  output: Wave1dOutput,
  options: unknown,
  anim: AnimationOptions,
): { time: number; scene: Scene }[] {
  // frames default smaller than stills: they travel as many base64 strings in one response
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw invalid('visualization', 'must be an object');
  }
  const raw = (options ?? {}) as Record<string, unknown>;
  const o = resolveOptions({ width: 640, height: 360, ...raw });
  const d = waveData(params, output);
  const steps = frameSteps(d.t, output.animation_frames, limit(anim));
  return steps.map((k) => ({
    time: Number(d.t[k]),
    scene: scene(o, bi(o, 'E and H along the line', '沿线的 E 与 H'), [
      snapshotPanel(params, d, k, o, [0, 0, 1, 1]),
    ]),
  }));
}

/** wave_1d animation frames as PNGs with their times (the answer's `animation_frames`, before base64). */
export async function renderAnimationFrames(
  params: Wave1dParams,
  output: Wave1dOutput,
  options: unknown = {},
  anim: AnimationOptions = {},
): Promise<AnimationFrame[]> {
  const scenes = frameScenes(params, output, options, anim);
  // Rasterizing is synchronous; encoding runs on libuv threads, so frame k+1 draws while k encodes.
  return Promise.all(
    scenes.map(async ({ time, scene: s }) => {
      const canvas = rasterize(compileScene(s, 'png'));
      return { time, png: await encodePng(canvas, s.dpi) };
    }),
  );
}

/** One animated image of the wave_1d frames: APNG (lossless, default) or GIF (256 colours). */
export async function renderAnimation(
  params: Wave1dParams,
  output: Wave1dOutput,
  options: unknown = {},
  anim: AnimationOptions & { format?: 'apng' | 'gif'; fps?: number } = {},
): Promise<Buffer> {
  const fps = anim.fps ?? 10;
  if (!(fps >= 1 && fps <= 50)) throw invalid('fps', 'must be between 1 and 50');
  const format = anim.format ?? 'apng';
  if (format === 'apng') {
    const frames = await renderAnimationFrames(params, output, options, anim);
    return assembleApng(
      frames.map((f) => f.png),
      1000 / fps,
    );
  }
  if (format !== 'gif') throw invalid('format', 'animation format must be apng or gif');
  const scenes = frameScenes(params, output, options, anim);
  let encoder: GifEncoder | undefined;
  for (const { scene: s } of scenes) {
    const canvas = rasterize(compileScene(s, 'png'));
    encoder ??= new GifEncoder(canvas.width, canvas.height, { repeat: 0, quality: 10 });
    encoder.addFrame(new Uint8Array(canvas.data()), canvas.width, canvas.height, {
      delay: Math.round(1000 / fps),
    });
  }
  if (!encoder) throw invalid('output.wave_data', 'no time steps to animate');
  return encoder.finish();
}
