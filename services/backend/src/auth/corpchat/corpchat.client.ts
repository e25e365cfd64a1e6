import { AppError } from '@faraday/contracts';
import { z } from 'zod';
import type { ReadyCorpchatConfig } from './corpchat.settings.js';
import { type Expiring, ExpiringValue } from './expiring-value.js';

const PROVIDER = 'The corporate chat provider';

/** errcodes meaning "this access token is invalid (40014) or expired (42001)": refetch it and retry once. */
const TOKEN_ERRCODES: ReadonlySet<number> = new Set([40014, 42001]);
const INVALID_CODE_ERRCODE = 40029;

/**
 * The provider answered HTTP 200 with errcode ≠ 0. By default a 502 with the provider's
 * errmsg in details; callers turn the errcodes they understand into better answers.
 */
export class ProviderError extends AppError {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    what: string,
  ) {
    super('UPSTREAM_BAD_RESPONSE', `${PROVIDER} refused ${what} (errcode ${errcode})`, {
      details: errmsg.slice(0, 300),
    });
  }
}

export type CorpchatIdentity = { member: true; userid: string } | { member: false };

export interface CorpchatProfile {
  name: string | undefined;
  email: string | undefined;
}

const errcodeSchema = z.object({ errcode: z.number().int().default(0), errmsg: z.string().default('') });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ticketSchema = z.object({ ticket: z.string().min(1), expires_in: z.number().positive() });
// `auth/getuserinfo` answers `userid` for members and only `openid` for anyone else.
const identitySchema = z.object({
  userid: z.string().min(1).max(64).optional(),
  openid: z.string().optional(),
});
const profileSchema = z.object({
  name: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  biz_mail: z.string().optional().catch(undefined),
});

/**
 * The provider's HTTP API (WeCom-style `/cgi-bin/...`). Every call has a deadline; transport
 * failures become UPSTREAM_* errors (refused or 5xx → 503, no answer in time → 504, not JSON or
 * not the expected shape → 502). The access token and the JS-SDK ticket are cached.
 */
export class CorpchatClient {
  private readonly accessToken: ExpiringValue;
  private readonly ticket: ExpiringValue;

  constructor(
    private readonly config: ReadyCorpchatConfig,
    now: () => number = Date.now,
  ) {
    this.accessToken = new ExpiringValue(() => this.fetchAccessToken(), now);
    this.ticket = new ExpiringValue(() => this.fetchTicket(), now);
  }

  /** Exchanges an authorization code for who the user is. */
  async identify(code: string): Promise<CorpchatIdentity> {
    let answer: unknown;
    try {
      answer = await this.callWithToken('auth/getuserinfo', { code }, 'the authorization code');
    } catch (error) {
      if (error instanceof ProviderError && error.errcode === INVALID_CODE_ERRCODE) {
        throw new AppError('UNAUTHORIZED', 'The corporate chat code is invalid or expired; log in again', {
          details: error.errmsg.slice(0, 300),
        });
      }
      throw error;
    }
    const identity = parse(identitySchema, answer, 'auth/getuserinfo');
    if (identity.userid) return { member: true, userid: identity.userid };
    if (identity.openid) return { member: false };
    throw badResponse('auth/getuserinfo', 'neither userid nor openid');
  }

  /** A member's name and e-mail address (work mail when there is no personal one). */
  async profile(userid: string): Promise<CorpchatProfile> {
    const answer = await this.callWithToken('user/get', { userid }, 'the member lookup');
    const profile = parse(profileSchema, answer, 'user/get');
    return { name: profile.name || undefined, email: profile.email || profile.biz_mail || undefined };
  }

  /** The JS-SDK ticket, cached until shortly before it expires. */
  jsapiTicket(): Promise<string> {
    return this.ticket.get();
  }

  private async fetchAccessToken(): Promise<Expiring> {
    const answer = await this.call(
      'gettoken',
      { corpid: this.config.corpId, corpsecret: this.config.secret },
      'the app credentials in CORPCHAT_CORP_ID and CORPCHAT_SECRET',
    );
    const token = parse(tokenSchema, answer, 'gettoken');
    return { value: token.access_token, expiresInSec: token.expires_in };
  }

  private async fetchTicket(): Promise<Expiring> {
    const answer = await this.callWithToken('get_jsapi_ticket', {}, 'the JS-SDK ticket request');
    const ticket = parse(ticketSchema, answer, 'get_jsapi_ticket');
    return { value: ticket.ticket, expiresInSec: ticket.expires_in };
  }

  /** A call that needs the access token; an invalid-token answer refetches the token and retries once. */
  private async callWithToken(api: string, params: Record<string, string>, what: string): Promise<unknown> {
    const token = await this.accessToken.get();
    try {
      return await this.call(api, { access_token: token, ...params }, what);
    } catch (error) {
      if (!(error instanceof ProviderError && TOKEN_ERRCODES.has(error.errcode))) throw error;
      this.accessToken.invalidate(token);
      const fresh = await this.accessToken.get();
      return this.call(api, { access_token: fresh, ...params }, what);
    }
  }

  private async call(api: string, params: Record<string, string>, what: string): Promise<unknown> {
    const url = `${this.config.apiBaseUrl}/cgi-bin/${api}?${new URLSearchParams(params).toString()}`;
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const timedOut = () =>
      new AppError('UPSTREAM_TIMEOUT', `${PROVIDER} did not answer within ${this.config.timeoutMs} ms`, {
        details: api,
      });
    let response: Response;
    try {
      response = await fetch(url, { signal: timeout });
    } catch (error) {
      if (timeout.aborted) throw timedOut();
      // The URL carries the secret or the access token: only the error's code is passed on.
      const reason = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new AppError('UPSTREAM_UNAVAILABLE', `${PROVIDER} is unreachable`, {
        details: typeof reason === 'string' ? `${api}: ${reason}` : api,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (timeout.aborted) throw timedOut();
      if (response.status >= 500) throw unavailable(api, response.status);
      throw badResponse(api, `HTTP ${response.status}, not JSON`);
    }
    if (response.status >= 500) throw unavailable(api, response.status);
    if (!response.ok) throw badResponse(api, `HTTP ${response.status}`);
    const { errcode, errmsg } = parse(errcodeSchema, body, api);
    if (errcode !== 0) throw new ProviderError(errcode, errmsg, what);
    return body;
  }
}

function unavailable(api: string, status: number): AppError {
  return new AppError('UPSTREAM_UNAVAILABLE', `${PROVIDER} answered HTTP ${status}`, { details: api });
}

function badResponse(api: string, problem: string): AppError {
  return new AppError('UPSTREAM_BAD_RESPONSE', `${PROVIDER} gave an unexpected answer`, {
    details: `${api}: ${problem}`,
  });
}

function parse<T extends z.ZodType>(schema: T, body: unknown, api: string): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badResponse(api, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid');
  }
  return result.data;
}
