import { vi } from 'vitest';

/** A request as a fake route sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a fake route answers: a Response, or data sent in the success envelope. */
type FakeRoute = (request: FakeRequest) => unknown;

export function envelope(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The error envelope the backend sends, with its status and optional details. */
export function apiError(status: number, code: string, message: string, details?: string): Response {
  return envelope(status, { success: false, error: { code, message, ...(details ? { details } : {}) } });
}

/**
 * Stands in for the backend's HTTP answers by `METHOD /path` (query ignored), as the real server
 * shapes them; anything unrouted is a 404 envelope, so a page calling what a test did not expect
 * shows up as a failure. Returns the calls made, in order.
 */
export function fakeBackend(routes: Record<string, FakeRoute>): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://faraday.test');
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : init?.body,
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return apiError(404, 'NOT_FOUND', `No route ${method} ${url.pathname}`);
    const answer = route(request);
    return answer instanceof Response ? answer : envelope(200, { success: true, data: answer });
  });
  return calls;
}
