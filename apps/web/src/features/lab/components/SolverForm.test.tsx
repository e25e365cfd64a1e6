import type { SolverName } from '@faraday/physics/schemas';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Draft, initialDraft, solverFields, toBody, validateBody } from '../utils/schema-form';
import { SolverForm } from './SolverForm';

let lastBody: Record<string, unknown> = {};

/** The form as the solver page holds it: a draft, checked with the schema on every change. */
function Harness({ solver }: { solver: SolverName }) {
  const fields = useMemo(() => solverFields(solver), [solver]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(solver));
  const body = toBody(fields, draft);
  lastBody = body;
  return (
    <SolverForm
      fields={fields}
      draft={draft}
      onChange={setDraft}
      errors={{ issues: validateBody(solver, body), server: {} }}
    />
  );
}

function renderForm(solver: SolverName) {
  return render(
    <MantineProvider>
      <Harness solver={solver} />
    </MantineProvider>,
  );
}

describe('SolverForm', () => {
  it('labels fields with their unit and shows the schema’s range beside them', () => {
    renderForm('laplace2d');
    const top = screen.getByLabelText(/Top potential \(V\)/);
    expect(top).toHaveProperty('value', '100');
    expect(screen.getByText('-1e6 ≤ v_top ≤ 1e6')).toBeTruthy();
    expect(screen.getByText('3 ≤ nx ≤ 2000 · whole number')).toBeTruthy();
  });

  it('shows a bound broken while typing beside the field, and clears it when fixed', async () => {
    const user = userEvent.setup();
    renderForm('laplace2d');
    const nx = screen.getByLabelText(/Points along x/);
    await user.clear(nx);
    await user.type(nx, '2');
    expect(nx.getAttribute('aria-invalid')).toBe('true');
    const describedBy = nx.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    expect(screen.getByText('Must be at least 3.')).toBeTruthy();
    await user.type(nx, '0');
    expect(screen.queryByText('Must be at least 3.')).toBeNull();
    expect(nx.getAttribute('aria-invalid')).not.toBe('true');
    expect(lastBody.nx).toBe(20);
  });

  it('edits charges in a table: typed values, rows added and removed within the schema’s limits', async () => {
    const user = userEvent.setup();
    renderForm('point_charges');
    const q2 = screen.getByLabelText('q (C), row 2');
    await user.clear(q2);
    await user.type(q2, '-3e-9');
    expect((lastBody.charges as { q: number }[])[1]?.q).toBe(-3e-9);

    await user.clear(q2);
    await user.type(q2, '2000');
    expect(screen.getByText('Must be at most 1000.')).toBeTruthy();
    await user.clear(q2);
    await user.type(q2, '1e-9');

    await user.click(screen.getByRole('button', { name: 'Add a charge' }));
    expect(screen.getByLabelText('x (m), row 3')).toBeTruthy();
    expect((lastBody.charges as unknown[]).length).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Remove Charges row 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove Charges row 1' }));
    expect((lastBody.charges as unknown[]).length).toBe(1);
    // The schema asks for at least one charge: the last row cannot go.
    expect(screen.getByRole('button', { name: 'Remove Charges row 1' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('group', { name: /Charges \(1\)/ })).getAllByRole('row')).toHaveLength(2);
  });

  it('offers a choice field’s options from the schema’s enum', () => {
    renderForm('wave_1d');
    const select = screen.getByLabelText('Boundaries') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['absorbing', 'reflecting', 'periodic']);
    expect(select.value).toBe('absorbing');
  });
});
