import { MINUTE_MS } from '../../shared/time.js';

export interface Expiring {
  value: string;
  /** Lifetime the provider gave the value, in seconds. */
  expiresInSec: number;
}

/** How long before its stated expiry a cached value is replaced: 5 minutes, or a tenth of a short lifetime. */
export function renewalMarginMs(lifetimeMs: number): number {
  return Math.min(5 * MINUTE_MS, lifetimeMs / 10);
}

/**
 * One cached, expiring provider secret (the access token, the JS-SDK ticket). It is fetched
 * once and reused until shortly before it expires; concurrent callers share one fetch, so a
 * burst of logins costs the provider a single call (the provider rate-limits these calls).
 */
export class ExpiringValue {
  private cached: { value: string; usableUntil: number } | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(
    private readonly fetch: () => Promise<Expiring>,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<string> {
    if (this.cached && this.now() < this.cached.usableUntil) return Promise.resolve(this.cached.value);
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Forgets `value` if it is still the cached one (another request may already have replaced it). */
  invalidate(value: string): void {
    if (this.cached?.value === value) this.cached = undefined;
  }

  private async refresh(): Promise<string> {
    const requestedAt = this.now();
    const { value, expiresInSec } = await this.fetch();
    const lifetimeMs = expiresInSec * 1000;
    this.cached = { value, usableUntil: requestedAt + lifetimeMs - renewalMarginMs(lifetimeMs) };
    return value;
  }
}
