/**
 * The figure model. Solver figures build a Scene in data coordinates; compile.ts lays it out into
 * pixel-space primitives; the PNG and SVG backends only paint primitives. So a figure is described
 * once and both outputs agree.
 */
import type { Norm } from './norm.js';
import type { Domain, Grid2D, Polyline, Series } from './types.js';

/** Text with an optional stand-in for rasters that lack a font for it (CJK without a CJK font). */
export interface Label {
  text: string;
  fallback?: string;
}

export interface Axis {
  min: number;
  max: number;
  label?: Label;
  scale?: 'linear' | 'log';
  /** Explicit tick values; otherwise nice ticks for the axis length. */
  ticks?: number[];
  format?: (v: number) => string;
}

export interface Colorbar {
  cmap: string;
  norm: Norm;
  label?: Label;
  /** Values to mark with a line across the bar (e.g. the drawn contour levels). */
  marks?: number[];
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface Panel {
  /** [left, top, right, bottom] as fractions of the area under the figure title. */
  box: [number, number, number, number];
  title?: Label;
  x: Axis;
  y: Axis;
  /** One data unit is as long on x as on y (field maps: circles stay round). */
  equalAspect?: boolean;
  grid?: boolean;
  layers: Layer[];
  colorbars?: Colorbar[];
  /** Where the legend goes; 'best' picks the corner covering the fewest plotted points. */
  legend?: Corner | 'best' | 'none';
}

export interface Scene {
  /** Logical size in px at 100 dpi; the raster is width × dpi/100 pixels wide. */
  width: number;
  height: number;
  dpi: number;
  background?: string;
  title?: Label;
  panels: Panel[];
}

export interface ArrowSpec {
  /** Distance between arrowheads along a line, px. */
  spacing: number;
  size: number;
  /** Orientation at a point (e.g. the sampled field); otherwise the polyline's own direction. */
  direction?: (x: number, y: number) => [number, number] | undefined;
}

export interface ImageLayer {
  type: 'image';
  grid: Grid2D;
  /** Where the first and last grid nodes sit (nodes on the edges, row 0 at y_max). */
  extent: Domain;
  cmap: string;
  norm: Norm;
  alpha?: number;
  /** Draw each grid value as a sharp cell (a table of runs), not as a smooth field. */
  pixelated?: boolean;
}

export interface LinesLayer {
  type: 'lines';
  lines: Polyline[];
  color: string;
  width: number;
  dash?: number[];
  alpha?: number;
  arrows?: ArrowSpec;
  legend?: Label;
  /** A wider, faint stroke of this colour under the line, for contrast on any colormap. */
  halo?: string;
}

export interface QuiverLayer {
  type: 'quiver';
  x: number[];
  y: number[];
  u: number[];
  v: number[];
  color: string;
  /** Length of the longest arrow, px. */
  length: number;
  /** How length follows |(u,v)|: all equal, or ∝ |v|^0.5 (readable over a wide range). */
  scaling: 'uniform' | 'sqrt';
  width?: number;
}

export type MarkerKind = 'positive' | 'negative' | 'out' | 'in' | 'dot';

export interface Marker {
  x: number;
  y: number;
  kind: MarkerKind;
  /** radius, px */
  size: number;
  highlight?: boolean;
  /** dimmed (e.g. a charge outside the Gaussian surface) */
  muted?: boolean;
  label?: Label;
}

export interface MarkersLayer {
  type: 'markers';
  markers: Marker[];
}

export interface SeriesLayer {
  type: 'series';
  x: Series;
  y: Series;
  color: string;
  width: number;
  dash?: number[];
  legend?: Label;
  /** Also draw a dot at each sample. */
  dots?: boolean;
}

export interface PointsLayer {
  type: 'points';
  x: number[];
  y: number[];
  color: string;
  radius: number;
  legend?: Label;
}

export interface BandLayer {
  type: 'band';
  axis: 'x' | 'y';
  from: number;
  to: number;
  color: string;
  alpha: number;
  legend?: Label;
  /** Written inside the band near the top. */
  label?: Label;
}

export interface RuleLayer {
  type: 'rule';
  axis: 'x' | 'y';
  value: number;
  color: string;
  width: number;
  dash?: number[];
  /** Written next to the line near the top (x rules) or the right (y rules). */
  label?: Label;
  legend?: Label;
}

export interface ColoredPathLayer {
  type: 'colored-path';
  x: Series;
  y: Series;
  values: Series;
  cmap: string;
  norm: Norm;
  width: number;
  closed: boolean;
}

export interface TextLayer {
  type: 'text';
  x: number;
  y: number;
  text: Label;
  color: string;
  size: number;
  align?: 'left' | 'center' | 'right';
  /** A translucent white box behind the text so it reads on any colour. */
  boxed?: boolean;
}

export interface InfoBoxLayer {
  type: 'infobox';
  lines: Label[];
  corner: Corner;
}

export type Layer =
  | ImageLayer
  | LinesLayer
  | QuiverLayer
  | MarkersLayer
  | SeriesLayer
  | PointsLayer
  | BandLayer
  | RuleLayer
  | ColoredPathLayer
  | TextLayer
  | InfoBoxLayer;
