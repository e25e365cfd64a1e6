/**
 * The error catalogue: every error code any Faraday service may answer with, its HTTP status
 * and the default message, as docs/api-contract.md lists them: the codes of the original
 * contract first, then those the platform added.
 * It is data so that services, clients and tests read the same table.
 */
export const errorCatalogue = {
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password' },
  INSUFFICIENT_PERMISSIONS: { status: 403, message: 'You do not have the permission this action requires' },
  COURSE_NOT_FOUND: { status: 404, message: 'Course not found' },
  COURSE_CODE_EXISTS: { status: 409, message: 'A course with this code already exists' },
  MEMBER_ALREADY_EXISTS: { status: 409, message: 'The user is already a member of this course' },
  INVITE_CODE_INVALID: { status: 400, message: 'The invite code is invalid or has expired' },
  ASSIGNMENT_OVERDUE: { status: 409, message: 'The assignment is past its due date' },
  RESOURCE_TOO_LARGE: { status: 413, message: 'The file is larger than the upload limit' },
  INVALID_PARAMETERS: { status: 400, message: 'Invalid simulation parameters' },
  COMPUTATION_FAILED: { status: 500, message: 'The computation failed' },
  CONVERGENCE_ERROR: {
    status: 422,
    message: 'The solver did not converge; raise max_iterations or the tolerance',
  },
  MEMORY_LIMIT_EXCEEDED: { status: 422, message: 'The problem is larger than the memory limit allows' },
  TIMEOUT: { status: 504, message: 'The computation took longer than the time limit' },

  UNAUTHORIZED: { status: 401, message: 'Authentication required' },
  TOKEN_EXPIRED: { status: 401, message: 'The token has expired; log in again' },
  TOKEN_REVOKED: { status: 401, message: 'The token has been revoked; log in again' },
  ACCOUNT_LOCKED: { status: 429, message: 'Too many failed logins; the account is locked for a while' },
  WEAK_PASSWORD: { status: 400, message: 'The password does not meet the complexity rules' },
  COURSE_FULL: { status: 409, message: 'The course has reached its maximum number of students' },
  ASSIGNMENT_NOT_FOUND: { status: 404, message: 'Assignment not found' },
  ANNOUNCEMENT_NOT_FOUND: { status: 404, message: 'Announcement not found' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  RUBRIC_NOT_FOUND: { status: 404, message: 'Rubric not found' },
  CALENDAR_FEED_NOT_FOUND: { status: 404, message: 'Calendar feed not found' },
  RESOURCE_NOT_FOUND: { status: 404, message: 'Resource not found' },
  SIMULATION_NOT_FOUND: { status: 404, message: 'Simulation not found' },
  TASK_NOT_FOUND: { status: 404, message: 'Task not found' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  SUBMISSION_NOT_FOUND: { status: 404, message: 'Submission not found' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ATTEMPT_SUPERSEDED: {
    status: 409,
    message: 'A newer attempt has been submitted; only the latest attempt can be graded',
  },
  RUBRIC_IN_USE: {
    status: 409,
    message: 'A grade has used this rubric: it can no longer be changed or deleted; copy it instead',
  },
  GRADED_BY_RUBRIC: {
    status: 409,
    message: 'This assignment is graded with its rubric; grade it by choosing levels, not by a score',
  },
  GRADE_IMPORT_STALE: {
    status: 409,
    message: 'The gradebook changed since the import was previewed; preview the file again',
  },
  GRADE_IMPORT_INVALID: {
    status: 400,
    message: 'The grade file has rows with problems; nothing was imported',
  },
  RESUBMISSION_NOT_ALLOWED: {
    status: 409,
    message: 'This assignment does not accept a new attempt once the latest one is graded',
  },
  LATE_CUTOFF_PASSED: {
    status: 409,
    message: 'The final cut-off for late work on this assignment has passed',
  },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    message: 'Change your password before using the platform',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is larger than the limit' },
  STORAGE_QUOTA_EXCEEDED: { status: 413, message: 'The upload would go past a storage quota' },
  ATTEMPT_LIMIT_REACHED: {
    status: 429,
    message: 'Too many attempts at this assignment in the last hour; try again later',
  },
  UPLOADS_IN_PROGRESS: { status: 429, message: 'Too many of your uploads are still in progress' },
  URI_TOO_LONG: { status: 414, message: 'A part of the request path is longer than the limit' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are larger than the limit' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is outside the file' },
  VALIDATION_ERROR: { status: 400, message: 'The request is invalid' },
  EXERCISE_ANSWER_INVALID: {
    status: 400,
    message: 'The answer cannot be read for this exercise (its type, unit or size)',
  },
  QUIZ_ATTEMPTS_USED: { status: 409, message: 'Every attempt this quiz allows has been used' },
  QUIZ_TIME_UP: {
    status: 409,
    message: 'The time limit of this attempt has passed; it was submitted with the answers saved in time',
  },
  QUIZ_HAS_ATTEMPTS: {
    status: 409,
    message: 'Students have started this quiz; its questions can no longer change',
  },
  UPSTREAM_UNAVAILABLE: { status: 503, message: 'A service this request needs is unavailable' },
  UPSTREAM_TIMEOUT: { status: 504, message: 'A service this request needs did not answer in time' },
  UPSTREAM_BAD_RESPONSE: { status: 502, message: 'A service this request needs gave an invalid answer' },
  ROUTING_FORBIDDEN: { status: 403, message: 'This caller may not choose that routing' },
  SIMULATION_BUSY: { status: 503, message: 'The simulation service is busy; try again shortly' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'File storage is unavailable; try again shortly' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

export interface AppErrorOptions {
  details?: string;
  requiredPermission?: string;
  /** Extra response headers, e.g. Retry-After for 429/503. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type every service throws for an expected failure. The error handler turns it
 * into the envelope; anything that is not an AppError becomes INTERNAL_ERROR.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: string | undefined;
  readonly requiredPermission: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(
      message ?? errorCatalogue[code].message,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = options.details;
    this.requiredPermission = options.requiredPermission;
    this.headers = options.headers;
  }
}

export function appError(code: ErrorCode, message?: string, options?: AppErrorOptions): AppError {
  return new AppError(code, message, options);
}
