export interface RestartPolicy {
  /** Delay before the first restart; it doubles with every crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A process that stayed up this long before crashing starts again from initialDelayMs. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 15_000, stableAfterMs: 30_000 };

/** The policy of `npm start`: RESTART_DELAY_MS and RESTART_MAX_DELAY_MS override the defaults. */
export function restartPolicyFromEnvironment(env: NodeJS.ProcessEnv = process.env): RestartPolicy {
  return {
    initialDelayMs: Number(env.RESTART_DELAY_MS || DEFAULT_RESTART_POLICY.initialDelayMs),
    maxDelayMs: Number(env.RESTART_MAX_DELAY_MS || DEFAULT_RESTART_POLICY.maxDelayMs),
    stableAfterMs: DEFAULT_RESTART_POLICY.stableAfterMs,
  };
}

/** Delay before restarting after `crashesInARow` crashes (1 for the first): exponential, capped. */
export function restartDelay(policy: RestartPolicy, crashesInARow: number): number {
  return Math.min(policy.initialDelayMs * 2 ** Math.max(0, crashesInARow - 1), policy.maxDelayMs);
}
