import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import type { Assignment } from '../api/assignments';
import { AssignmentForm } from './AssignmentForm';
import { StudentSubmission } from './StudentSubmission';

const yesterday = new Date(Date.now() - 86_400_000).toISOString();
const assignment = (extra: Partial<Assignment>) =>
  ({
    id: 'a1',
    course_id: 'c1',
    title: 'Gauss',
    status: 'published',
    due_date: yesterday,
    allow_late: false,
    max_score: 100,
    my_submission: null,
    ...extra,
  }) as unknown as Assignment;

describe('a due date in the past', () => {
  it('closes the hand-in form when late work is not accepted, and says why', () => {
    renderPage(<StudentSubmission courseId="c1" assignment={assignment({})} />);
    expect(screen.getByText(/due date has passed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('keeps the form when late work is accepted', () => {
    renderPage(<StudentSubmission courseId="c1" assignment={assignment({ allow_late: true })} />);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByText(/due date has passed/)).toBeNull();
  });

  it('warns the teacher who sets it', () => {
    renderPage(<AssignmentForm courseId="c1" onDone={() => undefined} />);
    expect(screen.queryByText(/already passed/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Due/), { target: { value: '2020-01-01T10:00' } });
    expect(screen.getByText(/already passed/)).toBeTruthy();
  });
});
