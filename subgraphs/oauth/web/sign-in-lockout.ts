import { Request } from 'express';
import { addressKey } from '../../../platform/client-address';
import { GuessLockout } from '../../../platform/failure-lockout';
import { FORWARDED_CONTEXT_HEADER, verifyForwardedContext } from '../../../platform/principal';
import { RateLimitSettings } from '../../../platform/rate-limit-settings';
import { LimiterFactory } from '../../../platform/rate-limit-store';

/** One account whatever the case and spaces the e-mail was typed with. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The browser's address as the gateway determined it (after TRUST_PROXY), from the context its /auth proxy
 * signs. Without one (this service's own port reached directly), the socket's address: an X-Forwarded-For
 * of an unsigned request is whatever its sender wrote, a fresh IP count per guess.
 */
export function signInClientAddress(req: Request): string {
  return addressKey(verifyForwardedContext(req.header(FORWARDED_CONTEXT_HEADER))?.clientAddress ?? req.socket.remoteAddress);
}

/** Failed sign-ins per account (its normalised e-mail) and per client IP. */
export function signInLockout(limiters: LimiterFactory, settings: RateLimitSettings): GuessLockout {
  return new GuessLockout(
    limiters,
    {
      names: { subject: 'sign-in-per-account', ip: 'sign-in-per-ip' },
      failuresPerSubject: settings.signInFailuresPerAccount,
      failuresPerIp: settings.signInFailuresPerIp,
    },
    settings,
    normalisedEmail,
  );
}
