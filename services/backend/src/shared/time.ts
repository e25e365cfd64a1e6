/** ISO 8601 UTC with milliseconds and `Z`: the one timestamp format we store and answer with. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
