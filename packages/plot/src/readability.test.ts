import { describe, expect, it } from 'vitest';
import { crowdedExamples, edgeExamples, typicalExamples } from './fixtures/index.js';
import { buildSolverScene } from './index.js';
import { compileScene } from './render/compile.js';
import { colorbarTicks, layoutPanel, MIN_COLORBAR_TICKS, metrics } from './render/layout.js';
import { textWidth } from './render/measure.js';
import type { CirclePrim, PathPrim, Primitive, RectPrim } from './render/primitives.js';

/**
 * Readable figures, checked on the compiled scene (the same display list both backends paint):
 * marker labels clear every marker and every other label, arrowheads along field lines keep
 * their distance, colour bars carry at least four labelled ticks.
 */

function flatten(items: Primitive[]): Primitive[] {
  return items.flatMap((p) => (p.kind === 'group' ? flatten(p.children) : [p]));
}

function compiled(name: string) {
  const ex = [...typicalExamples(), ...edgeExamples()].find((e) => e.name === name)!;
  const list = compileScene(buildSolverScene(ex.solver, ex.params, ex.output, ex.options ?? {}), 'png');
  return { ex, list, prims: flatten(list.items) };
}

/** Distance between a disc and a rectangle, negative when they overlap. */
function gap(c: CirclePrim, r: RectPrim): number {
  const reach = c.r + (c.width ?? 0) / 2;
  const dx = Math.max(r.x - c.cx, 0, c.cx - (r.x + r.w));
  const dy = Math.max(r.y - c.cy, 0, c.cy - (r.y + r.h));
  return Math.hypot(dx, dy) - reach;
}

function intersects(a: RectPrim, b: RectPrim): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const labelled = [
  'gauss_flux',
  'ampere_loop',
  'wire_field',
  'point_charges-dipole',
  'edge-gauss_flux-crowded',
  'edge-ampere_loop-crowded',
  'edge-wire_field-close-wires',
].map((n) => n.replace(/^edge-/, ''));

describe('marker labels', () => {
  it.each(labelled)('%s: every label clears every marker and every other label', (name) => {
    const { ex, prims } = compiled(name);
    const markers = prims.filter((p): p is CirclePrim => p.kind === 'circle' && p.role === 'marker');
    const labels = prims.filter((p): p is RectPrim => p.kind === 'rect' && p.role === 'marker-label');
    const p = ex.params as { charges?: unknown[]; wires?: unknown[]; current_sources?: unknown[] };
    const sources = p.charges ?? p.wires ?? p.current_sources ?? [];
    expect(labels).toHaveLength(sources.length);
    expect(markers.length).toBeGreaterThanOrEqual(sources.length);
    const owners = new Set<string>();
    for (const label of labels) {
      for (const m of markers) expect(gap(m, label)).toBeGreaterThanOrEqual(0);
      for (const other of labels) if (other !== label) expect(intersects(label, other)).toBe(false);
      // …and stays by its own marker: the nearest marker is close, and no two labels share one
      const nearest = markers.reduce((a, b) => (gap(b, label) < gap(a, label) ? b : a));
      expect(gap(nearest, label)).toBeLessThanOrEqual(12);
      owners.add(`${nearest.cx.toFixed(3)},${nearest.cy.toFixed(3)}`);
    }
    expect(owners.size).toBe(labels.length);
  });

  it.each([
    ['gauss_flux-crowded', -0.12, -0.05, '+10⁻⁹ C'],
    ['ampere_loop-crowded', 0, 0, '5 A'],
  ] as const)('%s: at the old fixed place, "%s" would have been under a neighbour', (name, x, y, text) => {
    // Labels used to sit at their marker's upper right: boxedText(label, x + r + 4,
    // y − r − 2, 11 px). These cases must collide there, or the test above proves nothing.
    const { list, prims } = compiled(name);
    const geo = list.panels[0]!;
    const markers = prims.filter((p): p is CirclePrim => p.kind === 'circle' && p.role === 'marker');
    const px = geo.tx(x);
    const py = geo.ty(y);
    const own = markers.filter((m) => Math.hypot(m.cx - px, m.cy - py) < 1e-6);
    const r = Math.min(...own.map((m) => m.r));
    const size = 11;
    const oldBox: RectPrim = {
      kind: 'rect',
      x: px + r + 1,
      y: py - r - 2 - size * 0.65 - 1,
      w: textWidth(text, size) + 6,
      h: size * 1.3 + 2,
    };
    const others = markers.filter((m) => !own.includes(m));
    expect(others.some((m) => gap(m, oldBox) < 0)).toBe(true);
  });
});

