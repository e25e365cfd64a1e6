import { invalid } from './errors.js';
import { compileScene } from './render/compile.js';
import { renderPng } from './render/png.js';
import { renderSvg } from './render/svg.js';
import type { Scene } from './scene.js';

export type OutputFormat = 'png' | 'svg';

/** Draws a scene: PNG bytes or an SVG document. Both come from the same laid-out display list. */
export function renderScene(scene: Scene, format: 'png'): Promise<Buffer>;
export function renderScene(scene: Scene, format: 'svg'): Promise<string>;
export function renderScene(scene: Scene, format: OutputFormat): Promise<Buffer | string>;
export async function renderScene(scene: Scene, format: OutputFormat): Promise<Buffer | string> {
  if (format === 'png') return renderPng(compileScene(scene, 'png'));
  if (format === 'svg') return renderSvg(compileScene(scene, 'svg'));
  throw invalid('format', `unknown output format "${String(format)}"; use png or svg`);
}
