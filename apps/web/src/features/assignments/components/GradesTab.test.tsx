import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { GradesTab } from './GradesTab';

const cell = (extra: object) => ({
  assignment_id: 'a1',
  status: 'graded',
  score: 15,
  raw_score: 15,
  late_penalty: 0,
  late_penalty_percent: 0,
  late_by_seconds: 0,
  extended_due_date: null,
  max_score: 20,
  submission_id: 's1',
  attempt: 2,
  resubmitted_after_grading: false,
  ...extra,
});
const row = (name: string, grade: object) => ({
  student_id: name,
  username: name,
  name,
  enrolled: true,
  joined_at: null,
  grades: [cell(grade)],
  total_score: 15,
  max_total: 20,
  percentage: 75,
  graded_percentage: 75,
});

describe('the gradebook', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    fakeBackend({
      'GET /api/v1/courses/c1/grades': () => ({
        course_id: 'c1',
        assignments: [
          {
            id: 'a1',
            title: 'Gauss',
            due_date: '2026-11-01T10:00:00.000Z',
            max_score: 20,
            status: 'published',
          },
        ],
        students: [
          row('Ada', { resubmitted_after_grading: true }),
          row('Bao', { submission_id: 's2' }),
          row('Cai', {
            submission_id: 's3',
            score: 12,
            raw_score: 15,
            late_penalty: 3,
            late_penalty_percent: 20,
            late_by_seconds: 90_000,
            extended_due_date: '2026-11-03T10:00:00.000Z',
          }),
        ],
      }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a student’s work from its cell and flags a grade whose newer attempt waits', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    const ada = await screen.findByRole('link', { name: /Ada’s work on Gauss/ });
    expect(ada.getAttribute('href')).toBe('/courses/c1/assignments/a1?submission=s1');
    const bao = screen.getByRole('link', { name: /Bao’s work on Gauss/ });
    expect(bao.getAttribute('href')).toBe('/courses/c1/assignments/a1?submission=s2');
    expect(screen.getAllByText('New attempt to grade')).toHaveLength(1);
  });

  it('shows the final score with the raw grade beside it where a late penalty applied, and flags extensions', async () => {
    renderPage(<GradesTab courseId="c1" courseCode="PHY-201" staff />, '/courses/c1/grades');
    const cai = await screen.findByRole('link', { name: /Cai’s work on Gauss/ });
    expect(cai.textContent).toBe('12');
    expect(screen.getByText('Given 15, late penalty −20%')).toBeTruthy();
    expect(screen.getAllByText('Extended')).toHaveLength(1);
  });
});
