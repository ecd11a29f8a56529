import { setting } from '../platform/configuration/settings';
import { VARIABLES } from '../platform/configuration/variables';

export interface RestartPolicy {
  /** Delay before the first restart; it doubles with every crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A process that stayed up this long before crashing starts again from initialDelayMs. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: VARIABLES.RESTART_DELAY_MS.defaultValue,
  maxDelayMs: VARIABLES.RESTART_MAX_DELAY_MS.defaultValue,
  stableAfterMs: 30_000,
};

/** The policy of `npm start`: RESTART_DELAY_MS and RESTART_MAX_DELAY_MS override the defaults. */
export function restartPolicyFromEnvironment(env: NodeJS.ProcessEnv = process.env): RestartPolicy {
  return {
    initialDelayMs: setting('RESTART_DELAY_MS', env),
    maxDelayMs: setting('RESTART_MAX_DELAY_MS', env),
    stableAfterMs: DEFAULT_RESTART_POLICY.stableAfterMs,
  };
}

/** Delay before restarting after `crashesInARow` crashes (1 for the first): exponential, capped. */
export function restartDelay(policy: RestartPolicy, crashesInARow: number): number {
  return Math.min(policy.initialDelayMs * 2 ** Math.max(0, crashesInARow - 1), policy.maxDelayMs);
}
