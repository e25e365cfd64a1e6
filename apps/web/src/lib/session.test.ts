import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, fakeBackend } from '../test/fake-backend';
import { api, restoreSession } from './api';
import { type EndReason, session } from './session';

const me = {
  id: 'u1',
  username: 'kim',
  name: 'Kim',
  email: 'kim@example.edu',
  role: 'student',
  permissions: [],
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
  must_change_password: false,
};

function tokenAnswer(accessToken: string, userId = 'u1', expiresIn = 900) {
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: expiresIn,
    user_id: userId,
    username: 'kim',
    role: 'student',
    must_change_password: false,
    password_change_required: false,
  };
}

/** Another tab of the same browser, speaking on the session's channel. */
function otherTab(message: unknown): void {
  const channel = new BroadcastChannel('faraday.session');
  channel.postMessage(message);
  channel.close();
}

function endings(): (EndReason | null)[] {
  const seen: (EndReason | null)[] = [];
  const stop = session.subscribe((reason) => seen.push(reason));
  onTestFinished(stop);
  return seen;
}

describe('the session of a tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.expire('signed-out');
  });

  it('renews a token about to expire once, before the calls that need it', async () => {
    let refreshes = 0;
    const calls = fakeBackend({
      'POST /api/v1/auth/refresh': () => {
        refreshes += 1;
        return tokenAnswer('renewed');
      },
      'GET /api/v1/auth/me': () => me,
    });
    const headers: string[] = [];
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      headers.push(String((init?.headers as Record<string, string> | undefined)?.authorization));
      return fetchStub(input, init);
    });
    // 30 s left: inside the renewal margin.
    session.start(tokenAnswer('old', 'u1', 30), 'none');
    await Promise.all([api.auth.me(), api.auth.me()]);
    expect(refreshes).toBe(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/auth/refresh',
      'GET /api/v1/auth/me',
      'GET /api/v1/auth/me',
    ]);
    // The refresh itself carries no token (the cookie is its credential).
    expect(headers).toEqual(['undefined', 'Bearer renewed', 'Bearer renewed']);
    expect(session.token()).toBe('renewed');
  });

  it('returns to sign-in when the server refuses the renewal', async () => {
    const seen = endings();
    fakeBackend({
      'POST /api/v1/auth/refresh': () => apiError(401, 'TOKEN_REVOKED', 'revoked'),
      'GET /api/v1/auth/me': () => apiError(401, 'UNAUTHORIZED', 'no token'),
    });
    session.start(tokenAnswer('old', 'u1', 30), 'none');
    await expect(api.auth.me()).rejects.toMatchObject({ status: 401 });
    expect(session.token()).toBeNull();
    expect(seen).toContain('signed-out');
  });

  it('keeps the session when the server cannot be reached for a renewal', async () => {
    session.start(tokenAnswer('old', 'u1', 30), 'none');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network down');
    });
    await expect(api.auth.me()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(session.token()).toBe('old');
  });

  it('restores the session of a new tab from the cookie, or says why it cannot', async () => {
    fakeBackend({ 'POST /api/v1/auth/refresh': () => tokenAnswer('restored') });
    expect(await restoreSession()).toBeNull();
    expect(session.token()).toBe('restored');
    session.expire('signed-out');

    for (const [code, reason] of [
      ['TOKEN_EXPIRED', 'expired'],
      ['TOKEN_REVOKED', 'signed-out'],
      ['UNAUTHORIZED', null],
    ] as const) {
      fakeBackend({ 'POST /api/v1/auth/refresh': () => apiError(401, code, 'no') });
      expect(await restoreSession(), code).toBe(reason);
      expect(session.token()).toBeNull();
    }
  });

  it('knows from the token answer whether a password change is enforced, asking nothing else', async () => {
    for (const [flags, change] of [
      [{ must_change_password: true, password_change_required: true }, 'required'],
      [{ must_change_password: true, password_change_required: false }, 'reminder'],
      [{ must_change_password: false, password_change_required: false }, 'none'],
    ] as const) {
      const calls = fakeBackend({ 'POST /api/v1/auth/refresh': () => ({ ...tokenAnswer('t'), ...flags }) });
      expect(await restoreSession()).toBeNull();
      expect(session.mustChangePassword(), change).toBe(change === 'required');
      // No probe such as GET /me/due-assignments, which a pending account is refused (403).
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/auth/refresh']);
      session.expire('signed-out');
    }
  });

  it('signs out when another tab signs out, or signs in as someone else', async () => {
    const seen = endings();
    session.start(tokenAnswer('mine'), 'none');
    otherTab({ type: 'signed-in', userId: 'u1' });
    otherTab({ type: 'signed-out' });
    await vi.waitFor(() => expect(session.token()).toBeNull());
    expect(seen).toEqual([null, 'signed-out']);

    session.start(tokenAnswer('mine'), 'none');
    otherTab({ type: 'signed-in', userId: 'someone-else' });
    await vi.waitFor(() => expect(session.token()).toBeNull());
  });
});
