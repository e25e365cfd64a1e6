import { ApiError } from '@faraday/client';
import { errorCodes } from '@faraday/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { enErrors } from '../locales/en-errors';
import { zhErrors } from '../locales/zh-errors';
import { errorMessage, fieldProblems } from './errors';
import i18n from './i18n';
import { issueKinds, parseIssues } from './validation-issues';

const courseRefusal = new ApiError(
  400,
  'VALIDATION_ERROR',
  'The request is invalid',
  'body.code: Too small: expected string to have >=1 characters; ' +
    'body.semester: must look like 2025-2026-1 (YYYY-YYYY-n, n from 1 to 4); ' +
    'body.schedule.0.topic: Too small: expected string to have >=1 characters',
);
const courseFields = ['name', 'code', 'semester', 'schedule'];

describe('errors in the reader’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('has an English and a Chinese sentence for every code of the catalogue', () => {
    for (const code of errorCodes) {
      expect(enErrors.codes[code as keyof typeof enErrors.codes], code).toBeTruthy();
      expect(zhErrors.codes[code as keyof typeof zhErrors.codes], code).toBeTruthy();
      expect(zhErrors.codes[code as keyof typeof zhErrors.codes], code).not.toBe(
        enErrors.codes[code as keyof typeof enErrors.codes],
      );
    }
    // And nothing for codes the catalogue no longer has.
    expect(Object.keys(enErrors.codes).sort()).toEqual([...errorCodes].sort());
  });

  it('has both languages for every kind of broken field rule', () => {
    for (const kind of issueKinds) {
      expect(enErrors.validation[kind as keyof typeof enErrors.validation], kind).toBeTruthy();
      expect(zhErrors.validation[kind as keyof typeof zhErrors.validation], kind).toBeTruthy();
    }
  });

  it('puts each field’s problem on that field, in Chinese, with the row of a list field', async () => {
    await i18n.changeLanguage('zh');
    const problems = fieldProblems(courseRefusal, i18n.t, courseFields);
    expect(problems.byField).toEqual({
      code: '必填',
      semester: '学期格式如 2026-2027-1',
      schedule: '主题 (第 1 行): 必填',
    });
    expect(problems.summary).toBeNull();
  });

  it('names the fields a message away from the form is about, in English', () => {
    expect(errorMessage(courseRefusal, i18n.t)).toBe(
      'Some of what was entered is not accepted. Code: Required; Semester: Semester looks like 2026-2027-1; Topic (row 1): Required',
    );
  });

  it('says a lock once, with when to try again', async () => {
    const locked = new ApiError(
      429,
      'ACCOUNT_LOCKED',
      'Locked; try again in 15 minutes',
      undefined,
      undefined,
      900,
    );
    expect(errorMessage(locked, i18n.t)).toBe(
      'Too many failed sign-ins: the account is locked for a while. Try again in 15 minutes.',
    );
    await i18n.changeLanguage('zh');
    expect(errorMessage(locked, i18n.t)).toMatch(/^登录失败次数过多，账号已暂时锁定。/);
  });

  it('reads the options of a choice and leaves free-form details to the code’s sentence', () => {
    const [role] = parseIssues('role: Invalid option: expected one of "admin"|"teacher"|"student"');
    expect(role).toMatchObject({
      path: 'role',
      kind: 'oneOf',
      params: { options: 'admin, teacher, student' },
    });
    expect(parseIssues('at least 8 characters; a digit')).toEqual([]);
    expect(parseIssues('username', 'That username is taken')).toMatchObject([
      { path: 'username', kind: 'usernameTaken' },
    ]);
  });

  it('names the topics with checked exercises when guided learning has none for the one asked', async () => {
    const noPath = new ApiError(
      400,
      'VALIDATION_ERROR',
      'No guided path with checked exercises for this topic',
      'topic: no checked exercises for "Laplace"; try Gauss\'s law, Ampère\'s law',
    );
    await i18n.changeLanguage('zh');
    expect(errorMessage(noPath, i18n.t)).toContain(
      "课程中还没有关于「Laplace」的可自动批改的练习。可以试试：Gauss's law, Ampère's law",
    );
  });
});
