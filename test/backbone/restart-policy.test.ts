import { DEFAULT_RESTART_POLICY, restartDelay, restartPolicyFromEnvironment } from '../../stack/restart-policy';

describe('restart backoff of supervised services', () => {
  it('doubles from 0.5 s with every crash in a row, capped at 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => restartDelay(DEFAULT_RESTART_POLICY, n))).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('reads RESTART_DELAY_MS and RESTART_MAX_DELAY_MS', () => {
    const policy = restartPolicyFromEnvironment({ RESTART_DELAY_MS: '100', RESTART_MAX_DELAY_MS: '300' });
    expect([1, 2, 3].map((n) => restartDelay(policy, n))).toEqual([100, 200, 300]);
  });
});
