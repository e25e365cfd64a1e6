/**
 * The one error type of the physics package. The sim service maps `code` to an HTTP status
 * (INVALID_PARAMETERS → 400, CONVERGENCE_ERROR → 422, COMPUTATION_FAILED → 500) and shows
 * `message` and `details` to the caller, so both are written for a student, not for a debugger.
 */
export type PhysicsErrorCode = 'INVALID_PARAMETERS' | 'CONVERGENCE_ERROR' | 'COMPUTATION_FAILED';

/** One bad input field: `path` in the same notation as sweep paths, e.g. `charges[0].q`. */
export interface PhysicsIssue {
  path: string;
  message: string;
}

export class PhysicsError extends Error {
  override readonly name = 'PhysicsError';
  readonly code: PhysicsErrorCode;
  /** Human-readable detail text (for the envelope's `error.details`). */
  readonly details?: string;
  /** Structured form of the details when the error is about specific input fields. */
  readonly issues?: PhysicsIssue[];

  constructor(
    code: PhysicsErrorCode,
    message: string,
    options: { details?: string; issues?: PhysicsIssue[] } = {},
  ) {
    super(message);
    this.code = code;
    if (options.issues !== undefined) this.issues = options.issues;
    const details = options.details ?? options.issues?.map((i) => `${i.path}: ${i.message}`).join('; ');
    if (details !== undefined) this.details = details;
  }
}

/** Shorthand for an INVALID_PARAMETERS error about one field. */
export function invalidParameter(path: string, message: string): PhysicsError {
  return new PhysicsError('INVALID_PARAMETERS', `Invalid parameter ${path}: ${message}`, {
    issues: [{ path, message }],
  });
}
