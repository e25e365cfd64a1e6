import { type ChatPrivacy, type ChatRoute, chatPrivacies, chatRoutes } from '@faraday/contracts';
import type { RoutingPolicy, UpstreamName } from '../config.js';

/**
 * The LLM router (docs/adr/0036) as one pure function: given the request's routing wishes, who is
 * asking, the deployment and what happened so far, it says what to do next. The chat service
 * calls it before the first attempt and again after each failed one, so every rule — trust,
 * privacy, fallback, "never switch after the first token" — lives here and is tested as a table.
 */

/** How an attempt at an upstream failed, as far as routing cares. */
export type UpstreamFailureKind =
  /** No answer (or no first token of a stream) within the upstream's timeout. */
  | 'timeout'
  /** HTTP 5xx or 429: the upstream is there but cannot answer now. */
  | 'server_error'
  /** Connection refused, reset or no such host. */
  | 'unreachable'
  /** An answer that does not follow the chat-completions protocol. */
  | 'bad_response'
  /** HTTP 4xx other than 429: our request or credentials were refused; another try would fail too. */
  | 'rejected';

/** Failures that say "this upstream is down", after which a public request may try the cloud. */
const FALLBACK_TRIGGERS: readonly UpstreamFailureKind[] = ['timeout', 'server_error', 'unreachable'];

export interface FailedAttempt {
  upstream: UpstreamName;
  failure: UpstreamFailureKind;
  /** True once a streamed token reached the caller: from then on the answer is that upstream's. */
  afterFirstToken: boolean;
}

export interface RoutingInput {
  policy: RoutingPolicy;
  production: boolean;
  cloudFallbackNonprod: boolean;
  /** The caller presented the valid gateway token. */
  trusted: boolean;
  body: { privacy?: ChatPrivacy | undefined; route?: ChatRoute | undefined };
  /** Raw `X-AI-Privacy` / `X-AI-Route` header values, validated here. */
  headers: { privacy?: string | undefined; route?: string | undefined };
  /** Which upstreams are configured. */
  ready: { local: boolean; cloud: boolean };
  /** Earlier attempts for this request, oldest first. */
  attempts: readonly FailedAttempt[];
}

export interface ResolvedRouting {
  privacy: ChatPrivacy;
  route: ChatRoute;
}

export type UpstreamErrorCode = 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_BAD_RESPONSE';

export type RoutingDecision =
  | { action: 'reject'; code: 'VALIDATION_ERROR' | 'ROUTING_FORBIDDEN'; reason: string }
  | { action: 'simulate'; resolved: ResolvedRouting }
  | { action: 'call'; upstream: UpstreamName; fallbackReason?: string; resolved: ResolvedRouting }
  | { action: 'fail'; code: UpstreamErrorCode; reason: string; resolved: ResolvedRouting };

const codeOfFailure: Record<UpstreamFailureKind, UpstreamErrorCode> = {
  timeout: 'UPSTREAM_TIMEOUT',
  server_error: 'UPSTREAM_UNAVAILABLE',
  unreachable: 'UPSTREAM_UNAVAILABLE',
  bad_response: 'UPSTREAM_BAD_RESPONSE',
  rejected: 'UPSTREAM_BAD_RESPONSE',
};

const describeFailure: Record<UpstreamFailureKind, string> = {
  timeout: 'did not answer in time',
  server_error: 'answered with a server error',
  unreachable: 'could not be reached',
  bad_response: 'gave an answer that does not follow the chat-completions protocol',
  rejected: 'refused the request',
};

function reject(code: 'VALIDATION_ERROR' | 'ROUTING_FORBIDDEN', reason: string): RoutingDecision {
  return { action: 'reject', code, reason };
}

type Resolution = { ok: true; resolved: ResolvedRouting } | { ok: false; decision: RoutingDecision };

