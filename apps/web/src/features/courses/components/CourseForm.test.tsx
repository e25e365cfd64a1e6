import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { apiError, fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { CourseForm } from './CourseForm';

const created = {
  id: 'c1',
  name: 'Electromagnetism',
  code: 'EM-101',
  semester: '2026-2027-1',
  description: '',
  teacher_id: 't1',
  status: 'active',
  invite_code: 'ABCD2345',
  created_at: '2026-11-25T10:00:00.000Z',
};

/** Fills each field as one paste (typing key by key re-renders the form per character). */
async function fillCourse(user: ReturnType<typeof userEvent.setup>, semester: string) {
  for (const [label, text] of [
    [/^Name/, 'Electromagnetism'],
    [/^Code/, 'EM-101'],
    [/^Semester/, semester],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('course form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the fields and reports the new course', async () => {
    const calls = fakeBackend({ 'POST /api/v1/courses': () => created });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderPage(<CourseForm onDone={onDone} />);
    await fillCourse(user, '2026-2027-1');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('c1'));
    expect(calls[0]?.body).toMatchObject({
      name: 'Electromagnetism',
      code: 'EM-101',
      semester: '2026-2027-1',
      max_students: 100,
    });
  });

  it('shows a validation error beside the field the server names, not as a banner', async () => {
    fakeBackend({
      'POST /api/v1/courses': () =>
        apiError(400, 'VALIDATION_ERROR', 'Invalid request', 'semester: years must be consecutive'),
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderPage(<CourseForm onDone={onDone} />);
    await fillCourse(user, '2026-2028-1');
    const semester = screen.getByLabelText(/^Semester/);
    await waitFor(() => expect(semester.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/years must be consecutive/)).toBeTruthy();
    expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('puts a duplicate course code on the code field', async () => {
    fakeBackend({
      'POST /api/v1/courses': () =>
        apiError(409, 'COURSE_CODE_EXISTS', 'A course with this code already exists'),
    });
    const user = userEvent.setup();
    renderPage(<CourseForm onDone={vi.fn()} />);
    await fillCourse(user, '2026-2027-1');
    await waitFor(() => expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A course with this code already exists this semester.')).toBeTruthy();
  });

  it('shows any other failure as a sentence above the form', async () => {
    fakeBackend({
      'POST /api/v1/courses': () =>
        apiError(403, 'INSUFFICIENT_PERMISSIONS', 'You do not have permission to do this'),
    });
    const user = userEvent.setup();
    renderPage(<CourseForm onDone={vi.fn()} />);
    await fillCourse(user, '2026-2027-1');
    expect((await screen.findByRole('alert')).textContent).toContain('Your account may not do this.');
  });
});
