import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import SolverPage from './SolverPage';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

// A 1×1 PNG per run, different each time, so the test can tell which figure is on screen.
const PNGS = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
];

function laplaceResult(run: number) {
  return {
    success: true,
    data: {
      simulation_id: `sim-${run}`,
      png_base64: PNGS[run],
      potential: [
        [100, 100],
        [0, 0],
      ],
      domain: { x_min: 0, x_max: 1, y_min: 0, y_max: 1 },
      metadata: { computation_time: 0.25, render_time: 0.5, iterations: 4, convergence_error: 1e-7 },
    },
  };
}

/** The page at its real route pattern, so `:solver` comes from the URL. */
function renderLab(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/lab/:solver', element: <SolverPage /> }], {
    initialEntries: [entry],
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a solver page', () => {
  const bodies: Record<string, unknown>[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  let next: (run: number) => Promise<Response>;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    bodies.length = 0;
    signals.length = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/courses')) {
        return answer(200, { success: true, data: { courses: [], total: 0, page: 1, limit: 100 } });
      }
      if (url.startsWith('/api/v1/sim/laplace2d') || url.startsWith('/api/v1/sim/point_charges')) {
        // The lab asks for float32 arrays (a third of the bytes, no number parsing).
        expect(url).toMatch(/^\/api\/v1\/sim\/(laplace2d|point_charges)\?arrays=float32$/);
        bodies.push(JSON.parse(String(init?.body)));
        signals.push(init?.signal ?? undefined);
        return next(bodies.length - 1);
      }
      return answer(404, { success: false, error: { code: 'NOT_FOUND', message: url } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form as the solver’s request, shows the figure and the key numbers with units', async () => {
    next = async (run) => answer(200, laplaceResult(run));
    const user = userEvent.setup();
    renderLab('/lab/laplace2d');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const figure = await screen.findByAltText('Figure of the Laplace equation (2-D) run');
    expect(figure.getAttribute('src')).toContain(PNGS[0]);
    expect(bodies[0]).toMatchObject({
      nx: 100,
      ny: 100,
      v_top: 100,
      v_bottom: 0,
      output_type: 'svg',
      title: 'Laplace equation (2-D)',
    });
    expect('course_id' in (bodies[0] ?? {})).toBe(false);
    expect(screen.getByText('1e-7 V')).toBeTruthy();
    expect(screen.getByText('0.25 s')).toBeTruthy();
  });

  it('keeps the previous figure on screen, dimmed, until the new one arrives', async () => {
    let release: (() => void) | undefined;
    next = (run) =>
      run === 0
        ? Promise.resolve(answer(200, laplaceResult(0)))
        : new Promise((resolve) => {
            release = () => resolve(answer(200, laplaceResult(1)));
          });
    const user = userEvent.setup();
    renderLab('/lab/laplace2d');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByAltText(/Figure of/);
    await user.clear(screen.getByLabelText(/Top potential/));
    await user.type(screen.getByLabelText(/Top potential/), '50');
    expect(screen.getByText(/Parameters changed since this figure/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const old = screen.getByAltText(/Figure of/);
    expect(old.getAttribute('src')).toContain(PNGS[0]);
    expect(old.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    release?.();
    await waitFor(() => expect(screen.getByAltText(/Figure of/).getAttribute('src')).toContain(PNGS[1]));
    expect(
      screen
        .getByAltText(/Figure of/)
        .closest('[aria-busy]')
        ?.getAttribute('aria-busy'),
    ).toBe('false');
    expect(bodies[1]?.v_top).toBe(50);
  });

  it('shows the server’s INVALID_PARAMETERS beside the field and the rate limit with its wait', async () => {
    next = async (run) =>
      run === 0
        ? answer(400, {
            success: false,
            error: {
              code: 'INVALID_PARAMETERS',
              message: 'Invalid laplace2d parameters: v_left',
              details: 'v_left: must be at most 1000000 (got 5)',
            },
          })
        : answer(
            429,
            { success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
            { 'retry-after': '17' },
          );
    const user = userEvent.setup();
    renderLab('/lab/laplace2d');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('must be at most 1000000 (got 5)')).toBeTruthy();
    expect(screen.getByLabelText(/Left potential/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(
      'The simulation service did not accept these parameters.',
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Try again in 17 seconds.'));
  });

  it('recomputes a fast solver a moment after the form stops changing, cancelling a run overtaken', async () => {
    const pending: ((response: Response) => void)[] = [];
    next = (run) =>
      run === 0
        ? Promise.resolve(answer(200, chargesResult(0)))
        : new Promise((resolve) => {
            pending[run] = resolve;
          });
    const user = userEvent.setup();
    renderLab('/lab/point_charges');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByAltText(/Figure of/);
    expect(screen.getByRole('switch', { name: 'Live update' })).toHaveProperty('checked', true);

    const q = screen.getByLabelText('q (C), row 1');
    await user.clear(q);
    await user.paste('2e-9');
    // No Run pressed: the change alone starts the next run.
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect((bodies[1]?.charges as { q: number }[] | undefined)?.[0]?.q).toBe(2e-9);

    // A change while that run is out cancels it and asks again.
    await user.clear(q);
    await user.paste('3e-9');
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(signals[1]?.aborted).toBe(true);
    expect((bodies[2]?.charges as { q: number }[] | undefined)?.[0]?.q).toBe(3e-9);
    pending[2]?.(answer(200, chargesResult(1)));
    await waitFor(() => expect(screen.getByAltText(/Figure of/).getAttribute('src')).toContain(PNGS[1]));

    // Switched off, a change waits for Run and says so.
    await user.click(screen.getByRole('switch', { name: 'Live update' }));
    await user.clear(q);
    await user.paste('4e-9');
    expect(await screen.findByText(/Parameters changed since this figure/)).toBeTruthy();
    expect(bodies).toHaveLength(3);
  });

  it('leaves slow solvers to the Run button', async () => {
    next = async (run) => answer(200, laplaceResult(run));
    const user = userEvent.setup();
    renderLab('/lab/laplace2d');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByAltText(/Figure of/);
    // 100 × 100 nodes is past the live size of the Laplace box: no switch, the change waits for Run.
    expect(screen.queryByRole('switch', { name: 'Live update' })).toBeNull();
    await user.type(screen.getByLabelText(/Top potential/), '5');
    expect(await screen.findByText(/Parameters changed since this figure/)).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });
});

function chargesResult(run: number) {
  return {
    success: true,
    data: {
      simulation_id: `charges-${run}`,
      png_base64: PNGS[run],
      potential: [
        [1, 2],
        [2, 1],
      ],
      x: [-1, 1],
      y: [1, -1],
      metadata: { computation_time: 0.01, render_time: 0.05 },
    },
  };
}
