import { Request } from 'express';
import { addressKey } from '../../kit/client-address';
import { GuessLockout } from '../../kit/failure-lockout';
import { RateLimitSettings } from '../../kit/rate-limit-settings';
import { LimiterFactory } from '../../kit/rate-limit-store';

/** One account whatever the case and spaces the e-mail was typed with. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The browser's address as the gateway saw it: the gateway's proxy replaces X-Forwarded-For with the
 * client's address (the last entry is the one to trust, should a proxy ever append). Without the
 * header (the subgraph reached directly), the socket's address.
 */
export function forwardedClientAddress(req: Request): string {
  const entries = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return addressKey(entries.at(-1) ?? req.socket.remoteAddress);
}

/** Failed sign-ins per account (its normalised e-mail) and per client IP. */
export function signInLockout(limiters: LimiterFactory, settings: RateLimitSettings): GuessLockout {
  return new GuessLockout(
    limiters,
    { names: { subject: 'sign-in-per-account', ip: 'sign-in-per-ip' }, failuresPerSubject: settings.signInFailuresPerAccount, failuresPerIp: settings.signInFailuresPerIp },
    settings,
    normalisedEmail,
  );
}
