import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { AssignmentsTab } from './AssignmentsTab';

const assignment = (id: string, title: string, myStatus?: string) => ({
  id,
  course_id: 'c1',
  title,
  description: '',
  due_date: '2030-11-01T10:00:00.000Z',
  max_score: 20,
  status: 'published',
  submission_count: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  instructions: '',
  attachments: [],
  allow_late: false,
  resubmit_after_grading: false,
  late_penalty: null,
  late_cutoff: null,
  kind: 'submission',
  ...(myStatus ? { my_status: myStatus } : {}),
});

describe('the assignment list', () => {
  beforeEach(() => {
    fakeBackend({
      'GET /api/v1/courses/c1/assignments': () => ({
        assignments: [assignment('a1', 'Gauss', 'graded'), assignment('a2', 'Ampère', 'not_submitted')],
        total: 2,
        page: 1,
        limit: 20,
      }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows a student their own standing, not the assignment's publication", async () => {
    await i18n.changeLanguage('en');
    renderPage(<AssignmentsTab courseId="c1" staff={false} />);
    const gauss = (await screen.findByRole('link', { name: 'Gauss' })).closest('tr') as HTMLElement;
    expect(within(gauss).getByText('Graded')).toBeTruthy();
    const ampere = screen.getByRole('link', { name: 'Ampère' }).closest('tr') as HTMLElement;
    expect(within(ampere).getByText('To do')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Your status' })).toBeTruthy();
    expect(screen.queryByText('Published')).toBeNull();
  });

  it('speaks Chinese to the student, and shows staff the publication state', async () => {
    await i18n.changeLanguage('zh');
    const student = renderPage(<AssignmentsTab courseId="c1" staff={false} />);
    expect(await screen.findByText('待完成')).toBeTruthy();
    expect(screen.getByText('已评分')).toBeTruthy();
    student.unmount();
    renderPage(<AssignmentsTab courseId="c1" staff />);
    expect(await screen.findAllByText('已发布')).toHaveLength(2);
    await i18n.changeLanguage('en');
  });
});
