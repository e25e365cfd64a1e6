import type { Db } from '../db/database.js';
import { MINUTE_MS } from '../shared/time.js';
import type { ThrottlePolicy } from './login-throttle.repository.js';
import type { PasswordHasher } from './passwords.js';
import type { TokenSigner } from './tokens.js';

/** What the identity use cases need, built once at start. */
export interface IdentityContext {
  db: Db;
  signer: TokenSigner;
  hasher: PasswordHasher;
  throttle: ThrottlePolicy;
  /**
   * Accounts whose must-change flag is reported but not enforced: outside production the demo
   * accounts, so a fresh install can be tried at once with the documented passwords.
   */
  passwordChangeExempt: (username: string) => boolean;
}

/**
 * 5 failures for a username within 15 minutes lock it for 15 minutes, counted per client address so
 * nobody can lock another person out (docs/adr/0012-login-failures-and-passwords.md). From all
 * addresses together, past 20 failures in the window every attempt waits 2 s before it is checked.
 */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  maxFailures: 5,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
  slowAfterFailures: 20,
  slowdownMs: 2_000,
};
