import { describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.js';
import { loginAs } from './support/auth.js';
import { testDatabaseFactories } from './support/databases.js';

const PROD = { APP_ENV: 'prod', JWT_SECRET: 'p'.repeat(40), BCRYPT_COST: '4' };

describe('demo accounts', () => {
  it('seeds admin, teacher and student once, marked must-change, with the development passwords', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    try {
      const first = await buildTestApp(database, { BCRYPT_COST: '4' });
      const warned = first.logs.lines.find((l) => String(l.msg).startsWith('Demo accounts created'));
      expect(String(warned?.msg)).toContain('teacher / teacher123');
      const users = await first.app.db
        .selectFrom('users')
        .select(['username', 'role', 'must_change_password'])
        .execute();
      expect(users.map((u) => [u.username, u.role, Number(u.must_change_password)]).sort()).toEqual([
        ['admin', 'admin', 1],
        ['student', 'student', 1],
        ['teacher', 'teacher', 1],
      ]);
      await first.app.close();
      const second = await buildTestApp(database, { BCRYPT_COST: '4' });
      expect(await second.app.db.selectFrom('users').select('id').execute()).toHaveLength(3);
      expect(await loginAs(second.app, 'student')).toEqual(expect.any(String));
      await second.app.close();
    } finally {
      await database.drop();
    }
  });

  it('never uses the default passwords in production: generated and printed once, or from the environment', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    try {
      const t = await buildTestApp(database, { ...PROD, DEMO_TEACHER_PASSWORD: 'Teach3rSecret' });
      const message = String(
        t.logs.lines.find((l) => String(l.msg).startsWith('Demo accounts created'))?.msg,
      );
      const generated = /admin: admin \/ (\w+)/.exec(message)?.[1];
      expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(message).not.toContain('Teach3rSecret');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'admin', password: 'admin123' },
      });
      expect(refused.statusCode).toBe(401);
      expect(await loginAs(t.app, 'admin', generated)).toEqual(expect.any(String));
      expect(await loginAs(t.app, 'teacher', 'Teach3rSecret')).toEqual(expect.any(String));
      await t.app.close();
    } finally {
      await database.drop();
    }
  });

  it('refuses to start in production when a demo password is set to its default', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    try {
      await expect(buildTestApp(database, { ...PROD, DEMO_ADMIN_PASSWORD: 'admin123' })).rejects.toThrow(
        /DEMO_ADMIN_PASSWORD may not be the default/,
      );
    } finally {
      await database.drop();
    }
  });
});
