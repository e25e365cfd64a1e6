import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { AttemptList } from './AttemptList';

const attempt = (n: number) => ({
  attempt: n,
  content: `text of attempt ${n}`,
  attachments: [],
  submitted_at: `2026-11-0${n}T10:00:00.000Z`,
  is_late: false,
  score: n === 1 ? 7 : null,
  feedback: null,
  graded_by: null,
  graded_at: null,
  due_date: '2026-11-09T10:00:00.000Z',
  late_by_seconds: 0,
  late_penalty_percent: 0,
  final_score: n === 1 ? 7 : null,
});

const control = (n: number) => screen.getByRole('button', { name: new RegExp(`Attempt ${n}\\b`) });

describe('the attempts of a submission', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('opens the newest attempt after a resubmission, without a reload, and folds the older one', () => {
    const view = render(
      <MantineProvider>
        <AttemptList attempts={[attempt(1)]} maxScore={10} />
      </MantineProvider>,
    );
    expect(control(1).getAttribute('aria-expanded')).toBe('true');
    view.rerender(
      <MantineProvider>
        <AttemptList attempts={[attempt(1), attempt(2)]} maxScore={10} />
      </MantineProvider>,
    );
    expect(control(2).getAttribute('aria-expanded')).toBe('true');
    expect(control(1).getAttribute('aria-expanded')).toBe('false');
  });
});
