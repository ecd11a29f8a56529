import { createHash } from 'node:crypto';
import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { countLockout, countRefusal } from './metrics';
import { RateLimitSettings } from './rate-limit-settings';
import { LimiterFactory } from './rate-limit-store';

type LockoutPolicy = Pick<RateLimitSettings, 'failureWindowSeconds' | 'firstLockoutSeconds' | 'maxLockoutSeconds' | 'lockoutMemorySeconds'>;

/** How long the n-th lockout (1, 2, …) of a key lasts, in seconds: doubling from the first, capped. */
export function lockoutSeconds(n: number, policy: LockoutPolicy): number {
  return Math.min(policy.firstLockoutSeconds * 2 ** Math.max(n - 1, 0), policy.maxLockoutSeconds);
}

/** A short fixed-length key for anything a client typed (an e-mail, a client id): no raw value in the table, no length limit. */
export function lockoutKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * Failures per key (an account, a client id, an IP). After `allowed` failures within the failure
 * window the key is locked; each lockout within the lockout memory lasts twice as long as the one
 * before (lockoutSeconds). A lock is a row of the failure limiter with more than `allowed` points,
 * so every replica sharing the table sees it.
 */
export class FailureLockout {
  private readonly failures: RateLimiterAbstract;
  private readonly lockouts: RateLimiterAbstract;

  constructor(
    limiters: LimiterFactory,
    private readonly name: string,
    private readonly allowed: number,
    private readonly policy: LockoutPolicy,
  ) {
    this.failures = limiters(`${name}-failures`, allowed, policy.failureWindowSeconds);
    this.lockouts = limiters(`${name}-lockouts`, 1_000_000, policy.lockoutMemorySeconds);
  }

  /** The key's failures within the window and the milliseconds it stays locked (0: not locked). */
  async state(key: string): Promise<{ failures: number; lockedMs: number }> {
    const state = await this.failures.get(key);
    if (!state) return { failures: 0, lockedMs: 0 };
    const locked = state.consumedPoints > this.allowed;
    // Read before a secret is checked: a locked key's request is refused.
    if (locked) countRefusal(this.name);
    return { failures: state.consumedPoints, lockedMs: locked ? Math.max(state.msBeforeNext, 1) : 0 };
  }

  /**
   * Reserves a failure BEFORE the secret is checked, and answers the milliseconds the key is locked for
   * (0: go ahead, then refund() or reset() if the secret was right). The reservation is one statement
   * (an upsert that adds the point and returns the count), so parallel attempts each get their own count
   * and a burst cannot slip past the limit: at most `allowed` secrets are checked per window. The attempt
   * after `allowed` failures starts the lockout. The only way to count failures: counting after the check
   * let every attempt of a burst in before the first failure was written.
   */
  async attempt(key: string): Promise<number> {
    const state = await this.failures.penalty(key);
    if (state.consumedPoints <= this.allowed) return 0;
    countRefusal(this.name);
    if (state.consumedPoints > this.allowed + 1) return Math.max(state.msBeforeNext, 1); // already locked
    return this.lock(key);
  }

  /** Takes an attempt's count back (it was not a failure: the secret was right, or was never checked). */
  async refund(key: string): Promise<void> {
    await this.failures.reward(key);
  }

  /** Locks the key for its next lockout: twice the previous one within the memory. */
  private async lock(key: string): Promise<number> {
    countLockout(this.name);
    const n = (await this.lockouts.penalty(key)).consumedPoints;
    const seconds = lockoutSeconds(n, this.policy);
    await this.failures.block(key, seconds);
    return seconds * 1000;
  }

  /** Forgets the key's failures and earlier lockouts (the account or client proved its secret). */
  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.lockouts.delete(key)]);
  }
}

/** A key of one lockout: the rule and the value it counts (`{lockout: perAccount, key: hash of the e-mail}`). */
export interface Strike {
  lockout: FailureLockout;
  key: string;
}

