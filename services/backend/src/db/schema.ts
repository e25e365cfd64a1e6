/**
 * Table types for Kysely. Portable column conventions (docs/decisions.md): ids are UUID v7
 * strings, timestamps ISO 8601 UTC strings, booleans 0/1 integers, JSON as text.
 */
export interface UsersTable {
  id: string;
  username: string;
  name: string;
  email: string;
  role: string;
  password_hash: string;
  must_change_password: number;
  disabled: number;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  corpchat_user_id: string | null;
}

export interface AuthTokensTable {
  jti: string;
  user_id: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginThrottleTable {
  username: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_throttle: LoginThrottleTable;
}
