import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { apiError, type FakeRequest, fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { GradesTab } from './GradesTab';

const cell = (extra: object) => ({
  assignment_id: 'a1',
  status: 'graded',
  score: 15,
  max_score: 20,
  submission_id: 's1',
  attempt: 2,
  resubmitted_after_grading: false,
  entered: false,
  raw_score: null,
  late_penalty: 0,
  late_penalty_percent: 0,
  late_by_seconds: 0,
  extended_due_date: null,
  ...extra,
});
const row = (name: string, grade: object, total = 15) => ({
  student_id: name,
  username: name,
  name,
  enrolled: true,
  joined_at: null,
  grades: [cell(grade)],
  total_score: total,
  max_total: 20,
  percentage: (total / 20) * 100,
  graded_percentage: (total / 20) * 100,
  course_total: (total / 20) * 100,
});

describe('the gradebook', () => {
  let calls: FakeRequest[];
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    calls = fakeBackend({
      'GET /api/v1/courses/c1/grades': () => ({
        course_id: 'c1',
        categories: [],
        assignments: [
          {
            id: 'a1',
            title: 'Gauss',
            due_date: '2020-11-01T10:00:00.000Z',
            max_score: 20,
            status: 'published',
            category_id: null,
            graded_by_rubric: false,
          },
        ],
        students: [
          row('Ada', { resubmitted_after_grading: true }),
          row('Bao', { submission_id: null, attempt: null, status: 'missing', score: null }, 0),
          row('Cai', {
            submission_id: 's3',
            score: 12,
            raw_score: 15,
            late_penalty: 3,
            late_penalty_percent: 20,
            late_by_seconds: 90_000,
            extended_due_date: '2020-11-03T10:00:00.000Z',
          }),
        ],
      }),
      'PUT /api/v1/courses/c1/grades/a1/Ada': (request) =>
        row('Ada', { score: (request.body as { score: number }).score }, 18.5),
      'PUT /api/v1/courses/c1/grades/a1/Bao': () => apiError(409, 'ATTEMPT_SUPERSEDED', 'newer'),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('flags a grade whose newer attempt waits and work missing after the due date', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    expect(await screen.findByText('New attempt to grade')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Ada on Gauss' }));
    const open = await screen.findByRole('menuitem', { name: /Ada’s work on Gauss/ });
    expect(open.getAttribute('href')).toBe('/courses/c1/assignments/a1?submission=s1');
  });

  it('saves a typed grade with Enter for the attempt the cell shows, and the row takes the new total', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    await userEvent.click(await screen.findByRole('button', { name: 'Grade of Ada on Gauss: 15' }));
    const input = screen.getByRole('textbox', { name: 'Grade of Ada on Gauss' });
    await userEvent.clear(input);
    await userEvent.type(input, '18.5{Enter}');
    await waitFor(() => expect(screen.getByText('18.5 / 20')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ score: 18.5, attempt: 2 });
    const adaRow = screen.getByRole('row', { name: /Ada/ });
    expect(within(adaRow).getByText('92.5%')).toBeTruthy();
  });

  it('cancels with Escape and shows a refused save in words', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    await userEvent.click(await screen.findByRole('button', { name: 'Grade of Ada on Gauss: 15' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade of Ada on Gauss' }), '3{Escape}');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Grade of Bao on Gauss: —' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade of Bao on Gauss' }), '4{Enter}');
    expect(await screen.findByText(/handed in a newer attempt/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ score: 4, attempt: null });
  });

  it('gives a student a read-only row', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff={false} />, '/courses/c1/grades');
    expect(await screen.findByText('15')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Grade of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
  });

  it('shows the final score with the grade as given beside it where a late penalty applied, flags the extension, and edits the grade as given', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    const cai = await screen.findByRole('button', { name: 'Grade of Cai on Gauss: 12' });
    expect(screen.getByText('Given 15, late penalty −20%')).toBeTruthy();
    expect(screen.getAllByText(/^Extended to /)).toHaveLength(1);
    await userEvent.click(cai);
    expect((screen.getByRole('textbox', { name: 'Grade of Cai on Gauss' }) as HTMLInputElement).value).toBe(
      '15',
    );
  });
});