/** The state of every strike (in order) and the longest lock among them, in milliseconds (0: none locked), read without counting. */
export async function checkStrikes(strikes: Strike[]): Promise<{ lockedMs: number; failures: number[] }> {
  const states = await Promise.all(strikes.map((s) => s.lockout.state(s.key)));
  return { lockedMs: Math.max(0, ...states.map((s) => s.lockedMs)), failures: states.map((s) => s.failures) };
}

/**
 * Counts an attempt on every strike before the secret is checked; the longest lock, in milliseconds (0:
 * go ahead). A refused attempt is refunded on the strikes that were not locked: no secret was checked,
 * so it is no failure of theirs (hammering a locked account does not lock the IP).
 */
export async function attemptStrikes(strikes: Strike[]): Promise<number> {
  const locks = await Promise.all(strikes.map((s) => s.lockout.attempt(s.key)));
  const lockedMs = Math.max(0, ...locks);
  if (lockedMs) await Promise.all(strikes.filter((_s, i) => !locks[i]).map((s) => s.lockout.refund(s.key)));
  return lockedMs;
}

/** Whole seconds for a Retry-After header: at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** "45 seconds", "2 minutes", "3 hours": how long to wait, rounded up. */
export function waitText(seconds: number): string {
  const [amount, unit] = seconds < 120 ? [seconds, 'second'] : seconds < 7200 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The two counts of one kind of secret guessing: per subject (an account, a client id) and per client IP. */
export interface GuessCounts {
  /** Limiter names in the store, such as `sign-in-per-account` and `sign-in-per-ip`. */
  names: { subject: string; ip: string };
  failuresPerSubject: number;
  failuresPerIp: number;
}

/**
 * Guesses of a secret counted per subject and per client IP, with lockouts that double. Every check of a
 * secret is counted before it is made (attempt, then succeeded / notAFailure): a burst of parallel guesses
 * cannot slip past the limit. A secret already proven and kept (the gateway's credential cache) only reads
 * the counts (check), and is checked again, counted, once its subject has failures. While a key is locked the secret is not checked at all,
 * so the right one is refused too. A success forgets the subject's failures, never the IP's: one good
 * secret must not clear an attacker's count.
 */
export class GuessLockout {
  private readonly perSubject: FailureLockout;
  private readonly perIp: FailureLockout;

  constructor(
    limiters: LimiterFactory,
    counts: GuessCounts,
    policy: RateLimitSettings,
    /** One subject whatever the spelling (an e-mail's case and spaces). */
    private readonly subjectKey: (subject: string) => string = (subject) => subject,
  ) {
    this.perSubject = new FailureLockout(limiters, counts.names.subject, counts.failuresPerSubject, policy);
    this.perIp = new FailureLockout(limiters, counts.names.ip, counts.failuresPerIp, policy);
  }

  private strikes(subject: string, address: string): Strike[] {
    return [
      { lockout: this.perSubject, key: lockoutKey(this.subjectKey(subject)) },
      { lockout: this.perIp, key: address },
    ];
  }

  /** Counts an attempt; the milliseconds the subject or the IP stays locked (0: check the secret). */
  attempt(subject: string, address: string): Promise<number> {
    return attemptStrikes(this.strikes(subject, address));
  }

  /** The secret was right: the subject's failures are forgotten, the attempt's count on the IP taken back. */
  async succeeded(subject: string, address: string): Promise<void> {
    const [own, ip] = this.strikes(subject, address);
    await Promise.all([own.lockout.reset(own.key), ip.lockout.refund(ip.key)]);
  }

  /** The request failed for another reason than the secret (a bad code, a malformed body): take the attempt back. */
  async notAFailure(subject: string, address: string): Promise<void> {
    await Promise.all(this.strikes(subject, address).map((s) => s.lockout.refund(s.key)));
  }

  /** Milliseconds the subject or the IP stays locked (0: neither), and whether the subject has failures, read without counting. */
  async check(subject: string, address: string): Promise<{ lockedMs: number; subjectHasFailures: boolean }> {
    const { lockedMs, failures } = await checkStrikes(this.strikes(subject, address));
    return { lockedMs, subjectHasFailures: failures[0] > 0 };
  }
}
