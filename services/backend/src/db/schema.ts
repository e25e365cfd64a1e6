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
  /** Tokens issued before this instant are revoked (password change, disable). */
  tokens_valid_after: string | null;
}

export interface Database {
  users: UsersTable;
}