describe('field-line arrowheads', () => {
  function heads(name: string): [number, number][] {
    const { prims } = compiled(name);
    const paths = prims.filter((p): p is PathPrim => p.kind === 'path' && p.closed === true && !!p.fill);
    // each head is a triangle: its centroid stands for it
    return paths.flatMap((p) =>
      p.subpaths
        .filter((s) => s.length === 6)
        .map((s) => [(s[0]! + s[2]! + s[4]!) / 3, (s[1]! + s[3]! + s[5]!) / 3] as [number, number]),
    );
  }

  it.each(['wire_field', 'wire_field-close-wires'])(
    '%s: heads are spaced along the lines and never pile up',
    (name) => {
      const pts = heads(name);
      expect(pts.length).toBeGreaterThanOrEqual(12);
      let nearest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < pts.length; i++)
        for (let j = i + 1; j < pts.length; j++)
          nearest = Math.min(nearest, Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]));
      // the wire figure asks for 170 px between heads on a line; across lines at least a third of it
      expect(nearest).toBeGreaterThanOrEqual(170 / 3 - 1);
    },
  );
});

describe('colour bars', () => {
  const all = [...typicalExamples(), ...edgeExamples()];
  it.each(all.map((e) => [e.name, e] as const))(
    '%s: every colour bar has at least four labelled ticks',
    (_n, ex) => {
      const list = compileScene(buildSolverScene(ex.solver, ex.params, ex.output, ex.options ?? {}), 'png');
      for (const panel of list.panels) {
        for (const bar of panel.colorbars) {
          expect(bar.ticks.values.length).toBeGreaterThanOrEqual(MIN_COLORBAR_TICKS);
          expect(bar.ticks.labels.every((l) => l.length > 0)).toBe(true);
          // labelled ticks are distinct and inside the bar's range
          expect(new Set(bar.ticks.labels).size).toBe(bar.ticks.labels.length);
          const { vmin, vmax } = bar.spec.norm;
          for (const v of bar.ticks.values) {
            expect(v).toBeGreaterThanOrEqual(vmin - (vmax - vmin) * 1e-9);
            expect(v).toBeLessThanOrEqual(vmax + (vmax - vmin) * 1e-9);
          }
        }
      }
    },
  );

  it.each([
    ['log, under a decade', { kind: 'log', vmin: 1.5e-6, vmax: 1.2e-5 }, [2e-6, 3e-6, 5e-6, 1e-5]],
    [
      'log, 2.5 decades',
      { kind: 'log', vmin: 3e-8, vmax: 1e-5 },
      [5e-8, 1e-7, 2e-7, 5e-7, 1e-6, 2e-6, 5e-6, 1e-5],
    ],
    ['linear, short span', { kind: 'linear', vmin: 0.1, vmax: 0.35 }, [0.1, 0.15, 0.2, 0.25, 0.3, 0.35]],
  ] as const)('%s: four or more ticks, the nice values', (_n, norm, expected) => {
    const m = metrics(800, 600);
    const ticks = colorbarTicks({ cmap: 'viridis', norm: { ...norm } }, 480, m);
    expect(ticks.values).toEqual(expected);
  });

  it('crowded examples are part of the edge set the gallery draws', () => {
    const names = edgeExamples().map((e) => e.name);
    for (const ex of crowdedExamples()) expect(names).toContain(ex.name);
  });
});

describe('x ticks of a narrow panel', () => {
  const panel = (min: number, max: number) => ({
    box: [0, 0, 1, 1] as [number, number, number, number],
    x: { min, max },
    y: { min: 0, max: 1 },
    layers: [],
  });
  const m = metrics(800, 600);

  it('a narrow panel whose nice step would leave two ticks gets a finer step (1 … 4, not 2 and 4)', () => {
    const { xTicks } = layoutPanel(panel(0.25, 4.25), { x: 0, y: 0, w: 330, h: 500 }, m);
    expect(xTicks.values).toEqual([1, 2, 3, 4]);
  });

  it('a panel too narrow for more labels keeps labels that do not collide', () => {
    const { xTicks } = layoutPanel(panel(0.000125, 0.000425), { x: 0, y: 0, w: 150, h: 500 }, m);
    const widths = xTicks.labels.map((l) => textWidth(l, m.tick) + m.tick * 1.2);
    expect(xTicks.values.length).toBeGreaterThanOrEqual(2);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(150);
  });
});
