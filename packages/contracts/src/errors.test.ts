import { describe, expect, it } from 'vitest';
import { failureFromAppError, ok } from './envelope.js';
import { AppError, errorCatalogue, errorCodes, isErrorCode, statusOf } from './errors.js';

// The statuses docs/api-contract.md lists, written out independently of the catalogue so that a change
// to either one shows up here.
const expectedStatus: Record<string, number> = {
  INVALID_CREDENTIALS: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  COURSE_NOT_FOUND: 404,
  COURSE_CODE_EXISTS: 409,
  MEMBER_ALREADY_EXISTS: 409,
  INVITE_CODE_INVALID: 400,
  LATE_CUTOFF_PASSED: 409,
  ASSIGNMENT_OVERDUE: 409,
  RESOURCE_TOO_LARGE: 413,
  INVALID_PARAMETERS: 400,
  COMPUTATION_FAILED: 500,
  CONVERGENCE_ERROR: 422,
  MEMORY_LIMIT_EXCEEDED: 422,
  TIMEOUT: 504,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REVOKED: 401,
  ACCOUNT_LOCKED: 429,
  WEAK_PASSWORD: 400,
  COURSE_FULL: 409,
  ASSIGNMENT_NOT_FOUND: 404,
  ANNOUNCEMENT_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  RUBRIC_NOT_FOUND: 404,
  CALENDAR_FEED_NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  SIMULATION_NOT_FOUND: 404,
  TASK_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  SUBMISSION_NOT_FOUND: 404,
  CONVERSATION_NOT_FOUND: 404,
  NOT_FOUND: 404,
  ATTEMPT_SUPERSEDED: 409,
  RUBRIC_IN_USE: 409,
  GRADED_BY_RUBRIC: 409,
  GRADE_IMPORT_STALE: 409,
  GRADE_IMPORT_INVALID: 400,
  RESUBMISSION_NOT_ALLOWED: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  STORAGE_QUOTA_EXCEEDED: 413,
  ATTEMPT_LIMIT_REACHED: 429,
  UPLOADS_IN_PROGRESS: 429,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_ERROR: 400,
  EXERCISE_ANSWER_INVALID: 400,
  QUIZ_ATTEMPTS_USED: 409,
  QUIZ_TIME_UP: 409,
  QUIZ_HAS_ATTEMPTS: 409,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
  UPSTREAM_BAD_RESPONSE: 502,
  ROUTING_FORBIDDEN: 403,
  SIMULATION_BUSY: 503,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

describe('error catalogue', () => {
  it('has exactly the codes of the design table', () => {
    expect([...errorCodes].sort()).toEqual(Object.keys(expectedStatus).sort());
  });

  it.each(Object.entries(expectedStatus))('%s answers HTTP %i', (code, status) => {
    expect(isErrorCode(code)).toBe(true);
    if (!isErrorCode(code)) return;
    expect(statusOf(code)).toBe(status);
    expect(new AppError(code).status).toBe(status);
  });

  it('gives every code a non-empty default message', () => {
    for (const code of errorCodes) expect(errorCatalogue[code].message.length).toBeGreaterThan(5);
  });

  it('rejects unknown codes', () => {
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('envelope', () => {
  it('wraps data', () => {
    expect(ok({ status: 'ok' })).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('renders an AppError with details and required_permission only when present', () => {
    const plain = failureFromAppError(new AppError('COURSE_NOT_FOUND'));
    expect(plain).toEqual({
      success: false,
      error: { code: 'COURSE_NOT_FOUND', message: 'Course not found' },
    });
    const denied = failureFromAppError(
      new AppError('INSUFFICIENT_PERMISSIONS', undefined, {
        requiredPermission: 'user:manage',
        details: 'x',
      }),
    );
    expect(denied.error).toMatchObject({ required_permission: 'user:manage', details: 'x' });
  });
});
