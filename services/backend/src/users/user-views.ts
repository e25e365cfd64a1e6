import { type CurrentUser, isRole, permissionsOf, type Role, type UserView } from '@faraday/contracts';
import type { AccountRow } from '../auth/auth-tokens.repository.js';
import type { UserRow } from './users.repository.js';

export function roleOf(row: Pick<UserRow, 'id' | 'role'>): Role {
  if (!isRole(row.role)) throw new Error(`User ${row.id} has an unknown role`);
  return row.role;
}

export function toUserView(row: UserRow, lockedUntil: string | null = null): UserView {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    disabled: Number(row.disabled) === 1,
    must_change_password: Number(row.must_change_password) === 1,
    corpchat_user_id: row.corpchat_user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login: row.last_login,
    locked_until: lockedUntil,
  };
}

export function toCurrentUser(row: AccountRow): CurrentUser {
  const role = roleOf(row);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role,
    permissions: [...permissionsOf(role)],
    created_at: row.created_at,
    last_login: row.last_login,
    must_change_password: Number(row.must_change_password) === 1,
  };
}
