import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { QuizBuilder } from './QuizBuilder';

const quizPath = '/api/v1/courses/c1/assignments/a1/quiz';

describe('the quiz builder', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds the teacher's own formula question with its symbols and sends it with the quiz", async () => {
    const calls = fakeBackend({
      'GET /api/v1/courses/c1/quiz-bank': () => ({ templates: [], topics: [] }),
      [`PUT ${quizPath}`]: () => ({
        assignment_id: 'a1',
        attempts_allowed: 1,
        time_limit_minutes: null,
        total_points: 1,
        questions: [],
      }),
    });
    const user = userEvent.setup();
    renderPage(<QuizBuilder courseId="c1" assignmentId="a1" />);
    const add = await screen.findByRole('button', { name: 'Add the formula question' });
    expect(add).toHaveProperty('disabled', true);
    const prompts = screen.getAllByLabelText('Question');
    await user.type(prompts.at(-1)!, 'Write the field at the centre of a loop.');
    await user.type(screen.getByLabelText('Symbols the formula may use (R I)'), 'R, I');
    await user.type(screen.getByLabelText('The right formula (mu0 * I / (2 * R))'), 'mu0 * I / (2 * R)');
    await user.click(add);
    expect(screen.getByRole('cell', { name: 'Write the field at the centre of a loop.' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save the quiz' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      attempts_allowed: 1,
      time_limit_minutes: null,
      questions: [
        {
          custom: {
            kind: 'formula',
            prompt: 'Write the field at the centre of a loop.',
            variables: ['R', 'I'],
            answer: 'mu0 * I / (2 * R)',
          },
          points: 1,
        },
      ],
    });
  });
});
