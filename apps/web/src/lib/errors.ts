import { ApiError } from '@faraday/client';
import type { TFunction } from 'i18next';
import { retryWhen } from './format';

/** Every failure as a sentence: the server's message, or ours for what never reached it. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    if (error.status === 429 && error.retryAfter) {
      return `${error.message} ${t('errors.retryIn', { when: retryWhen(error.retryAfter) })}`;
    }
    return error.details && error.status === 400 ? `${error.message} (${error.details})` : error.message;
  }
  return t('errors.unexpected');
}

/**
 * The form field an error belongs to, to show its message beside the field: the one a validation
 * error names in `details`, or the field a known code is about (e.g. COURSE_CODE_EXISTS → code).
 */
export function fieldOf(error: unknown, byCode: Record<string, string> = {}): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (byCode[error.code]) return byCode[error.code];
  return error.status === 400 ? error.field : undefined;
}
