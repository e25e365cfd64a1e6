import { ApiError } from '@faraday/client';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/errors';

/** The server's INVALID_PARAMETERS details ("charges[0].q: must be ≤ 1000 (got 5000); nx: …") by path. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_PARAMETERS' || !error.details) return {};
  const out: Record<string, string> = {};
  for (const line of error.details.split('; ')) {
    const match = /^([\w.[\]]+): (.+)$/.exec(line);
    if (match?.[1] && match[2] && !out[match[1]]) out[match[1]] = match[2];
  }
  return out;
}

/** A failed run as sentences a student can act on, in their language, with the server's details. */
export function runErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return errorMessage(error, t);
  const details = error.details ? ` ${t('lab.errors.details', { details: error.details })}` : '';
  switch (error.code) {
    case 'INVALID_PARAMETERS':
      return `${t('lab.errors.invalid')}${details}`;
    case 'MEMORY_LIMIT_EXCEEDED':
      return `${t('lab.errors.memory')}${details}`;
    case 'TIMEOUT':
    case 'UPSTREAM_TIMEOUT':
      return t('lab.errors.timeout');
    case 'CONVERGENCE_ERROR':
      return `${t('lab.errors.convergence')}${details}`;
    case 'RATE_LIMITED':
      return error.retryAfter
        ? t('lab.errors.rateLimitedFor', { seconds: error.retryAfter })
        : t('lab.errors.rateLimited');
    case 'SIMULATION_BUSY':
      return error.retryAfter ? t('lab.errors.busyFor', { seconds: error.retryAfter }) : t('lab.errors.busy');
    default:
      return errorMessage(error, t);
  }
}
