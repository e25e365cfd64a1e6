import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { SubmissionsReview } from './SubmissionsReview';

const at = '2026-11-20T09:00:00.000Z';
const assignment = {
  id: 'a1',
  course_id: 'c1',
  title: 'Lens report',
  description: '',
  due_date: '2026-12-02T18:00:00.000Z',
  max_score: 20,
  status: 'published' as const,
  submission_count: 1,
  created_at: at,
  updated_at: at,
  instructions: '',
  attachments: [],
  allow_late: false,
  resubmit_after_grading: true,
  late_penalty: null,
  late_cutoff: null,
  kind: 'submission' as const,
};
const submission = {
  id: 's1',
  assignment_id: 'a1',
  student_id: 'u1',
  student_name: 'Ada',
  student_username: 'ada',
  content: 'f = 10 cm',
  attachments: [],
  submitted_at: at,
  is_late: false,
  attempt: 1,
  status: 'submitted',
  graded: false,
  graded_attempt: null,
  resubmitted_after_grading: false,
  score: null,
  feedback: null,
  graded_by: null,
  graded_at: null,
  due_date: '2026-12-02T18:00:00.000Z',
  late_by_seconds: 0,
  graded_late_by_seconds: 0,
  late_penalty_percent: 0,
  final_score: null,
};
const rubric = {
  id: 'r1',
  course_id: 'c1',
  title: 'Lab rubric',
  criteria: [
    {
      id: 'c-m',
      title: 'Measurement',
      description: '',
      levels: [
        { id: 'l-weak', title: 'Weak', points: 0, description: '' },
        { id: 'l-good', title: 'Good', points: 6, description: '' },
        { id: 'l-best', title: 'Best', points: 12, description: '' },
      ],
    },
    {
      id: 'c-e',
      title: 'Errors',
      description: '',
      levels: [
        { id: 'l-none', title: 'None', points: 0, description: '' },
        { id: 'l-full', title: 'Full', points: 8, description: '' },
      ],
    },
  ],
  max_points: 20,
  in_use: false,
  assignment_ids: ['a1'],
  created_at: at,
  updated_at: at,
};
const base = '/api/v1/courses/c1/assignments/a1';

describe('grading with a rubric', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('chooses a level per criterion, shows the total and sends the levels instead of a score', async () => {
    const calls = fakeBackend({
      [`GET ${base}/submissions`]: () => ({ submissions: [submission], total: 1, page: 1, limit: 100 }),
      'GET /api/v1/courses/c1/grades': () => ({ course_id: 'c1', assignments: [], students: [] }),
      [`GET ${base}/submissions/s1/attempts`]: () => ({ attempts: [submission] }),
      [`GET ${base}/rubric`]: () => ({ rubric }),
      [`PUT ${base}/submissions/s1/grade`]: () => ({
        ...submission,
        graded: true,
        status: 'graded',
        score: 14,
      }),
    });
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const weak = await screen.findByRole('radio', { name: 'Weak · 0 pts' });
    expect(screen.queryByLabelText('Score (0–20)')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save grade' });
    expect(save).toHaveProperty('disabled', true);
    // Arrow keys between levels are the browser's own radio groups: test/e2e/rubrics.test.ts.
    await user.click(weak);
    await user.click(screen.getByRole('radio', { name: 'Good · 6 pts' }));
    expect(screen.getByRole('radio', { name: 'Good · 6 pts' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('rubric-total').textContent).toBe('Score: 6 / 20');
    await user.type(screen.getByLabelText('Comment on Measurement'), 'Repeat it.');
    await user.click(screen.getByRole('radio', { name: 'Full · 8 pts' }));
    expect(screen.getByTestId('rubric-total').textContent).toBe('Score: 14 / 20');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rubric: [
        { criterion_id: 'c-m', level_id: 'l-good', comment: 'Repeat it.' },
        { criterion_id: 'c-e', level_id: 'l-full', comment: '' },
      ],
      feedback: '',
      attempt: 1,
    });
  });

  it('starts a regrade from the levels and comments of the grade shown', async () => {
    const graded = { ...submission, graded: true, graded_attempt: 1, status: 'graded', score: 12 };
    fakeBackend({
      [`GET ${base}/submissions`]: () => ({ submissions: [graded], total: 1, page: 1, limit: 100 }),
      'GET /api/v1/courses/c1/grades': () => ({ course_id: 'c1', assignments: [], students: [] }),
      [`GET ${base}/submissions/s1/attempts`]: () => ({ attempts: [graded] }),
      [`GET ${base}/rubric`]: () => ({ rubric: { ...rubric, in_use: true } }),
      [`GET ${base}/submissions/s1`]: () => ({
        ...graded,
        rubric_assessment: {
          rubric_id: 'r1',
          title: 'Lab rubric',
          total: 12,
          max_points: 20,
          criteria: [
            { ...rubric.criteria[0], selected_level_id: 'l-best', points: 12, comment: 'Careful work.' },
            { ...rubric.criteria[1], selected_level_id: 'l-none', points: 0, comment: '' },
          ],
        },
      }),
    });
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const best = await screen.findByRole('radio', { name: 'Best · 12 pts' });
    expect(best).toHaveProperty('checked', true);
    const panel = screen.getByTestId('rubric-total').closest('form') as HTMLElement;
    expect(within(panel).getByLabelText('Comment on Measurement')).toHaveProperty('value', 'Careful work.');
    expect(screen.getByTestId('rubric-total').textContent).toBe('Score: 12 / 20');
  });
});
