import {
  AppError,
  isRole,
  permissions as knownPermissions,
  type Permission,
  type Role,
} from '@faraday/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { newId } from '../shared/ids.js';

export const TOKEN_LIFETIME_SECONDS = 86_400;
const ALGORITHM = 'HS256';

export interface TokenSubject {
  id: string;
  username: string;
  role: Role;
  permissions: readonly Permission[];
}

export interface IssuedToken {
  token: string;
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
}

const claimsSchema = z.object({
  user_id: z.string().min(1),
  username: z.string(),
  role: z.string().refine(isRole),
  permissions: z.array(z.enum(knownPermissions)),
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});

export type AccessClaims = Omit<z.infer<typeof claimsSchema>, 'role'> & { role: Role };

/** How many verified tokens are remembered: far above the tokens in use at once on one instance. */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were already checked, by their exact text. Checking an
   * HMAC through WebCrypto costs far more than the rest of an authenticated request, and a token
   * that verified once verifies again until it expires: only expiry is re-checked on a hit.
   * Revocation and disabled users are not cached here (the caller checks them on every request).
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(
    subject: TokenSubject,
    now: Date = new Date(),
    lifetimeSeconds: number = TOKEN_LIFETIME_SECONDS,
  ): Promise<IssuedToken> {
    const jti = newId();
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + lifetimeSeconds;
    const token = await new SignJWT({
      user_id: subject.id,
      username: subject.username,
      role: subject.role,
      permissions: [...subject.permissions],
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
  }

  /**
   * Checks signature (HS256 only: `none` and every other algorithm are refused), expiry and the
   * shape of the claims. Revocation is checked by the caller against the database.
   */
  async verify(token: string, now: Date = new Date()): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      if (known.exp * 1000 > now.getTime()) return known;
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED');
    }
    const claims = await this.verifySignature(token, now);
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_TOKENS_KEPT)
      this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  private async verifySignature(token: string, now: Date): Promise<AccessClaims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], currentDate: now }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('UNAUTHORIZED', 'The token is invalid');
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new AppError('UNAUTHORIZED', 'The token is invalid');
    return claims.data as AccessClaims;
  }
}
