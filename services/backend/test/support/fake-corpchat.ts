import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the corporate chat provider's HTTP API (WeCom-style `/cgi-bin/...`):
 * gettoken, auth/getuserinfo, user/get and get_jsapi_ticket, on 127.0.0.1 and a free port.
 * It counts calls, hands out single-use codes, and can be told to misbehave per API.
 */
export type FakeApi = 'gettoken' | 'auth/getuserinfo' | 'user/get' | 'get_jsapi_ticket';

export type FailureMode = 'hang' | 'http500' | 'not-json' | { errcode: number; errmsg: string };

export interface FakeMember {
  userid: string;
  name?: string;
  email?: string;
  biz_mail?: string;
}

const apis: readonly FakeApi[] = ['gettoken', 'auth/getuserinfo', 'user/get', 'get_jsapi_ticket'];

export class FakeCorpchat {
  readonly corpId = 'wwfakecorp0001';
  readonly secret = 'fake-app-secret';
  readonly calls: Record<FakeApi, number> = {
    gettoken: 0,
    'auth/getuserinfo': 0,
    'user/get': 0,
    get_jsapi_ticket: 0,
  };
  /** Lifetimes (seconds) the fake gives out, as the real provider's 7200. */
  tokenExpiresIn = 7200;
  ticketExpiresIn = 7200;
  /** The ticket most recently handed out. */
  lastTicket = '';

  private readonly members = new Map<string, FakeMember>();
  private readonly codes = new Map<string, { userid: string } | { openid: string }>();
  private readonly tokens = new Map<string, 'valid' | 'expired'>();
  private readonly failures = new Map<FakeApi, { mode: FailureMode; remaining: number }>();
  private readonly hanging = new Set<ServerResponse>();
  private issued = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeCorpchat> {
    let fake: FakeCorpchat | undefined;
    const server = createServer((req, res) => fake?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeCorpchat(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  async close(): Promise<void> {
    this.heal();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Adds (or replaces) a member of the organisation. */
  setMember(member: FakeMember): void {
    this.members.set(member.userid, member);
  }

  /** A fresh single-use authorization code for a member. */
  codeFor(userid: string): string {
    const code = `code${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { userid });
    return code;
  }

  /** A code for someone outside the organisation: the provider knows only their openid. */
  outsiderCode(): string {
    const code = `code${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { openid: `oOutsider${randomBytes(4).toString('hex')}` });
    return code;
  }

  /** Every access token handed out so far now answers 42001 (expired). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 'expired');
  }

  /** Makes the next `times` calls of `api` misbehave. */
  fail(api: FakeApi, mode: FailureMode, times = Number.POSITIVE_INFINITY): void {
    this.failures.set(api, { mode, remaining: times });
  }

  /** Back to normal; hanging requests are dropped. */
  heal(): void {
    this.failures.clear();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const api = apis.find((name) => url.pathname === `/cgi-bin/${name}`);
    const answer = api ? this.answer(api, url.searchParams) : { status: 404, body: 'no such api' };
    if (answer === 'hang') {
      this.hanging.add(res);
      return;
    }
    const json = typeof answer.body !== 'string';
    res.writeHead(answer.status, {
      'content-type': json ? 'application/json; charset=UTF-8' : 'text/html',
    });
    res.end(json ? JSON.stringify(answer.body) : answer.body);
  }

  private answer(api: FakeApi, q: URLSearchParams): Answer | 'hang' {
    this.calls[api]++;
    const failure = this.failures.get(api);
    if (failure && failure.remaining > 0) {
      failure.remaining--;
      if (failure.mode === 'hang') return 'hang';
      if (failure.mode === 'http500') return { status: 500, body: '<html>internal error</html>' };
      if (failure.mode === 'not-json') return { status: 200, body: '<html>maintenance</html>' };
      return ok(failure.mode);
    }
    if (api === 'gettoken') {
      if (q.get('corpid') !== this.corpId) return ok({ errcode: 40013, errmsg: 'invalid corpid' });
      if (q.get('corpsecret') !== this.secret) return ok({ errcode: 40001, errmsg: 'invalid credential' });
      const token = `token${++this.issued}x${randomBytes(8).toString('hex')}`;
      this.tokens.set(token, 'valid');
      return ok({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: this.tokenExpiresIn });
    }
    const tokenState = this.tokens.get(q.get('access_token') ?? '');
    if (tokenState === undefined) return ok({ errcode: 40014, errmsg: 'invalid access_token' });
    if (tokenState === 'expired') return ok({ errcode: 42001, errmsg: 'access_token expired' });
    switch (api) {
      case 'auth/getuserinfo': {
        const code = q.get('code') ?? '';
        const who = this.codes.get(code);
        if (!who) return ok({ errcode: 40029, errmsg: 'invalid code' });
        this.codes.delete(code); // codes are single-use
        return ok({ errcode: 0, errmsg: 'ok', ...who });
      }
      case 'user/get': {
        const member = this.members.get(q.get('userid') ?? '');
        if (!member) return ok({ errcode: 60111, errmsg: 'userid not found' });
        return ok({ errcode: 0, errmsg: 'ok', ...member });
      }
      case 'get_jsapi_ticket':
        this.lastTicket = `ticket${++this.issued}${randomBytes(16).toString('base64url')}`;
        return ok({ errcode: 0, errmsg: 'ok', ticket: this.lastTicket, expires_in: this.ticketExpiresIn });
    }
  }
}

interface Answer {
  status: number;
  /** JSON, or a string sent as HTML. */
  body: unknown;
}

function ok(body: object): Answer {
  return { status: 200, body };
}
