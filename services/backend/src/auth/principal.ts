import { AppError, type Permission, type Role } from '@faraday/contracts';
import { type AccountRow, findTokenState } from './auth-tokens.repository.js';
import type { IdentityContext } from './identity-context.js';

/** The signed-in caller of a request, from a verified, unrevoked token. */
export interface Principal {
  userId: string;
  username: string;
  role: Role;
  permissions: readonly Permission[];
  jti: string;
  expiresAt: Date;
  /** The account has a temporary password that must be changed before anything else. */
  passwordChangeRequired: boolean;
  /** The caller's user row, read with the token's state (no second query for who they are). */
  account: AccountRow;
}

export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Steps 1 and 2 of the contract's check order: the token must be present, signed by us, unexpired,
 * not revoked and its user must still be enabled; then its role and permissions are what the caller
 * may do.
 */
export async function authenticate(
  ctx: IdentityContext,
  authorization: string | undefined,
): Promise<Principal> {
  const token = bearerTokenOf(authorization);
  if (!token) throw new AppError('UNAUTHORIZED', 'A bearer token is required');
  const claims = await ctx.signer.verify(token);
  const state = await findTokenState(ctx.db, claims.jti, claims.user_id);
  if (!state || state.revoked || Number(state.account.disabled) === 1) throw new AppError('TOKEN_REVOKED');
  return {
    userId: claims.user_id,
    username: claims.username,
    role: claims.role,
    permissions: claims.permissions,
    jti: claims.jti,
    expiresAt: new Date(claims.exp * 1000),
    passwordChangeRequired:
      Number(state.account.must_change_password) === 1 && !ctx.passwordChangeExempt(claims.username),
    account: state.account,
  };
}
