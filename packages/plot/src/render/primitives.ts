import type { PanelGeometry } from './layout.js';
/** What the backends paint: pixel-space shapes in logical px (the PNG backend scales by dpi/100). */

export interface Style {
  stroke?: string;
  fill?: string;
  width?: number;
  dash?: number[];
  alpha?: number;
  cap?: 'butt' | 'round' | 'square';
  join?: 'miter' | 'round' | 'bevel';
}

export interface PathPrim extends Style {
  kind: 'path';
  /** Each subpath is a flat [x0, y0, x1, y1, …] list. */
  subpaths: number[][];
  closed?: boolean;
}

/** What a shape stands for, so tests can find markers and labels in a compiled scene. */
export type Role = 'marker' | 'marker-label';

export interface CirclePrim extends Style {
  kind: 'circle';
  role?: Role;
  cx: number;
  cy: number;
  r: number;
}

export interface RectPrim extends Style {
  kind: 'rect';
  role?: Role;
  x: number;
  y: number;
  w: number;
  h: number;
  /** corner radius */
  rx?: number;
}

export interface TextPrim {
  kind: 'text';
  /** Anchor point on the alphabetic baseline (compile turns top/middle into a baseline offset). */
  x: number;
  y: number;
  text: string;
  size: number;
  color: string;
  weight: 'normal' | 'bold';
  align: 'left' | 'center' | 'right';
  /** Degrees, clockwise, about (x, y). */
  rotate?: number;
}

export interface ImagePrim {
  kind: 'image';
  x: number;
  y: number;
  w: number;
  h: number;
  /** Source pixels, RGBA, `width` × `height`, row 0 at the top. */
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  alpha?: number;
  /** nearest-neighbour scaling: one sharp cell per source pixel */
  pixelated?: boolean;
}

export interface GroupPrim {
  kind: 'group';
  clip?: { x: number; y: number; w: number; h: number };
  children: Primitive[];
}

export type Primitive = PathPrim | CirclePrim | RectPrim | TextPrim | ImagePrim | GroupPrim;

export interface DisplayList {
  width: number;
  height: number;
  dpi: number;
  background: string;
  items: Primitive[];
  /** Where each panel's plot, ticks and colour bars went (the backends ignore it; tests read it). */
  panels: PanelGeometry[];
}
