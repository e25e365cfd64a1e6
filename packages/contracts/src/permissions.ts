/** Roles and permissions as data (docs/api-contract.md, Permissions); one hook checks them. */
export const roles = ['admin', 'teacher', 'student'] as const;
export type Role = (typeof roles)[number];

export const permissions = ['course:read', 'course:write', 'ai:use', 'sim:use', 'user:manage'] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['course:read', 'course:write', 'ai:use', 'sim:use', 'user:manage'],
  teacher: ['course:read', 'course:write', 'ai:use', 'sim:use'],
  student: ['course:read', 'ai:use', 'sim:use'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export function permissionsOf(role: Role): readonly Permission[] {
  return rolePermissions[role];
}

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
