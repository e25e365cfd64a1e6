import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppError } from '@faraday/contracts';
import { z } from 'zod';
import { MINUTE_MS } from '../../shared/time.js';
import type { CorpchatPerson } from './corpchat-accounts.js';

/** Where the development provider's authorization page and its approve step live. */
export const DEV_AUTHORIZE_PATH = '/api/v1/auth/corpchat/dev/authorize';
export const DEV_APPROVE_PATH = '/api/v1/auth/corpchat/dev/approve';

const CODE_LIFETIME_MS = 5 * MINUTE_MS;

/** Made-up members a developer can pick; any other userid can be typed in. */
export const DEV_MEMBERS: readonly CorpchatPerson[] = [
  { userid: 'zhangwei', name: '张伟', email: 'zhangwei@corp.example' },
  { userid: 'lina', name: 'Li Na', email: 'lina@corp.example' },
  { userid: 'alex.chen', name: 'Alex Chen', email: undefined },
];

export const devMemberSchema = z.object({
  userid: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only'),
  name: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !/\p{Cc}/u.test(value), 'may not contain control characters')
    .optional(),
});

/**
 * A stand-in for the corporate chat provider outside production when CORPCHAT_* are unset, like
 * OmniAuth's "developer" strategy: its authorization page lets a developer pick a made-up member,
 * and the code it hands back names that member, signed (HMAC under a key derived from the JWT
 * secret) and valid five minutes, so only codes this server issued sign anyone in.
 */
export class DevCorpchatProvider {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'faraday/corpchat/dev-code', 32));
  }

  authorizeUrl(origin: string, redirectUri: string, state: string): string {
    const query = new URLSearchParams({
      appid: 'faraday-dev',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
      agentid: 'dev',
    });
    return `${origin}${DEV_AUTHORIZE_PATH}?${query.toString()}`;
  }

  issueCode(member: CorpchatPerson, now: number = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...member, exp: now + CODE_LIFETIME_MS })).toString(
      'base64url',
    );
    return `dev.${body}.${this.mac(body)}`;
  }

  /** The member a code names; 401 for a code this server did not issue or that has expired. */
  memberOf(code: string, now: number = Date.now()): CorpchatPerson {
    const [prefix, body, mac] = code.split('.');
    const refused = new AppError('UNAUTHORIZED', 'The corporate chat code is invalid or has expired');
    if (prefix !== 'dev' || !body || !mac || mac.length !== 64) throw refused;
    if (!timingSafeEqual(Buffer.from(mac, 'hex'), Buffer.from(this.mac(body), 'hex'))) throw refused;
    const parsed = z
      .object({
        userid: z.string(),
        name: z.string().optional(),
        email: z.string().optional(),
        exp: z.number(),
      })
      .safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.exp < now) throw refused;
    return { userid: parsed.data.userid, name: parsed.data.name, email: parsed.data.email };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('hex');
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The development authorization page: pick a member (or type one) and go back with a code. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The development provider sends its code only back to this backend (as reached, or its
 * PUBLIC_URL) or to a page on the user's own machine (the web app's dev server): never to
 * another site, which could otherwise collect codes through a link to the provider.
 */
export function assertRedirectAllowed(redirectUri: string, ownOrigins: readonly string[]): void {
  const target = new URL(redirectUri);
  if (ownOrigins.includes(target.origin) || LOOPBACK_HOSTS.has(target.hostname)) return;
  throw new AppError('VALIDATION_ERROR', 'redirect_uri must be an address of this platform', {
    details: `redirect_uri: ${target.origin} is not this backend's origin nor a loopback address`,
  });
}

export function devAuthorizePage(redirectUri: string, state: string): string {
  const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
      <input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const presets = DEV_MEMBERS.map(
    (m) => `<li><form method="get" action="${DEV_APPROVE_PATH}">${hidden}
      <input type="hidden" name="userid" value="${escapeHtml(m.userid)}">
      <input type="hidden" name="name" value="${escapeHtml(m.name ?? '')}">
      <button type="submit">Sign in as ${escapeHtml(m.name ?? m.userid)} (${escapeHtml(m.userid)})</button></form></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corporate chat (development provider)</title>
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
li{list-style:none;margin:.5rem 0}button{font:inherit;padding:.5rem 1rem;cursor:pointer}
label{display:block;margin:.5rem 0}input[type=text]{font:inherit;padding:.4rem;width:100%}
.note{background:#fff4e5;border-left:4px solid #f59f00;padding:.75rem 1rem}</style></head>
<body><main>
<h1>Corporate chat sign-in (development)</h1>
<p class="note">This server has no corporate chat application configured (CORPCHAT_CORP_ID, CORPCHAT_AGENT_ID,
CORPCHAT_SECRET), so this built-in development provider stands in for it. It is never used in production.</p>
<h2>Pick a made-up member</h2>
<ul>${presets}</ul>
<h2>Or another one</h2>
<form method="get" action="${DEV_APPROVE_PATH}">${hidden}
  <label>Corporate user id <input type="text" name="userid" required pattern="[A-Za-z0-9._@-]+" maxlength="64"></label>
  <label>Name <input type="text" name="name" maxlength="100"></label>
  <button type="submit">Sign in</button>
</form>
</main></body></html>`;
}
