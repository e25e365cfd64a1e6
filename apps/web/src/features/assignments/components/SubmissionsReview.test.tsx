import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { apiError, type FakeRequest, fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { SubmissionsReview } from './SubmissionsReview';

const at = '2026-11-20T09:00:00.000Z';
const assignment = {
  id: 'a1',
  course_id: 'c1',
  title: 'Gauss law lab report',
  description: '',
  due_date: '2026-12-02T18:00:00.000Z',
  max_score: 20,
  status: 'published' as const,
  submission_count: 2,
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

function submission(id: string, name: string, attempt: number) {
  return {
    id,
    assignment_id: 'a1',
    student_id: `u-${id}`,
    student_name: name,
    student_username: name.toLowerCase(),
    content: `report of ${name}`,
    attachments: [],
    submitted_at: at,
    is_late: false,
    attempt,
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
}

const first = submission('s1', 'Ada', 2);
const second = submission('s2', 'Bao', 1);
const base = '/api/v1/courses/c1/assignments/a1/submissions';

function backend(grade: (request: FakeRequest) => unknown): FakeRequest[] {
  return fakeBackend({
    [`GET ${base}`]: () => ({ submissions: [first, second], total: 2, page: 1, limit: 100 }),
    'GET /api/v1/courses/c1/grades': () => ({ course_id: 'c1', assignments: [], students: [] }),
    [`GET ${base}/s1/attempts`]: () => ({
      attempts: [1, 2].map((n) => ({ ...first, attempt: n, content: `attempt ${n} of Ada` })),
    }),
    [`GET ${base}/s2/attempts`]: () => ({ attempts: [{ ...second, content: 'attempt 1 of Bao' }] }),
    [`PUT ${base}/s1/grade`]: grade,
  });
}

const panelOf = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 3 })).closest('.mantine-Card-root') as HTMLElement;

describe('grading submissions', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('grades the attempt the teacher read from the keyboard, then moves on to the next student', async () => {
    const calls = backend((request) => ({
      ...first,
      ...(request.body as object),
      graded: true,
      status: 'graded',
    }));
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const panel = await panelOf('Ada');
    expect(await within(panel).findByText('attempt 2 of Ada')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Score (0–20)'), '17');
    await user.type(within(panel).getByLabelText('Feedback'), 'Clear derivation.{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      score: 17,
      feedback: 'Clear derivation.\n',
      attempt: 2,
    });
    const next = await panelOf('Bao');
    expect(await within(next).findByText('attempt 1 of Bao')).toBeTruthy();
    expect(within(next).getByRole('button', { name: 'Next student' })).toHaveProperty('disabled', true);
    // A keyboard grader types the next score straight away.
    await waitFor(() => expect(document.activeElement).toBe(within(next).getByLabelText('Score (0–20)')));
    // Nothing was typed for Bao yet, so going back asks nothing.
    await user.click(within(next).getByRole('button', { name: 'Previous student' }));
    expect(await panelOf('Ada')).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks before a typed grade is left behind, and keeps it when the teacher stays', async () => {
    const calls = backend(() => first);
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const panel = await panelOf('Ada');
    await user.type(within(panel).getByLabelText('Score (0–20)'), '14');
    await user.type(within(panel).getByLabelText('Feedback'), 'Units missing');
    await user.click(within(panel).getByRole('button', { name: 'Next student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(within(panel).getByLabelText('Score (0–20)')).toHaveProperty('value', '14');
    expect(within(panel).getByLabelText('Feedback')).toHaveProperty('value', 'Units missing');
    await user.click(within(panel).getByRole('button', { name: 'Next student' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await panelOf('Bao')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a score outside 0..max with a message instead of clamping it', async () => {
    const calls = backend(() => first);
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const panel = await panelOf('Ada');
    const score = within(panel).getByLabelText('Score (0–20)');
    await user.type(score, '150');
    await user.tab();
    expect(score).toHaveProperty('value', '150');
    expect(within(panel).getByText('The score must be between 0 and 20.')).toBeTruthy();
    const save = within(panel).getByRole('button', { name: 'Save and next' });
    expect(save).toHaveProperty('disabled', true);
    await user.clear(score);
    await user.type(score, '-5');
    await user.tab();
    expect(score).toHaveProperty('value', '-5');
    expect(within(panel).getByText('The score must be between 0 and 20.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('goes back and forth between students without saving', async () => {
    const calls = backend(() => first);
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    await user.click(within(await panelOf('Ada')).getByRole('button', { name: 'Next student' }));
    await user.click(within(await panelOf('Bao')).getByRole('button', { name: 'Previous student' }));
    expect(await panelOf('Ada')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the teacher on the student when the server refuses the grade, and says why', async () => {
    backend(() =>
      apiError(409, 'ATTEMPT_SUPERSEDED', 'The student has handed in a newer attempt; reload it.'),
    );
    const user = userEvent.setup();
    renderPage(<SubmissionsReview courseId="c1" assignment={assignment} />);
    const panel = await panelOf('Ada');
    await user.type(within(panel).getByLabelText('Score (0–20)'), '12');
    await user.click(within(panel).getByRole('button', { name: 'Save and next' }));
    expect(
      await screen.findByText('The student has handed in a newer attempt; open it to grade the latest one.'),
    ).toBeTruthy();
    expect(await panelOf('Ada')).toBeTruthy();
  });
});
