import { backoffSeconds, deliverySettings, retryAfterSeconds } from '../../subgraphs/integrations/webhook-delivery/delivery-settings';

/** Retry timing (decisions.md "Webhook delivery"): 8 attempts over about a day by default, jittered, Retry-After read both ways. */
describe('webhook retry timing', () => {
  const defaults = deliverySettings({});

  it('defaults: 8 attempts, 10 s per attempt, connections kept; the 7 waits without jitter are 15 s, 1 min, 4 min, 16 min, 64 min, 4 h 16 min, 12 h (capped)', () => {
    expect(defaults).toEqual({ maxAttempts: 8, retryBaseSeconds: 15, retryMaxDelaySeconds: 43_200, attemptTimeoutMs: 10_000, keepAlive: true });
    const full = [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffSeconds(defaults, attempt, () => 1));
    expect(full).toEqual([15, 60, 240, 960, 3_840, 15_360, 43_200]);
    const total = full.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(12);
    expect(total / 3600).toBeLessThan(24);
  });

  it('jitter keeps each wait between half of it and all of it', () => {
    expect(backoffSeconds(defaults, 2, () => 0)).toBe(30);
    expect(backoffSeconds(defaults, 2, () => 0.5)).toBe(45);
  });

  it('the environment configures it (tests use seconds)', () => {
    expect(
      deliverySettings({
        WEBHOOK_MAX_ATTEMPTS: '3',
        WEBHOOK_RETRY_BASE_SECONDS: '0.5',
        WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2',
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '1500',
        WEBHOOK_KEEP_ALIVE: '0',
      }),
    ).toEqual({
      maxAttempts: 3,
      retryBaseSeconds: 0.5,
      retryMaxDelaySeconds: 2,
      attemptTimeoutMs: 1_500,
      keepAlive: false,
    });
    // A malformed value is an error naming the variable, never silently the default (issue 23).
    expect(() => deliverySettings({ WEBHOOK_MAX_ATTEMPTS: 'lots' })).toThrow(/WEBHOOK_MAX_ATTEMPTS="lots": not a whole number/);
  });

  it('Retry-After: delay-seconds or an HTTP date; anything else is ignored', () => {
    const now = Date.parse('2031-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Wed, 01 Jan 2031 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Tue, 31 Dec 2030 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});
