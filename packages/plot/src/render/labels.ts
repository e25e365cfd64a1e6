import type { Marker } from '../scene.js';
import type { Rect } from './layout.js';
import { boxedText } from './marks.js';
import { textWidth } from './measure.js';
import type { Primitive } from './primitives.js';

/**
 * Marker labels (charges, wires) placed with collision avoidance, for every figure at once: each
 * label tries positions around its marker, nearest first, and takes the first whose box clears
 * every marker (with its highlight ring), every label already placed, the annotations of the
 * panel (rule labels, boxed text, info boxes) and the plot's edges, and is nearer its own marker
 * than any other (so it cannot be read as a neighbour's label). When none is clear, the
 * position that overlaps least wins. A label moved away from its marker gets a thin leader line.
 */

export interface PlacedMarker {
  /** px */
  x: number;
  y: number;
  /** how far the drawn marker reaches, px (highlight ring included) */
  reach: number;
  marker: Marker;
}

/** The drawn footprint of a marker: the disc, its white rim, and the highlight ring around it. */
export function markerReach(mk: Marker): number {
  return mk.highlight ? mk.size + 4.5 + 2.75 : mk.size + 1.5;
}

/** Distance from a circle to a rectangle's interior, negative when they overlap. */
function circleRectGap(cx: number, cy: number, r: number, b: Rect): number {
  const dx = Math.max(b.x - cx, 0, cx - (b.x + b.w));
  const dy = Math.max(b.y - cy, 0, cy - (b.y + b.h));
  return Math.hypot(dx, dy) - r;
}

function rectOverlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

// Directions tried around a marker, the customary upper right first.
const DIRECTIONS: [number, number][] = [
  [1, -1],
  [1, 0],
  [1, 1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
];
const GAPS = [3, 8, 16, 28, 44, 64];
/** Space kept between a label and anything else, px. */
const CLEARANCE = 2;

/** The box of a boxedText label (same padding as marks.ts boxedText), centred at (cx, cy). */
function labelBox(cx: number, cy: number, w: number, size: number): Rect {
  const bw = w + 6;
  const bh = size * 1.3 + 2;
  return { x: cx - bw / 2, y: cy - bh / 2, w: bw, h: bh };
}

export function placeMarkerLabels(
  markers: PlacedMarker[],
  text: (m: Marker) => string,
  size: number,
  plot: Rect,
  occupied: Rect[],
): Primitive[] {
  const out: Primitive[] = [];
  for (const pm of markers) {
    if (!pm.marker.label) continue;
    const label = text(pm.marker);
    const w = textWidth(label, size);
    const probe = labelBox(0, 0, w, size);
    let best: { box: Rect; cost: number; gap: number } | undefined;
    for (const gap of GAPS) {
      for (const [dx, dy] of DIRECTIONS) {
        // centre the box so its nearest side is `gap` px beyond the marker along (dx, dy)
        const cx = pm.x + dx * (pm.reach + gap + probe.w / 2);
        const cy = pm.y + dy * (pm.reach + gap + probe.h / 2);
        const box = labelBox(cx, cy, w, size);
        const cost = placementCost(box, pm, markers, occupied, plot);
        if (!best || cost < best.cost) best = { box, cost, gap };
        if (cost === 0) break;
      }
      if (best && best.cost === 0) break;
    }
    if (!best) continue;
    const { box } = best;
    occupied.push(box);
    if (best.gap > GAPS[1]!) {
      // leader from the marker's edge to the nearest point of the box
      const nx = Math.max(box.x, Math.min(pm.x, box.x + box.w));
      const ny = Math.max(box.y, Math.min(pm.y, box.y + box.h));
      const d = Math.hypot(nx - pm.x, ny - pm.y) || 1;
      out.push({
        kind: 'path',
        subpaths: [[pm.x + ((nx - pm.x) / d) * pm.reach, pm.y + ((ny - pm.y) / d) * pm.reach, nx, ny]],
        stroke: '#111',
        width: 0.8,
        alpha: 0.8,
      });
    }
    const [rect, words] = boxedText(label, box.x + 3, box.y + box.h / 2, size, 'left');
    out.push({ ...rect, role: 'marker-label' }, words);
  }
  return out;
}

/** 0 when the box is clear; otherwise how badly it collides (area, markers weigh most). */
function placementCost(
  box: Rect,
  own: PlacedMarker,
  markers: PlacedMarker[],
  occupied: Rect[],
  plot: Rect,
): number {
  let cost = 0;
  const ownGap = circleRectGap(own.x, own.y, own.reach, box);
  for (const m of markers) {
    const gap = circleRectGap(m.x, m.y, m.reach + CLEARANCE, box);
    if (gap < 0) cost += (m === own ? 4 : 10) * (-gap + 1) * box.h;
    // a label nearer another marker than its own reads as that marker's label
    else if (m !== own && gap + CLEARANCE < ownGap + 1) cost += 40;
  }
  const padded = {
    x: box.x - CLEARANCE,
    y: box.y - CLEARANCE,
    w: box.w + 2 * CLEARANCE,
    h: box.h + 2 * CLEARANCE,
  };
  for (const o of occupied) cost += rectOverlap(padded, o);
  const inside =
    box.x >= plot.x &&
    box.y >= plot.y &&
    box.x + box.w <= plot.x + plot.w &&
    box.y + box.h <= plot.y + plot.h;
  if (!inside) cost += (box.w * box.h - rectOverlap(box, plot)) * 3 + 1;
  return cost;
}
