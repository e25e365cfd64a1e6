import { AppError, type TokenResponse } from '@faraday/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrowserCookie, StartedSession } from './sessions.js';

/** The browser session's cookie: sent only to the renewal route, so it authenticates nothing else. */
export const SESSION_COOKIE = 'faraday_session';
export const SESSION_COOKIE_PATH = '/api/v1/auth/refresh';

/**
 * Sets, reads and clears the session cookie (HttpOnly, SameSite=Strict, Secure outside
 * development) and refuses it from any origin but the application's own: SameSite keeps other
 * sites' requests from carrying it, and the Origin check is the second lock (docs/adr/0095).
 */
export class SessionCookie {
  private readonly options;
  private readonly publicOrigin: string;

  constructor(settings: { secure: boolean; publicUrl: string }) {
    this.options = {
      httpOnly: true,
      secure: settings.secure,
      sameSite: 'strict',
      path: SESSION_COOKIE_PATH,
    } as const;
    this.publicOrigin = new URL(settings.publicUrl).origin;
  }

  /**
   * Browsers send Origin with every POST; it must name this server (the Host it was asked
   * for, or PUBLIC_URL behind a proxy that rewrites Host). A missing or foreign Origin means the
   * request did not come from the web application, so its cookie is not taken as a credential.
   */
  assertSameOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin === this.publicOrigin) return;
    let host: string | undefined;
    try {
      host = origin ? new URL(origin).host : undefined;
    } catch {
      host = undefined;
    }
    if (host === undefined || host !== request.host) {
      throw new AppError(
        'UNAUTHORIZED',
        'A browser session is accepted only from the web application itself (the Origin header must name this server)',
      );
    }
  }

  read(request: FastifyRequest): string | undefined {
    return request.cookies[SESSION_COOKIE];
  }

  set(reply: FastifyReply, cookie: BrowserCookie): void {
    const maxAge = Math.max(0, Math.floor((cookie.expiresAt.getTime() - Date.now()) / 1000));
    reply.setCookie(SESSION_COOKIE, cookie.secret, { ...this.options, maxAge });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, this.options);
  }

  /** The answer's token, with the session cookie set when a browser session was started. */
  answer(reply: FastifyReply, started: StartedSession): TokenResponse {
    if (started.cookie) this.set(reply, started.cookie);
    return started.token;
  }
}

/** The cookie's settings from the backend's configuration: Secure everywhere but development. */
export function sessionCookieOf(config: { appEnv: string; publicUrl: string }): SessionCookie {
  return new SessionCookie({ secure: config.appEnv !== 'development', publicUrl: config.publicUrl });
}
