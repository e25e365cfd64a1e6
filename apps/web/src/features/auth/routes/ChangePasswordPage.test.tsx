import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { renderPage } from '../../../test/render';
import ChangePasswordPage from './ChangePasswordPage';

describe('change-password form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            data: {
              id: 'u1',
              username: 'ada',
              name: 'Ada',
              email: '',
              role: 'student',
              permissions: ['course:read'],
              created_at: '2026-01-01T00:00:00.000Z',
              last_login: null,
              must_change_password: true,
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the complexity rule as the user types and enables the button only when it holds', async () => {
    renderPage(<ChangePasswordPage />, '/change-password');
    await screen.findByText(/At least 8 characters/);
    expect(screen.getByText(/At most 72 bytes/).textContent).not.toContain('(done)');
    const button = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText(/Current password/), 'student123');
    await userEvent.type(screen.getByLabelText(/^New password/), 'abc');
    expect(screen.getByText(/At least 8 characters/).textContent).not.toContain('(done)');
    expect(screen.getByText(/A letter/).textContent).toContain('(done)');
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/^New password/), 'defgh1');
    expect(screen.getByText(/At least 8 characters/).textContent).toContain('(done)');
    expect(screen.getByText(/A digit/).textContent).toContain('(done)');
    await userEvent.type(screen.getByLabelText(/Repeat the new password/), 'abcdefgh1');
    expect(button.disabled).toBe(false);
  });
});
