import { createFaradayClient } from '@faraday/client';
import { expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The admin's users page in a real browser: a login lock is seen with its time left and lifted,
 * account changes that sign someone out are confirmed first, and a CSV import takes the optional
 * password column row by row and reports each refused row in the reader's language.
 */
describeWith(['chromium'], 'the admin users page, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const words = {
    en: { import: 'Import CSV', run: 'Import' },
    zh: { import: '导入 CSV', run: '导入' },
  } as const;

  const adminPage = (lang: 'en' | 'zh', width: number) =>
    web.signedInPage('admin', 'admin123', { lang, width });

  const { a11y, check } = web;

  const adminApi = () => web.api('admin', 'admin123');

  /** Five wrong passwords lock the name from this address. */
  async function lockOut(username: string) {
    const anonymous = createFaradayClient({ baseUrl: web.platform.baseUrl });
    for (let i = 0; i < 5; i++) await anonymous.auth.login(username, 'Wrong1234').catch(() => undefined);
    await expect(anonymous.auth.login(username, 'Locked123x')).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
  }

  it('shows a lock with its time left and lifts it with Unlock', async () => {
    const api = await adminApi();
    await api.users.create({ username: 'locky', name: 'Lock Y', password: 'Locked123x', role: 'student' });
    await lockOut('locky');
    const page = await adminPage('en', 1366);
    await page.goto('/users');
    const badge = page.getByTestId('locked-locky');
    await expect.poll(() => badge.textContent()).toMatch(/^Locked · in 1[45] minutes$/);
    await check(page, 'users-locked', 'en');
    const narrow = await adminPage('zh', 375);
    await narrow.goto('/users');
    await expect
      .poll(() => narrow.getByTestId('locked-locky').textContent())
      .toMatch(/^已锁定 · 1[45] ?分钟后$/);
    await check(narrow, 'users-locked-375', 'zh');
    await page.getByRole('button', { name: 'Actions for locky' }).click();
    await page.getByRole('menuitem', { name: 'Unlock' }).click();
    await expect.poll(() => badge.count()).toBe(0);
    await expect(
      createFaradayClient({ baseUrl: web.platform.baseUrl }).auth.login('locky', 'Locked123x'),
    ).resolves.toMatchObject({ access_token: expect.any(String) });
  });

  it('asks before a role change or disabling, and does nothing on Cancel', async () => {
    const api = await adminApi();
    await api.users.create({ username: 'roley', name: 'Role Y', password: 'Roley123x', role: 'student' });
    const page = await adminPage('en', 1366);
    await page.goto('/users');
    await page.getByLabel('Search users').fill('roley');
    await page.getByRole('combobox', { name: 'Role of roley' }).click();
    await page.getByRole('option', { name: 'Teacher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await dialog.getByText('from Student to Teacher').waitFor();
    await check(page, 'users-confirm-role', 'en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await api.users.list({ search: 'roley' })).users[0]?.role).toBe('student');
    await page.getByRole('combobox', { name: 'Role of roley' }).click();
    await page.getByRole('option', { name: 'Teacher' }).click();
    await page
      .getByRole('dialog', { name: 'Change role?' })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expect.poll(async () => (await api.users.list({ search: 'roley' })).users[0]?.role).toBe('teacher');

    await page.getByRole('button', { name: 'Actions for roley' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable account?' });
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(async () => (await api.users.list({ search: 'roley' })).users[0]?.disabled).toBe(true);
  });

  for (const [lang, width] of [
    ['en', 1366],
    ['zh', 375],
  ] as const) {
    it(`imports CSV rows with and without a password, refusing a bad file row by row (${lang}, ${width} px)`, async () => {
      const page = await adminPage(lang, width);
      await page.goto('/users');
      await page.getByRole('button', { name: words[lang].import }).click();
      const dialog = page.getByRole('dialog');
      const csv = dialog.getByRole('textbox').first();
      await csv.fill(
        [
          'username,name,email,role,password',
          `${lang}a,With Password,,student,Withpass123`,
          `${lang}b,Without Password,,student`,
          `${lang}c,Bad Role,,wizard`,
        ].join('\n'),
      );
      await dialog.getByRole('button', { name: words[lang].run, exact: true }).click();
      const results = dialog.getByTestId('import-results');
      await results.waitFor();
      const expected =
        lang === 'en'
          ? ['Not imported', 'Not imported', 'Failed: Role: One of: admin, teacher, student']
          : ['未导入', '未导入', '失败：角色: 须为以下之一：admin, teacher, student'];
      for (const [i, text] of expected.entries()) {
        await expect.poll(() => results.locator('tbody tr').nth(i).textContent()).toContain(text);
      }
      await check(page, `users-import-refused-${width}`, lang);

      await csv.fill(
        [
          'username,name,email,role,password',
          `${lang}a,With Password,,student,Withpass123`,
          `${lang}b,Without Password,,student`,
        ].join('\n'),
      );
      await dialog.getByRole('button', { name: words[lang].run, exact: true }).click();
      await expect.poll(() => results.locator('tbody tr').nth(1).textContent()).toMatch(/·/);
      expect(await results.locator('tbody tr').nth(0).textContent()).not.toMatch(/·/);
      await check(page, `users-import-done-${width}`, lang);
      await expect(
        createFaradayClient({ baseUrl: web.platform.baseUrl }).auth.login(`${lang}a`, 'Withpass123'),
      ).resolves.toMatchObject({ access_token: expect.any(String) });
    });
  }

  it('puts a refused field’s problem on that field, in Chinese', async () => {
    const page = await adminPage('zh', 1366);
    await page.goto('/users');
    await page.getByRole('button', { name: '新建用户' }).click();
    const dialog = page.getByRole('dialog', { name: '新建用户' });
    await dialog.getByLabel(/^用户名/).fill('zhmail');
    await dialog.getByLabel(/^姓名/).fill('邮箱 错误');
    await dialog.getByLabel(/^邮箱/).fill('not-an-email');
    await dialog.getByLabel(/^临时密码/).fill('Zhmail123x');
    await dialog.getByRole('button', { name: '保存' }).click();
    const email = dialog.getByRole('textbox', { name: /^邮箱/ });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error')) ?? describedBy;
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('不是有效的邮箱地址');
    await check(page, 'users-create-field-error', 'zh');
  });

  it('has no accessibility violations of any impact on the states above, in either language or width', () => {
    expect(a11y).not.toEqual({});
    for (const [state, violations] of Object.entries(a11y)) expect(violations, state).toEqual([]);
  });
});
