import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeBackend } from '../../../test/fake-backend';
import { renderPage } from '../../../test/render';
import { QuizBuilder } from './QuizBuilder';

const quizPath = '/api/v1/courses/c1/assignments/a1/quiz';

/** An empty bank, and a save that answers an empty quiz: the tests read what was sent. */
const quizBackend = () =>
  fakeBackend({
    'GET /api/v1/courses/c1/quiz-bank': () => ({ templates: [], topics: [] }),
    [`PUT ${quizPath}`]: () => ({
      assignment_id: 'a1',
      attempts_allowed: 1,
      time_limit_minutes: null,
      total_points: 1,
      questions: [],
    }),
  });

describe('the quiz builder', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds the teacher's own formula question with its symbols and sends it with the quiz", async () => {
    const calls = quizBackend();
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

  it("sends the teacher's feedback for the options given one, in English and Chinese", async () => {
    const calls = quizBackend();
    const user = userEvent.setup();
    renderPage(<QuizBuilder courseId="c1" assignmentId="a1" />);
    await user.type((await screen.findAllByLabelText('Question'))[0]!, 'Which change doubles B?');
    await user.type(
      screen.getByLabelText('Options, one a line'),
      'Doubling I{Enter}Doubling R{Enter}Halving I',
    );
    // One feedback field an option, named by it.
    expect(screen.getAllByLabelText(/^Feedback when “.*” is chosen/)).toHaveLength(3);
    await user.type(
      screen.getByLabelText(/^Feedback when “Doubling R” is chosen/),
      'B falls as 1/R: a bigger loop gives a weaker field.',
    );
    await user.type(screen.getByLabelText(/^Feedback when “Halving I” is chosen/), '   ');
    await user.click(screen.getByRole('combobox', { name: 'The right option' }));
    await user.click(await screen.findByRole('option', { name: 'Doubling I', hidden: true }));
    expect(screen.getByText('Optional: why it is right')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add the multiple-choice question' }));
    // The form starts empty again, feedback included.
    expect(screen.queryAllByLabelText(/^Feedback when/)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save the quiz' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      questions: [
        {
          custom: {
            kind: 'choice',
            prompt: 'Which change doubles B?',
            options: [
              { text: 'Doubling I', correct: true },
              {
                text: 'Doubling R',
                correct: false,
                feedback: 'B falls as 1/R: a bigger loop gives a weaker field.',
              },
              { text: 'Halving I', correct: false },
            ],
          },
        },
      ],
    });

    await i18n.changeLanguage('zh');
    await user.type(screen.getByLabelText('选项，每行一个'), '加倍电流');
    expect(screen.getByLabelText(/^选了“加倍电流”时的反馈/)).toBeTruthy();
  });
});
