import { Request } from 'express';
import { addressKey } from '../../kit/client-address';
import { attemptStrikes, FailureLockout, lockoutKey, Strike } from '../../kit/failure-lockout';
import { RateLimitSettings } from '../../kit/rate-limit-settings';
import { LimiterFactory } from '../../kit/rate-limit-store';

/** One account whatever the case and spaces the e-mail was typed with. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The browser's address as the gateway saw it: the gateway's proxy appends the socket address as the
 * LAST entry of X-Forwarded-For, so that entry is the one to trust (entries before it are whatever the
 * client sent). Without the header (the subgraph reached directly), the socket's address.
 */
export function forwardedClientAddress(req: Request): string {
  const entries = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return addressKey(entries.at(-1) ?? req.socket.remoteAddress);
}

/**
 * Failed sign-ins per account (normalised e-mail) and per client IP, with lockouts that double. Every
 * attempt is counted before the password is checked (a burst of parallel guesses cannot slip past the
 * limit); while either key is locked the page answers 429 without checking the password. A success
 * forgets the account's failures and takes back its own count on the IP (the IP's earlier failures
 * stay: one good password must not clear an attacker's count).
 */
export class SignInLockout {
  private readonly perAccount: FailureLockout;
  private readonly perIp: FailureLockout;

  constructor(limiters: LimiterFactory, settings: RateLimitSettings) {
    this.perAccount = new FailureLockout(limiters, 'sign-in-per-account', settings.signInFailuresPerAccount, settings);
    this.perIp = new FailureLockout(limiters, 'sign-in-per-ip', settings.signInFailuresPerIp, settings);
  }

  private strikes(email: string, address: string): Strike[] {
    return [
      { lockout: this.perAccount, key: lockoutKey(normalisedEmail(email)) },
      { lockout: this.perIp, key: address },
    ];
  }

  /** Counts a sign-in attempt; the milliseconds the account or the IP stays locked (0: check the password). */
  attempt(email: string, address: string): Promise<number> {
    return attemptStrikes(this.strikes(email, address));
  }

  /** The password was right: the account's failures are forgotten, the attempt's count on the IP taken back. */
  async succeeded(email: string, address: string): Promise<void> {
    const [account, ip] = this.strikes(email, address);
    await Promise.all([account.lockout.reset(account.key), ip.lockout.refund(ip.key)]);
  }
}
