import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  type FailedAttempt,
  type RoutingDecision,
  type RoutingInput,
  type UpstreamFailureKind,
} from './router.js';

/** A trusted, public, non-production request with both upstreams ready, fallback enabled. */
const base: RoutingInput = {
  policy: 'local_first',
  production: false,
  cloudFallbackNonprod: true,
  trusted: true,
  body: { privacy: 'public' },
  headers: {},
  ready: { local: true, cloud: true },
  attempts: [],
};

const localFailed = (failure: UpstreamFailureKind, afterFirstToken = false): FailedAttempt[] => [
  { upstream: 'local', failure, afterFirstToken },
];

type Expected =
  | { action: 'call'; upstream: 'local' | 'cloud'; fallbackReason?: string }
  | { action: 'simulate' }
  | { action: 'reject' | 'fail'; code: string };

function summary(decision: RoutingDecision): Expected {
  switch (decision.action) {
    case 'call':
      return {
        action: 'call',
        upstream: decision.upstream,
        ...(decision.fallbackReason ? { fallbackReason: decision.fallbackReason } : {}),
      };
    case 'simulate':
      return { action: 'simulate' };
    default:
      return { action: decision.action, code: decision.code };
  }
}

const table: [string, Partial<RoutingInput>, Expected][] = [
  // First choice
  ['public request goes local first', {}, { action: 'call', upstream: 'local' }],
  ['private request goes local', { body: { privacy: 'private' } }, { action: 'call', upstream: 'local' }],
  ['no privacy given means private, local', { body: {} }, { action: 'call', upstream: 'local' }],
  [
    'route=local pins local',
    { body: { privacy: 'public', route: 'local' } },
    { action: 'call', upstream: 'local' },
  ],
  [
    'route=cloud from a trusted caller outside prod',
    { body: { route: 'cloud' } },
    { action: 'call', upstream: 'cloud' },
  ],
  [
    'route=cloud in production is refused',
    { body: { route: 'cloud' }, production: true },
    { action: 'reject', code: 'ROUTING_FORBIDDEN' },
  ],
  [
    'cloud_only sends public requests to the cloud',
    { policy: 'cloud_only' },
    { action: 'call', upstream: 'cloud' },
  ],
  [
    'cloud_only is ignored in production',
    { policy: 'cloud_only', production: true },
    { action: 'call', upstream: 'local' },
  ],
  [
    'cloud_only keeps private requests local',
    { policy: 'cloud_only', body: { privacy: 'private' } },
    { action: 'call', upstream: 'local' },
  ],
  ['nothing configured: simulated', { ready: { local: false, cloud: false } }, { action: 'simulate' }],
  [
    'nothing configured, private: simulated',
    { ready: { local: false, cloud: false }, body: {} },
    { action: 'simulate' },
  ],
  [
    'no local, public may use the cloud',
    { ready: { local: false, cloud: true } },
    { action: 'call', upstream: 'cloud', fallbackReason: 'local_not_configured' },
  ],
  [
    'no local, private has nowhere to go',
    { ready: { local: false, cloud: true }, body: {} },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'no local, fallback disabled outside prod',
    { ready: { local: false, cloud: true }, cloudFallbackNonprod: false },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'route=cloud but no cloud configured',
    { ready: { local: true, cloud: false }, body: { route: 'cloud' } },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'route=local but no local configured',
    { ready: { local: false, cloud: true }, body: { route: 'local' } },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  // Trust
  ['untrusted public request', { trusted: false }, { action: 'reject', code: 'ROUTING_FORBIDDEN' }],
  [
    'untrusted route=cloud',
    { trusted: false, body: { route: 'cloud' } },
    { action: 'reject', code: 'ROUTING_FORBIDDEN' },
  ],
  [
    'untrusted public via header',
    { trusted: false, body: {}, headers: { privacy: 'public' } },
    { action: 'reject', code: 'ROUTING_FORBIDDEN' },
  ],
  [
    'untrusted private request is fine',
    { trusted: false, body: { privacy: 'private' } },
    { action: 'call', upstream: 'local' },
  ],
  [
    'untrusted route=local is fine',
    { trusted: false, body: { route: 'local' } },
    { action: 'call', upstream: 'local' },
  ],
  [
    'untrusted, nothing configured, still refused public',
    { trusted: false, ready: { local: false, cloud: false } },
    { action: 'reject', code: 'ROUTING_FORBIDDEN' },
  ],
  // Header and body
  [
    'header privacy agrees with body',
    { headers: { privacy: 'public' } },
    { action: 'call', upstream: 'local' },
  ],
  [
    'header privacy contradicts body',
    { headers: { privacy: 'private' } },
    { action: 'reject', code: 'VALIDATION_ERROR' },
  ],
  [
    'header route contradicts body',
    { body: { privacy: 'public', route: 'local' }, headers: { route: 'cloud' } },
    { action: 'reject', code: 'VALIDATION_ERROR' },
  ],
  [
    'header route alone',
    { body: { privacy: 'public' }, headers: { route: 'cloud' } },
    { action: 'call', upstream: 'cloud' },
  ],
  [
    'unknown header privacy',
    { headers: { privacy: 'secret' } },
    { action: 'reject', code: 'VALIDATION_ERROR' },
  ],
  ['unknown header route', { headers: { route: 'moon' } }, { action: 'reject', code: 'VALIDATION_ERROR' }],
  [
    'private and route=cloud contradict',
    { body: { privacy: 'private', route: 'cloud' } },
    { action: 'reject', code: 'VALIDATION_ERROR' },
  ],
  [
    'conflict beats trust: untrusted conflicting caller gets 400',
    { trusted: false, headers: { privacy: 'private' } },
    { action: 'reject', code: 'VALIDATION_ERROR' },
  ],
  // After a failure of the local upstream, before the first token
  [
    'local timeout, public, trusted: cloud',
    { attempts: localFailed('timeout') },
    { action: 'call', upstream: 'cloud', fallbackReason: 'local_timeout' },
  ],
  [
    'local 5xx: cloud',
    { attempts: localFailed('server_error') },
    { action: 'call', upstream: 'cloud', fallbackReason: 'local_server_error' },
  ],
  [
    'local refused: cloud',
    { attempts: localFailed('unreachable') },
    { action: 'call', upstream: 'cloud', fallbackReason: 'local_unreachable' },
  ],
  [
    'local malformed answer: no fallback',
    { attempts: localFailed('bad_response') },
    { action: 'fail', code: 'UPSTREAM_BAD_RESPONSE' },
  ],
  [
    'local refused our request (4xx): no fallback',
    { attempts: localFailed('rejected') },
    { action: 'fail', code: 'UPSTREAM_BAD_RESPONSE' },
  ],
  [
    'local timeout, private: 504',
    { body: { privacy: 'private' }, attempts: localFailed('timeout') },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
  [
    'local 5xx, private: 503',
    { body: {}, attempts: localFailed('server_error') },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'local refused, private: 503',
    { body: {}, attempts: localFailed('unreachable') },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'local timeout, fallback flag off outside prod',
    { cloudFallbackNonprod: false, attempts: localFailed('timeout') },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
  [
    'local timeout, prod falls back without the flag',
    { production: true, cloudFallbackNonprod: false, attempts: localFailed('timeout') },
    { action: 'call', upstream: 'cloud', fallbackReason: 'local_timeout' },
  ],
  [
    'local timeout, cloud not configured',
    { ready: { local: true, cloud: false }, attempts: localFailed('timeout') },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
  [
    'local timeout with route=local pinned',
    { body: { privacy: 'public', route: 'local' }, attempts: localFailed('timeout') },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
  // After the first token
  [
    'local dies mid-stream: never switches',
    { attempts: localFailed('unreachable', true) },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'local times out mid-stream: never switches',
    { attempts: localFailed('timeout', true) },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
  // After the cloud failed too
  [
    'cloud fails after fallback: no third try',
    {
      attempts: [
        ...localFailed('timeout'),
        { upstream: 'cloud', failure: 'server_error', afterFirstToken: false },
      ],
    },
    { action: 'fail', code: 'UPSTREAM_UNAVAILABLE' },
  ],
  [
    'cloud_only: cloud timeout does not fall back to local',
    { policy: 'cloud_only', attempts: [{ upstream: 'cloud', failure: 'timeout', afterFirstToken: false }] },
    { action: 'fail', code: 'UPSTREAM_TIMEOUT' },
  ],
];

describe('decideRoute, case by case', () => {
  it.each(table)('%s', (_name, overrides, expected) => {
    expect(summary(decideRoute({ ...base, ...overrides }))).toEqual(expected);
  });
});

// Every combination of the inputs, checked against the rules the router must never break.
const privacies = [undefined, 'private', 'public'] as const;
const routes = [undefined, 'auto', 'local', 'cloud'] as const;
const histories: FailedAttempt[][] = [
  [],
  ...(['timeout', 'server_error', 'unreachable', 'bad_response', 'rejected'] as const).map((f) =>
    localFailed(f),
  ),
  localFailed('timeout', true),
  localFailed('server_error', true),
  [...localFailed('timeout'), { upstream: 'cloud', failure: 'timeout', afterFirstToken: false }],
];

function* everyCombination(): Generator<RoutingInput> {
  for (const policy of ['local_first', 'cloud_only'] as const)
    for (const production of [false, true])
      for (const cloudFallbackNonprod of [false, true])
        for (const trusted of [false, true])
          for (const bodyPrivacy of privacies)
            for (const bodyRoute of routes)
              for (const headerPrivacy of privacies)
                for (const headerRoute of routes)
                  for (const local of [false, true])
                    for (const cloud of [false, true])
                      for (const attempts of histories)
                        yield {
                          policy,
                          production,
                          cloudFallbackNonprod,
                          trusted,
                          body: { privacy: bodyPrivacy, route: bodyRoute },
                          headers: { privacy: headerPrivacy, route: headerRoute },
                          ready: { local, cloud },
                          attempts,
                        };
}

describe('decideRoute, every combination', () => {
  it('never breaks a routing rule', () => {
    let checked = 0;
    for (const input of everyCombination()) {
      checked += 1;
      const decision = decideRoute(input);
      const said = (v: string) => input.body.privacy === v || input.headers.privacy === v;
      const asked = (v: string) => input.body.route === v || input.headers.route === v;
      const where = JSON.stringify(input);
      const conflict =
        (input.body.privacy !== undefined &&
          input.headers.privacy !== undefined &&
          input.body.privacy !== input.headers.privacy) ||
        (input.body.route !== undefined &&
          input.headers.route !== undefined &&
          input.body.route !== input.headers.route);
      if (conflict) {
        expect(decision, where).toMatchObject({ action: 'reject', code: 'VALIDATION_ERROR' });
        continue;
      }
      if (said('private') && asked('cloud')) {
        expect(decision, where).toMatchObject({ action: 'reject', code: 'VALIDATION_ERROR' });
        continue;
      }
      if (!input.trusted && (said('public') || asked('cloud'))) {
        expect(decision, where).toMatchObject({ action: 'reject', code: 'ROUTING_FORBIDDEN' });
        continue;
      }
      if (decision.action === 'call') {
        // Never an upstream that is not there, never the cloud for a private request.
        expect(input.ready[decision.upstream], where).toBe(true);
        if (decision.upstream === 'cloud') {
          expect(said('public') || asked('cloud'), where).toBe(true);
          expect(input.trusted, where).toBe(true);
          if (decision.fallbackReason !== undefined) {
            expect(input.production || input.cloudFallbackNonprod, where).toBe(true);
            expect(asked('local') || asked('cloud'), where).toBe(false);
          } else {
            expect(input.production, where).toBe(false);
          }
        }
        // After a failure, the only move is a first switch from local to cloud before any token.
        const last = input.attempts.at(-1);
        if (last) {
          expect(decision.upstream, where).toBe('cloud');
          expect(last.upstream, where).toBe('local');
          expect(last.afterFirstToken, where).toBe(false);
          expect(['timeout', 'server_error', 'unreachable'], where).toContain(last.failure);
        }
      }
      if (decision.action === 'simulate') {
        expect(input.ready, where).toEqual({ local: false, cloud: false });
      }
      if (!input.ready.local && !input.ready.cloud && decision.action !== 'reject') {
        expect(decision.action, where).toBe('simulate');
      }
      if (input.attempts.at(-1)?.afterFirstToken && input.ready.local) {
        expect(decision.action, where).not.toBe('call');
      }
    }
    expect(checked).toBe(2 * 2 * 2 * 2 * 3 * 4 * 3 * 4 * 2 * 2 * histories.length);
  });
});
