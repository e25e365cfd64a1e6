import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { renderPage } from '../../../test/render';
import SignInPage from './SignInPage';

/** A stand-in for the backend's HTTP answers: envelope bodies as the real server sends them. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('sign-in form', () => {
  const calls: { url: string; body: unknown }[] = [];

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    calls.length = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.startsWith('/api/v1/auth/corpchat/oauth-url')) {
        return answer(503, {
          success: false,
          error: { code: 'UPSTREAM_UNAVAILABLE', message: 'not configured' },
        });
      }
      if (url === '/api/v1/auth/login') {
        if (body.username === 'locked') {
          return answer(
            429,
            {
              success: false,
              error: { code: 'ACCOUNT_LOCKED', message: 'Too many failed sign-ins for this account.' },
            },
            { 'retry-after': '840' },
          );
        }
        return body.password === 'right-pass1'
          ? answer(200, {
              success: true,
              data: {
                access_token: 'tok',
                token_type: 'Bearer',
                expires_in: 86400,
                user_id: 'u1',
                username: body.username,
                role: 'teacher',
                must_change_password: false,
                password_change_required: false,
              },
            })
          : answer(401, {
              success: false,
              error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' },
            });
      }
      return answer(404, { success: false, error: { code: 'NOT_FOUND', message: 'nope' } });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    session.expire('signed-out');
  });

  it('labels its fields and button, and hides corporate chat when it is not configured', async () => {
    renderPage(<SignInPage />, '/sign-in');
    expect(screen.getByLabelText(/Username/)).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('oauth-url'))).toBe(true));
    expect(screen.queryByText('Sign in with corporate chat')).toBeNull();
  });

  it("says a wrong password in the reader's words and keeps no token", async () => {
    renderPage(<SignInPage />, '/sign-in');
    await userEvent.type(screen.getByLabelText(/Username/), 'teacher');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The username or password is not right.',
    );
    expect(session.token()).toBeNull();
  });

  it('tells a locked account when to try again', async () => {
    renderPage(<SignInPage />, '/sign-in');
    await userEvent.type(screen.getByLabelText(/Username/), 'locked');
    await userEvent.type(screen.getByLabelText(/Password/), 'right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins: the account is locked for a while. Try again in 14 minutes.',
    );
    expect(session.token()).toBeNull();
  });

  it('keeps the token in memory only, asks for a browser session and leaves the sign-in page on success', async () => {
    renderPage(<SignInPage />, '/sign-in');
    await userEvent.type(screen.getByLabelText(/Username/), 'teacher');
    await userEvent.type(screen.getByLabelText(/Password/), 'right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('elsewhere');
    expect(session.token()).toBe('tok');
    expect(calls.find((c) => c.url === '/api/v1/auth/login')?.body).toEqual({
      username: 'teacher',
      password: 'right-pass1',
      browser_session: true,
    });
    expect(JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })).not.toContain('tok');
  });

  it('speaks Chinese when the language is switched', async () => {
    await i18n.changeLanguage('zh');
    renderPage(<SignInPage />, '/sign-in');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByLabelText(/用户名/)).toBeTruthy();
  });
});
