import { AppError } from '@faraday/contracts';
import type { CorpchatConfig } from '../../config.js';

/** Corporate chat settings once every required one is present. */
export interface ReadyCorpchatConfig extends CorpchatConfig {
  corpId: string;
  agentId: string;
  secret: string;
}

export type CorpchatSetup = { ready: ReadyCorpchatConfig } | { missing: string[] };

/** Which of the required settings are unset (or empty), by their environment variable names. */
export function checkCorpchatConfig(config: CorpchatConfig): CorpchatSetup {
  const missing = (
    [
      ['CORPCHAT_CORP_ID', config.corpId],
      ['CORPCHAT_AGENT_ID', config.agentId],
      ['CORPCHAT_SECRET', config.secret],
    ] as const
  )
    .filter(([, value]) => value === undefined || value.trim() === '')
    .map(([name]) => name);
  return missing.length === 0 ? { ready: config as ReadyCorpchatConfig } : { missing };
}

export function notConfigured(missing: readonly string[]): AppError {
  return new AppError(
    'UPSTREAM_UNAVAILABLE',
    `Corporate chat login is not configured on this server: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    { details: missing.join(', ') },
  );
}
