import { ApiError } from '@faraday/client';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { runErrorMessage, serverFieldErrors } from './lab-errors';

const t = i18n.t.bind(i18n);

describe('server errors of a run', () => {
  it('puts INVALID_PARAMETERS details beside the fields they name', () => {
    const error = new ApiError(
      400,
      'INVALID_PARAMETERS',
      'Invalid point_charges parameters: charges[0].q, grid_size',
      'charges[0].q: must be at most 1000 (got 5000); grid_size: must be an integer (got 2.5)',
    );
    expect(serverFieldErrors(error)).toEqual({
      'charges[0].q': 'must be at most 1000 (got 5000)',
      grid_size: 'must be an integer (got 2.5)',
    });
    expect(runErrorMessage(error, t)).toBe(
      'The simulation service did not accept these parameters. Details: charges[0].q: must be at most 1000 (got 5000); grid_size: must be an integer (got 2.5)',
    );
    expect(serverFieldErrors(new ApiError(422, 'MEMORY_LIMIT_EXCEEDED', 'x', 'a: b'))).toEqual({});
  });

  it('says what to do for the memory limit, the time limit and the rate limit (with its wait)', () => {
    const memory = new ApiError(
      422,
      'MEMORY_LIMIT_EXCEEDED',
      'too large',
      'laplace2d uses 4,000,000 grid points; the limit is 100,000',
    );
    expect(runErrorMessage(memory, t)).toMatch(/too large for the memory limit.*4,000,000 grid points/);
    expect(runErrorMessage(new ApiError(504, 'TIMEOUT', 'slow'), t)).toMatch(/longer than the time limit/);
    expect(runErrorMessage(new ApiError(429, 'RATE_LIMITED', 'slow down', undefined, undefined, 42), t)).toBe(
      'You have started many runs in a short time. Try again in 42 seconds.',
    );
    expect(runErrorMessage(new ApiError(429, 'RATE_LIMITED', 'slow down'), t)).toMatch(/Wait a little/);
  });

  it('speaks Chinese when the user does', async () => {
    await i18n.changeLanguage('zh');
    try {
      expect(
        runErrorMessage(new ApiError(429, 'RATE_LIMITED', 'x', undefined, undefined, 7), i18n.t.bind(i18n)),
      ).toBe('短时间内运行次数过多，请在 7 秒后再试。');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
