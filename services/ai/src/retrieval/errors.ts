import { AppError } from '@faraday/contracts';

/**
 * Typed failures of the retrieval engine. The engine never throws AppError itself: it has no
 * idea of HTTP. `toAppError` is the one place that maps these onto the error catalogue, so the
 * routes answer 400/404/503 consistently and `/healthz` can name the reason in words.
 */
export type RetrievalErrorCode =
  | 'INDEX_MISSING'
  | 'INDEX_CORRUPT'
  | 'INDEX_VERSION_UNSUPPORTED'
  | 'EMPTY_QUERY'
  | 'DOCUMENT_TOO_LARGE'
  | 'INVALID_DOCUMENT'
  | 'DOCUMENT_NOT_FOUND'
  | 'EMBEDDING_FAILED';

export class RetrievalError extends Error {
  readonly code: RetrievalErrorCode;

  constructor(code: RetrievalErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'RetrievalError';
    this.code = code;
  }
}

/** The index file cannot be used: the service still starts and reports retrieval unavailable. */
export class IndexUnavailableError extends RetrievalError {
  readonly path: string;

  constructor(
    code: 'INDEX_MISSING' | 'INDEX_CORRUPT' | 'INDEX_VERSION_UNSUPPORTED',
    path: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.name = 'IndexUnavailableError';
    this.path = path;
  }
}

/** The caller's input is wrong (empty query, oversized or malformed document): a 400. */
export class RetrievalInputError extends RetrievalError {
  /** `<field>: <why>`, the same shape as the validation details elsewhere in Faraday. */
  readonly details: string;

  constructor(
    code: 'EMPTY_QUERY' | 'DOCUMENT_TOO_LARGE' | 'INVALID_DOCUMENT',
    message: string,
    details: string,
  ) {
    super(code, message);
    this.name = 'RetrievalInputError';
    this.details = details;
  }
}

export class DocumentNotFoundError extends RetrievalError {
  constructor(source: string) {
    super('DOCUMENT_NOT_FOUND', `No indexed document named ${JSON.stringify(source)}`);
    this.name = 'DocumentNotFoundError';
  }
}

/** The embedding provider failed (the upstream's /v1/embeddings is down or answered nonsense). */
export class EmbeddingError extends RetrievalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('EMBEDDING_FAILED', message, options);
    this.name = 'EmbeddingError';
  }
}

/** Maps a retrieval failure onto the catalogue; anything else is passed through unchanged. */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof RetrievalError)) return error;
  if (error instanceof RetrievalInputError) {
    return new AppError('VALIDATION_ERROR', error.message, { details: error.details });
  }
  switch (error.code) {
    case 'DOCUMENT_NOT_FOUND':
      return new AppError('NOT_FOUND', error.message);
    case 'EMBEDDING_FAILED':
      return new AppError('UPSTREAM_UNAVAILABLE', error.message, { cause: error });
    default:
      // Missing/corrupt index: the service is up but this feature is not.
      return new AppError('SERVICE_UNAVAILABLE', `Retrieval is unavailable: ${error.message}`, {
        cause: error,
      });
  }
}
