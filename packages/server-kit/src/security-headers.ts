import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer may be shown in a frame of this origin's own pages (an attachment previewed
     * beside the grading form), besides the configured frame ancestors; the route sets its own,
     * sandboxed Content-Security-Policy, to which `frame-ancestors` is added.
     */
    embeddable?: true;
  }
}

export interface SecurityHeaderOptions {
  /**
   * Origins allowed to show this service's pages in a frame (`frame-ancestors`); empty: none may.
   * Entries are origins such as `https://lms.example.edu`, or `'self'`.
   */
  frameAncestors?: readonly string[];
  /** Paths that are web-application pages and assets (the backend's `/`), under the app policy. */
  isAppPath?: (path: string) => boolean;
}

/** The reference page under /docs (Scalar) boots from an inline script of its own. */
const DOCS_PATH = /^\/docs(\/|$|\?)/;

function ancestors(frameAncestors: readonly string[]): string {
  return frameAncestors.length === 0 ? "'none'" : frameAncestors.join(' ');
}

function selfAnd(frameAncestors: readonly string[]): string {
  return ["'self'", ...frameAncestors.filter((origin) => origin !== "'self'")].join(' ');
}

/**
 * The web application: scripts and connections only from this origin (no inline script, no
 * eval); inline styles allowed because Mantine writes CSS variables into `style` attributes and
 * a `<style>` element; fonts and images may be data:/blob: (KaTeX fonts, figures, downloads), and
 * frames blob: (a PDF previewed from its fetched bytes, ADR 0144).
 */
export function appPolicy(frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    // A submitted PDF previewed beside the grading form: fetched with the token, shown from a blob.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors(frameAncestors)}`,
  ].join('; ');
}

/** The API reference page: as the app, plus the inline boot script its renderer writes. */
export function docsPolicy(frameAncestors: readonly string[] = []): string {
  return appPolicy(frameAncestors).replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
}

/** JSON, files and everything else: nothing in them may load or run anything. */
export function apiPolicy(frameAncestors: readonly string[] = []): string {
  return `default-src 'none'; frame-ancestors ${ancestors(frameAncestors)}; base-uri 'none'; form-action 'none'`;
}

/**
 * Every answer says: do not guess content types, send only the origin as referrer, and who may
 * frame it; and carries the Content-Security-Policy of what it is (app page, reference page, API).
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const frameAncestors = options.frameAncestors ?? [];
  const policies = {
    app: appPolicy(frameAncestors),
    docs: docsPolicy(frameAncestors),
    api: apiPolicy(frameAncestors),
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url;
    const policy = DOCS_PATH.test(path)
      ? policies.docs
      : options.isAppPath?.(path)
        ? policies.app
        : policies.api;
    const embeddable = request.routeOptions.config?.embeddable === true;
    if (embeddable && reply.hasHeader('content-security-policy')) {
      // The app frames it, and the app may itself be framed by the configured ancestors.
      const own = String(reply.getHeader('content-security-policy'));
      reply.header('content-security-policy', `${own}; frame-ancestors ${selfAnd(frameAncestors)}`);
    }
    // A route with a stricter policy of its own (a download: `sandbox`) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // For browsers that predate frame-ancestors.
    if (frameAncestors.length === 0) reply.header('x-frame-options', embeddable ? 'SAMEORIGIN' : 'DENY');
    return payload;
  });
}