/** Header and body say the same thing (or only one speaks), in allowed values, without contradiction. */
function resolveWishes(input: RoutingInput): Resolution {
  const { headers, body } = input;
  const fail = (code: 'VALIDATION_ERROR' | 'ROUTING_FORBIDDEN', reason: string): Resolution => ({
    ok: false,
    decision: reject(code, reason),
  });
  if (headers.privacy !== undefined && !(chatPrivacies as readonly string[]).includes(headers.privacy)) {
    return fail('VALIDATION_ERROR', `X-AI-Privacy must be one of ${chatPrivacies.join(', ')}`);
  }
  if (headers.route !== undefined && !(chatRoutes as readonly string[]).includes(headers.route)) {
    return fail('VALIDATION_ERROR', `X-AI-Route must be one of ${chatRoutes.join(', ')}`);
  }
  if (headers.privacy !== undefined && body.privacy !== undefined && headers.privacy !== body.privacy) {
    return fail(
      'VALIDATION_ERROR',
      `X-AI-Privacy says ${headers.privacy} but the body's privacy is ${body.privacy}; send one or make them agree`,
    );
  }
  if (headers.route !== undefined && body.route !== undefined && headers.route !== body.route) {
    return fail(
      'VALIDATION_ERROR',
      `X-AI-Route says ${headers.route} but the body's route is ${body.route}; send one or make them agree`,
    );
  }
  const asked = (headers.privacy ?? body.privacy) as ChatPrivacy | undefined;
  const route = (headers.route ?? body.route ?? 'auto') as ChatRoute;
  if (asked === 'private' && route === 'cloud') {
    return fail('VALIDATION_ERROR', 'a private request cannot be routed to the cloud upstream');
  }
  // Asking for the cloud is asking for a public request; otherwise private is the safe default.
  const privacy: ChatPrivacy = asked ?? (route === 'cloud' ? 'public' : 'private');
  if (!input.trusted && (privacy === 'public' || route === 'cloud')) {
    return fail(
      'ROUTING_FORBIDDEN',
      'only a trusted caller (with the gateway token) may send public requests or ask for the cloud upstream',
    );
  }
  if (route === 'cloud' && input.production) {
    return fail('ROUTING_FORBIDDEN', 'in production the cloud upstream is used only as a fallback');
  }
  return { ok: true, resolved: { privacy, route } };
}

/** The config refuses anything else in production; the router holds the line too. */
function effectivePolicy(input: RoutingInput): RoutingPolicy {
  return input.production ? 'local_first' : input.policy;
}

/** May this request leave the local upstream for the cloud when the local one is down? */
export function cloudFallbackAllowed(input: RoutingInput, resolved: ResolvedRouting): boolean {
  return (
    resolved.privacy === 'public' &&
    input.trusted &&
    resolved.route === 'auto' &&
    effectivePolicy(input) === 'local_first' &&
    (input.production || input.cloudFallbackNonprod)
  );
}

function firstChoice(input: RoutingInput, resolved: ResolvedRouting): RoutingDecision {
  const { ready } = input;
  const call = (upstream: UpstreamName, fallbackReason?: string): RoutingDecision => ({
    action: 'call',
    upstream,
    ...(fallbackReason === undefined ? {} : { fallbackReason }),
    resolved,
  });
  const unavailable = (reason: string): RoutingDecision => ({
    action: 'fail',
    code: 'UPSTREAM_UNAVAILABLE',
    reason,
    resolved,
  });
  if (
    resolved.route === 'cloud' ||
    (effectivePolicy(input) === 'cloud_only' && resolved.privacy === 'public')
  ) {
    return ready.cloud ? call('cloud') : unavailable('no cloud upstream is configured');
  }
  if (ready.local) return call('local');
  if (ready.cloud && cloudFallbackAllowed(input, resolved)) return call('cloud', 'local_not_configured');
  return unavailable(
    resolved.privacy === 'private'
      ? 'private requests are answered only by the local upstream, and none is configured'
      : 'no local upstream is configured and this request may not fall back to the cloud',
  );
}

function afterFailure(input: RoutingInput, resolved: ResolvedRouting, last: FailedAttempt): RoutingDecision {
  const triedCloud = input.attempts.some((a) => a.upstream === 'cloud');
  if (
    last.upstream === 'local' &&
    !last.afterFirstToken &&
    FALLBACK_TRIGGERS.includes(last.failure) &&
    !triedCloud &&
    input.ready.cloud &&
    cloudFallbackAllowed(input, resolved)
  ) {
    return { action: 'call', upstream: 'cloud', fallbackReason: `local_${last.failure}`, resolved };
  }
  const when = last.afterFirstToken ? ' in the middle of the answer' : '';
  return {
    action: 'fail',
    code: codeOfFailure[last.failure],
    reason: `The ${last.upstream} language model ${describeFailure[last.failure]}${when}`,
    resolved,
  };
}

export function decideRoute(input: RoutingInput): RoutingDecision {
  const resolution = resolveWishes(input);
  if (!resolution.ok) return resolution.decision;
  const { resolved } = resolution;
  if (!input.ready.local && !input.ready.cloud) return { action: 'simulate', resolved };
  const last = input.attempts.at(-1);
  return last === undefined ? firstChoice(input, resolved) : afterFailure(input, resolved, last);
}
