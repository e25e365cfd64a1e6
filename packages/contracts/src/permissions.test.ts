import { describe, expect, it } from 'vitest';
import { pageOffset, paginationQuerySchema } from './pagination.js';
import { isRole, permissions, permissionsOf, roleHasPermission } from './permissions.js';

describe('role permissions', () => {
  it('gives admin all five permissions', () => {
    expect([...permissionsOf('admin')].sort()).toEqual([...permissions].sort());
  });
  it('gives teachers everything but user:manage', () => {
    expect(roleHasPermission('teacher', 'course:write')).toBe(true);
    expect(roleHasPermission('teacher', 'user:manage')).toBe(false);
  });
  it('gives students read, ai and sim only', () => {
    expect([...permissionsOf('student')].sort()).toEqual(['ai:use', 'course:read', 'sim:use']);
  });
  it('recognises roles', () => {
    expect(isRole('teacher')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
});

describe('pagination query', () => {
  it('defaults to page 1 of 20', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
  });
  it('coerces query strings and computes the offset', () => {
    const q = paginationQuerySchema.parse({ page: '3', limit: '50' });
    expect(pageOffset(q)).toBe(100);
  });
  it('rejects limits over 100 and pages below 1', () => {
    expect(paginationQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
  });
});
