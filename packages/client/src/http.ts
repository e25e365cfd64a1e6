import type { z } from 'zod';

/** An error envelope from the API (or a transport failure), as one typed error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string,
    readonly requiredPermission?: string,
    /** Seconds, from Retry-After (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The field a validation error names (`details` reads "field: why" or "field"). */
  get field(): string | undefined {
    const match = this.details ? /^(?:body\.)?([\w.[\]]+)(?::|$)/.exec(this.details) : null;
    return match?.[1];
  }
}

export interface ClientOptions {
  /** Where the backend is; '' for the same origin (the web app). */
  baseUrl?: string;
  /**
   * The bearer token to send, read on every call; may be a promise (the web app renews a
   * short-lived token before it expires).
   */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called with every 401 before it is thrown (the web app returns to sign-in). */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestSpec<T extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  /** Sent as is (CSV text, FormData) instead of JSON. */
  rawBody?: BodyInit;
  contentType?: string;
  schema: T;
  /** Aborts the request (a newer one replaced it); the call then rejects with NETWORK_ERROR. */
  signal?: AbortSignal | undefined;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: { code?: string; message?: string; details?: string; required_permission?: string };
}

/** Turns a response (status, headers, parsed body) into data or an ApiError. */
export function unwrap<T extends z.ZodType>(
  status: number,
  retryAfterHeader: string | null,
  body: unknown,
  schema: T,
): z.output<T> {
  const envelope = (body ?? {}) as Envelope;
  if (status >= 200 && status < 300 && envelope.success === true) return schema.parse(envelope.data);
  const error = envelope.error;
  const retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
  throw new ApiError(
    status,
    error?.code ?? 'INTERNAL_ERROR',
    error?.message ?? `The server answered ${status}`,
    error?.details,
    error?.required_permission,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}

export class Http {
  private readonly fetchImpl: typeof fetch;

  constructor(readonly options: ClientOptions) {
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  url(path: string, query?: Query): string {
    return `${this.options.baseUrl ?? ''}${withQuery(path, query)}`;
  }

  async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    const token = await this.options.getToken?.();
    return token ? { ...extra, authorization: `Bearer ${token}` } : extra;
  }

  async request<T extends z.ZodType>(spec: RequestSpec<T>): Promise<z.output<T>> {
    const json = spec.body !== undefined;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(spec.path, spec.query), {
        method: spec.method,
        headers: await this.headers(
          json
            ? { 'content-type': 'application/json' }
            : spec.contentType
              ? { 'content-type': spec.contentType }
              : {},
        ),
        body: json ? JSON.stringify(spec.body) : spec.rawBody,
        ...(spec.signal ? { signal: spec.signal } : {}),
      });
    } catch (cause) {
      throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached', String(cause));
    }
    const body = await response.json().catch(() => undefined);
    if (spec.signal?.aborted) throw new ApiError(0, 'NETWORK_ERROR', 'The request was cancelled');
    return this.settle(response.status, response.headers.get('retry-after'), body, spec.schema);
  }

  /** The response itself (a stream the caller reads), through the same fetch and headers. */
  open(path: string, init: RequestInit): Promise<Response> {
    return this.fetchImpl(this.url(path), init);
  }

  /** A raw response (files, CSV), with envelope errors thrown as ApiError. */
  async download(path: string, query?: Query): Promise<Blob> {
    const response = await this.fetchImpl(this.url(path, query), { headers: await this.headers() });
    if (!response.ok) {
      const body = await response.json().catch(() => undefined);
      this.settle(response.status, response.headers.get('retry-after'), body, undefined as never);
    }
    return response.blob();
  }

  settle<T extends z.ZodType>(
    status: number,
    retryAfter: string | null,
    body: unknown,
    schema: T,
  ): z.output<T> {
    try {
      return unwrap(status, retryAfter, body, schema);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.options.onUnauthorized?.(error);
      throw error;
    }
  }
}
