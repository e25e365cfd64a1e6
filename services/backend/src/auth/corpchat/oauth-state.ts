import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@faraday/contracts';
import { MINUTE_MS } from '../../shared/time.js';

export const OAUTH_STATE_LIFETIME_MS = 10 * MINUTE_MS;

const NONCE_BYTES = 12;
const BODY_HEX = NONCE_BYTES * 2 + 8; // nonce, then the expiry in Unix seconds as 8 hex digits
const STATE_PATTERN = /^[0-9a-f]{96}$/; // body + 64 hex of HMAC-SHA256

/**
 * The OAuth `state`: proves that a callback belongs to an authorization this backend started,
 * less than 10 minutes ago. The provider accepts only [a-zA-Z0-9] and at most 128 bytes, so
 * the state is fixed-width lower-case hex rather than dotted fields: a random nonce, the
 * expiry, and an HMAC-SHA256 of both under a key derived from the JWT secret (its own key,
 * so a state can never pass for anything else signed with that secret).
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly lifetimeMs = OAUTH_STATE_LIFETIME_MS,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'faraday/corpchat/oauth-state', 32));
  }

  issue(now: number = Date.now()): string {
    const nonce = randomBytes(NONCE_BYTES).toString('hex');
    const expiry = Math.ceil((now + this.lifetimeMs) / 1000)
      .toString(16)
      .padStart(8, '0');
    return `${nonce}${expiry}${this.mac(nonce + expiry)}`;
  }

  check(state: string, now: number = Date.now()): 'valid' | 'invalid' | 'expired' {
    if (!STATE_PATTERN.test(state)) return 'invalid';
    const body = state.slice(0, BODY_HEX);
    const given = Buffer.from(state.slice(BODY_HEX), 'hex');
    if (!timingSafeEqual(given, Buffer.from(this.mac(body), 'hex'))) return 'invalid';
    const expiresAt = Number.parseInt(body.slice(NONCE_BYTES * 2), 16) * 1000;
    return now < expiresAt ? 'valid' : 'expired';
  }

  /** Throws 400 VALIDATION_ERROR unless the state is one we issued and it has not expired. */
  assertValid(state: string, now: number = Date.now()): void {
    const verdict = this.check(state, now);
    if (verdict === 'expired') {
      throw new AppError('VALIDATION_ERROR', 'The login state has expired; start the login again', {
        details: 'state',
      });
    }
    if (verdict === 'invalid') {
      throw new AppError('VALIDATION_ERROR', 'The login state was not issued by this server', {
        details: 'state',
      });
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('hex');
  }
}
