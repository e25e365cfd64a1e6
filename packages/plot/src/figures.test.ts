import { SOLVER_NAMES } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { edgeExamples, typicalExamples } from './fixtures/index.js';
import { InvalidPlotParametersError, renderSolverFigure, renderSweepSummary } from './index.js';
import { expectValidPng, inkFraction, parseXml } from './testing/images.js';

const examples = [...typicalExamples(), ...edgeExamples()];

describe('every solver figure', () => {
  it('has a typical example for each of the eight solvers', () => {
    const covered = new Set(typicalExamples().map((e) => e.solver));
    expect([...covered].sort()).toEqual([...SOLVER_NAMES].sort());
  });

  it.each(examples.map((e) => [e.name, e] as const))(
    '%s renders a valid, non-blank PNG',
    async (_name, ex) => {
      const png = await renderSolverFigure(ex.solver, ex.params, ex.output, ex.options ?? {}, 'png');
      await expectValidPng(png, 800, 600);
      // figures with a map cover a good part of the canvas in colour; charts at least draw their axes
      expect(await inkFraction(png)).toBeGreaterThan(ex.solver === 'fresnel' ? 0.01 : 0.05);
    },
  );

  it.each(examples.map((e) => [e.name, e] as const))(
    '%s renders a well-formed SVG with one image per map',
    async (_name, ex) => {
      const svg = await renderSolverFigure(ex.solver, ex.params, ex.output, ex.options ?? {}, 'svg');
      const names = parseXml(svg);
      expect(names[0]).toBe('svg');
      expect(svg.replace(/data:image\/png;base64,[^"]*/g, '')).not.toMatch(/NaN|Infinity|undefined/);
      // the heatmap is one embedded PNG, never a rectangle per cell
      const images = names.filter((n) => n === 'image').length;
      expect(images).toBeLessThanOrEqual(6);
      expect(names.filter((n) => n === 'rect').length).toBeLessThan(80);
      if (ex.solver !== 'fresnel') expect(images).toBeGreaterThanOrEqual(1);
    },
  );
});

describe('generic options', () => {
  const [lap] = typicalExamples();
  it('applies size and dpi', async () => {
    const png = await renderSolverFigure(
      'laplace2d',
      lap!.params as never,
      lap!.output as never,
      { width: 400, height: 300, dpi: 200 },
      'png',
    );
    await expectValidPng(png, 800, 600);
    const svg = await renderSolverFigure(
      'laplace2d',
      lap!.params as never,
      lap!.output as never,
      { width: 400, height: 300 },
      'svg',
    );
    expect(svg).toContain('width="400" height="300"');
  });

  it('escapes user text in SVG', async () => {
    const title = 'E & <B> "fields" \u0007';
    const svg = await renderSolverFigure(
      'laplace2d',
      lap!.params as never,
      lap!.output as never,
      { title, xlabel: "x'" },
      'svg',
    );
    parseXml(svg);
    expect(svg).toContain('E &amp; &lt;B&gt; &quot;fields&quot;');
    expect(svg).toContain('x&apos;');
  });

  it('toggles layers with show_contour and show_field', async () => {
    const full = await renderSolverFigure('laplace2d', lap!.params as never, lap!.output as never, {}, 'svg');
    const bare = await renderSolverFigure(
      'laplace2d',
      lap!.params as never,
      lap!.output as never,
      { show_contour: false, show_field: false },
      'svg',
    );
    expect(bare.length).toBeLessThan(full.length);
    expect((bare.match(/<path/g) ?? []).length).toBeLessThan((full.match(/<path/g) ?? []).length);
  });

  it('rejects an unknown colormap naming the valid ones', async () => {
    const err = await renderSolverFigure(
      'laplace2d',
      lap!.params as never,
      lap!.output as never,
      { colormap: 'rainbow' },
      'png',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidPlotParametersError);
    const e = err as InvalidPlotParametersError;
    expect(e.code).toBe('INVALID_PARAMETERS');
    expect(e.details[0]?.field).toBe('colormap');
    expect(e.message).toMatch(/viridis, plasma, inferno, magma, cividis, jet, turbo, coolwarm, RdBu, gray/);
  });

  it('rejects bad inputs with a typed error', async () => {
    const bad = { potential: { nx: 10, ny: 10, data: new Float64Array(5) } };
    await expect(
      renderSolverFigure('laplace2d', lap!.params as never, bad as never, {}, 'png'),
    ).rejects.toBeInstanceOf(InvalidPlotParametersError);
    await expect(renderSolverFigure('nope' as never, {} as never, {} as never, {}, 'png')).rejects.toThrow(
      /valid solvers/,
    );
    await expect(
      renderSolverFigure('laplace2d', lap!.params as never, lap!.output as never, {}, 'pdf' as never),
    ).rejects.toThrow(/png or svg/);
  });

  it('accepts JSON rows (row 0 = top) as well as Grid2D', async () => {
    const rows = [
      [1, 1, 1],
      [0.5, 0.5, 0.5],
      [0, 0, 0],
    ];
    const png = await renderSolverFigure(
      'laplace2d',
      { nx: 3, ny: 3, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 },
      { potential: rows },
      {},
      'png',
    );
    await expectValidPng(png, 800, 600);
  });
});

describe('sweep summary', () => {
  it('draws each metric against the swept parameter, gaps for failed runs', async () => {
    const input = {
      x: { parameter: 'charges[0].q', unit: 'C', values: [1, 2, 3, 4, 5] },
      metrics: [
        { name: 'electric_flux', label: 'Φ_E', unit: 'V·m', values: [[1, 2, Number.NaN, 4, 5]] },
        {
          name: 'relative_error',
          label: 'error',
          unit: 'dimensionless',
          values: [[1e-9, 2e-9, 1e-9, 3e-9, 2e-9]],
        },
      ],
    };
    await expectValidPng(await renderSweepSummary(input, {}, 'png'), 800, 600);
    parseXml(await renderSweepSummary(input, {}, 'svg'));
    await expect(renderSweepSummary({ ...input, metrics: [] }, {}, 'png')).rejects.toBeInstanceOf(
      InvalidPlotParametersError,
    );
    const ragged = { ...input, metrics: [{ ...input.metrics[0]!, values: [[1, 2]] }] };
    await expect(renderSweepSummary(ragged, {}, 'png')).rejects.toBeInstanceOf(InvalidPlotParametersError);
  });
});
