import type { ContourLine, Domain, Grid2D } from './types.js';

/*
 * Isolines by marching squares, stitched into polylines. We do not use d3-contour here: it returns
 * filled polygons closed along the grid border, which draw as spurious lines on the frame. One pass
 * over the cells serves all levels (a cell only visits the levels between its corner min and max).
 */

// Edges of a cell: 0 top, 1 right, 2 bottom, 3 left. Corner bits: tl 1, tr 2, br 4, bl 8.
const SEGMENTS: (readonly number[])[] = [
  [],
  [3, 0],
  [0, 1],
  [3, 1],
  [1, 2],
  [], // saddle, resolved below
  [0, 2],
  [3, 2],
  [2, 3],
  [0, 2],
  [], // saddle
  [1, 2],
  [3, 1],
  [0, 1],
  [3, 0],
  [],
];

interface LevelSegments {
  keys: number[]; // two edge keys per segment
  pts: number[]; // four coordinates per segment
}

export function isolines(grid: Grid2D, ext: Domain, levels: number[]): ContourLine[] {
  const { nx, ny, data } = grid;
  if (nx < 2 || ny < 2 || levels.length === 0) return [];
  const sorted = [...levels].filter(Number.isFinite).sort((a, b) => a - b);
  const per: LevelSegments[] = sorted.map(() => ({ keys: [], pts: [] }));
  const dx = (ext.x_max - ext.x_min) / (nx - 1);
  const dy = (ext.y_max - ext.y_min) / (ny - 1);
  const hBase = 0;
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const vBase = nx * ny;

  for (let i = 0; i < ny - 1; i++) {
    for (let j = 0; j < nx - 1; j++) {
      const tl = data[i * nx + j]!;
      const tr = data[i * nx + j + 1]!;
      const br = data[(i + 1) * nx + j + 1]!;
      const bl = data[(i + 1) * nx + j]!;
      const lo = Math.min(tl, tr, br, bl);
      const hi = Math.max(tl, tr, br, bl);
      // most cells hold no level at all: leave before the search
      if (hi < first || lo > last || !(lo - lo === 0 && hi - hi === 0)) continue;
      // first level >= lo
      let a = 0;
      let b = sorted.length;
      while (a < b) {
        const m = (a + b) >> 1;
        if (sorted[m]! < lo) a = m + 1;
        else b = m;
      }
      for (let k = a; k < sorted.length && sorted[k]! <= hi; k++) {
        const level = sorted[k]!;
        const c =
          (tl >= level ? 1 : 0) | (tr >= level ? 2 : 0) | (br >= level ? 4 : 0) | (bl >= level ? 8 : 0);
        if (c === 0 || c === 15) continue;
        let segs = SEGMENTS[c]!;
        if (c === 5 || c === 10) {
          const centreHigh = (tl + tr + br + bl) / 4 >= level;
          segs =
            c === 5 ? (centreHigh ? [0, 1, 2, 3] : [3, 0, 1, 2]) : centreHigh ? [3, 0, 1, 2] : [0, 1, 2, 3];
        }
        const out = per[k]!;
        for (let s = 0; s < segs.length; s++) {
          const e = segs[s]!;
          let key: number;
          let x: number;
          let y: number;
          if (e === 0 || e === 2) {
            const row = e === 0 ? i : i + 1;
            const v0 = e === 0 ? tl : bl;
            const v1 = e === 0 ? tr : br;
            const t = (level - v0) / (v1 - v0);
            key = hBase + row * nx + j;
            x = ext.x_min + (j + t) * dx;
            y = ext.y_max - row * dy;
          } else {
            const col = e === 3 ? j : j + 1;
            const v0 = e === 3 ? tl : tr;
            const v1 = e === 3 ? bl : br;
            const t = (level - v0) / (v1 - v0);
            key = vBase + i * nx + col;
            x = ext.x_min + col * dx;
            y = ext.y_max - (i + t) * dy;
          }
          out.keys.push(key);
          out.pts.push(x, y);
        }
      }
    }
  }
  const lines: ContourLine[] = [];
  sorted.forEach((level, k) => {
    for (const l of stitch(per[k]!)) lines.push({ level, x: l.x, y: l.y });
  });
  return lines;
}

/** Joins segments that share an edge crossing into maximal polylines. */
function stitch(seg: LevelSegments): { x: number[]; y: number[] }[] {
  const n = seg.keys.length / 2;
  const byKey = new Map<number, number[]>();
  for (let s = 0; s < n; s++) {
    for (const end of [0, 1]) {
      const key = seg.keys[2 * s + end]!;
      const list = byKey.get(key);
      if (list) list.push(s);
      else byKey.set(key, [s]);
    }
  }
  const used = new Uint8Array(n);
  const out: { x: number[]; y: number[] }[] = [];
  const other = (s: number, key: number): number | undefined =>
    byKey.get(key)?.find((t) => t !== s && !used[t]);

  for (let s0 = 0; s0 < n; s0++) {
    if (used[s0]) continue;
    used[s0] = 1;
    // extend forward from end 1, then backward from end 0
    const fx: number[] = [seg.pts[4 * s0]!, seg.pts[4 * s0 + 2]!];
    const fy: number[] = [seg.pts[4 * s0 + 1]!, seg.pts[4 * s0 + 3]!];
    const bx: number[] = [];
    const by: number[] = [];
    for (const dir of [1, 0] as const) {
      let s = s0;
      let key = seg.keys[2 * s0 + dir]!;
      for (;;) {
        const t = other(s, key);
        if (t === undefined) break;
        used[t] = 1;
        const enter = seg.keys[2 * t] === key ? 0 : 1;
        const leave = 1 - enter;
        const px = seg.pts[4 * t + 2 * leave]!;
        const py = seg.pts[4 * t + 2 * leave + 1]!;
        if (dir === 1) {
          fx.push(px);
          fy.push(py);
        } else {
          bx.push(px);
          by.push(py);
        }
        key = seg.keys[2 * t + leave]!;
        s = t;
      }
    }
    out.push({ x: bx.reverse().concat(fx), y: by.reverse().concat(fy) });
  }
  return out;
}
