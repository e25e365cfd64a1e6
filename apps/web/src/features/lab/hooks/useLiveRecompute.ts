import { ApiError } from '@faraday/client';
import { useEffect, useRef, useState } from 'react';
import { LIVE_DEBOUNCE_MS } from '../utils/live';

interface Options {
  /** The form has changed since the figure, recomputes live, and the user left live updates on. */
  active: boolean;
  /** The request as it now stands: every change restarts the pause before the run. */
  body: unknown;
  /** The latest run's error: a 429 pauses live runs for its Retry-After. */
  error: unknown;
  /** Starts a run (cancelling the one in flight). */
  start: () => void;
}

/** Seconds to wait after a refusal for too many runs when the server names none. */
const DEFAULT_RETRY_S = 10;

/**
 * Recomputes a short pause after the form stops changing (a drag, a typed number), as PhET does,
 * within the rate limit: after a 429, live runs wait out its Retry-After, then catch up once.
 * Returns the seconds live runs are paused for, or 0.
 */
export function useLiveRecompute({ active, body, error, start }: Options): number {
  const startRef = useRef(start);
  startRef.current = start;
  const [pausedFor, setPausedFor] = useState(0);

  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 429) return;
    const seconds = error.retryAfter ?? DEFAULT_RETRY_S;
    setPausedFor(seconds);
    const timer = setTimeout(() => setPausedFor(0), seconds * 1000);
    return () => clearTimeout(timer);
  }, [error]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `body` is the trigger: each change restarts the pause
  useEffect(() => {
    if (!active || pausedFor > 0) return;
    const timer = setTimeout(() => startRef.current(), LIVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [active, body, pausedFor]);

  return pausedFor;
}
