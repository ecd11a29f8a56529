import { NextFunction, Request, RequestHandler, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { addressKey } from '../../platform/client-address';
import { retryAfterSeconds } from '../../platform/failure-lockout';
import { RateLimitSettings } from '../../platform/rate-limit-settings';
import { countRefusal } from '../../platform/metrics';
import { LimiterFactory } from '../../platform/rate-limit-store';
import { sha256Hex } from '../../platform/sha256';
import { groupedConsumes } from './grouped-consumes';
import { bearerSecretOf, PLATFORM_CLIENT_ID_HEADER, PLATFORM_SECRET_KEY_HEADER } from '../credentials';

/** Spends one point of a budget's key (grouped-consumes.ts): resolves within the limit, rejects with the state past it. */
type Consume = (key: string) => Promise<RateLimiterRes>;

/** One budget a request spends a point of: the budget, the key and what to call it in a 429 message. */
interface Spend {
  /** The budget's name, as its limiter's (the kind of a refusal in the metrics). */
  kind: string;
  consume: Consume;
  key: string;
  limit: number;
  whose: string;
}

/** Answers a request over its budget (429 with the headers already set) in the format of its endpoint. */
export type TooManyRequestsAnswer = (req: Request, res: Response, message: string) => void;

/**
 * Resolves the request's credential (credentials.ts, once per request: the route reuses the answer), with
 * the platform client a `/v2/oauth-clients/{clientId}/…` path names; rejects when it does not resolve.
 */
export type CredentialCheck = (req: Request, platformClientId: string | undefined) => Promise<unknown>;

/**
 * The credential a request presents, as a key: `bearer:` + SHA-256 of the API key or access token,
 * `platform:` + SHA-256 of client id and secret key (so that someone sending another customer's client
 * id with a wrong secret does not spend that customer's budget). undefined for anonymous calls and
 * for an Authorization header that is not a Bearer credential (counted per IP, like anonymous ones).
 */
export function credentialKeyOf(req: Request): string | undefined {
  const bearer = bearerSecretOf(req.header('authorization'));
  if (bearer !== undefined) return `bearer:${sha256Hex(bearer)}`;
  const clientId = req.header(PLATFORM_CLIENT_ID_HEADER) || clientIdInPathOf(req);
  const secretKey = req.header(PLATFORM_SECRET_KEY_HEADER);
  if (clientId && secretKey) return `platform:${sha256Hex(`${clientId}\n${secretKey}`)}`;
  return undefined;
}

/** Spec 4.2's routes name the client in the path (`/v2/oauth-clients/{clientId}/…`) and send only `x-svc-secret-key`. */
function clientIdInPathOf(req: Request): string | undefined {
  const match = /^\/v2\/oauth-clients\/([^/]+)\//.exec(`${req.baseUrl}${req.path}`);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export function clientAddressOf(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress);
}

/** The budgets, by their limiters' names. */
const PER_CREDENTIAL = 'requests-per-credential';
const PER_IP = 'requests-per-ip';
const PUBLIC_BOOKINGS_PER_IP = 'public-bookings-per-ip';

/** Public booking creation, and the booker e-mail codes it may need (a code sender spends the same budget). */
function isPublicBookingCreation(req: Request): boolean {
  return req.method === 'POST' && /^\/v2\/bookings(\/email-verification-code)?\/?$/.test(`${req.baseUrl}${req.path}`);
}

/**
 * The request budgets of /v2 and /graphql: per credential, per client IP for anonymous calls and for
 * credentials that do not resolve, and a lower per-IP budget for public booking creation. Every answer carries X-RateLimit-Limit,
 * -Remaining and -Reset (seconds until the window restarts) of the budget closest to its end; a
 * request over a budget is answered 429 with Retry-After and is not executed.
 */
export class RequestBudgets {
  private readonly perCredential: Consume;
  private readonly perIp: Consume;
  private readonly publicBookings: Consume;

  constructor(
    limiters: LimiterFactory,
    private readonly settings: RateLimitSettings,
  ) {
    this.perCredential = groupedConsumes(limiters(PER_CREDENTIAL, settings.requestsPerCredential, settings.windowSeconds));
    this.perIp = groupedConsumes(limiters(PER_IP, settings.requestsPerIp, settings.windowSeconds));
    this.publicBookings = groupedConsumes(limiters(PUBLIC_BOOKINGS_PER_IP, settings.publicBookingsPerIp, settings.windowSeconds));
  }

  /**
   * Only a credential that resolves has a budget of its own: an invented one is charged to its address,
   * so it gets no fresh budget and adds no row per guess (its lookup passes the address's lockout first).
   */
  async spendsOf(req: Request, check: CredentialCheck): Promise<Spend[]> {
    const credential = credentialKeyOf(req);
    const address = clientAddressOf(req);
    if (
      credential &&
      (await check(req, clientIdInPathOf(req)).then(
        () => true,
        () => false,
      ))
    ) {
      return [{ kind: PER_CREDENTIAL, consume: this.perCredential, key: credential, limit: this.settings.requestsPerCredential, whose: 'for this credential' }];
    }
    const spends: Spend[] = [
      { kind: PER_IP, consume: this.perIp, key: address, limit: this.settings.requestsPerIp, whose: 'without a credential from this IP address' },
    ];
    if (isPublicBookingCreation(req)) {
      const whose = 'of public bookings from this IP address';
      spends.push({ kind: PUBLIC_BOOKINGS_PER_IP, consume: this.publicBookings, key: address, limit: this.settings.publicBookingsPerIp, whose });
    }
    return spends;
  }

  /**
   * Express middleware spending the request's budgets; `tooMany` writes the 429 body of the endpoint.
   * (The services' own callbacks arrive on the gateway's internal listener, which has no budget.)
   */
  middleware(tooMany: TooManyRequestsAnswer, check: CredentialCheck): RequestHandler {
    return async (req: Request, res: Response, next: NextFunction) => {
      const spends = await this.spendsOf(req, check);
      const outcomes = await Promise.allSettled(spends.map((s) => s.consume(s.key)));
      const states: { spend: Spend; state: RateLimiterRes; over: boolean }[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        const value = outcome.status === 'fulfilled' ? outcome.value : outcome.reason;
        if (!(value instanceof RateLimiterRes)) {
          // The store failed: serve the request unlimited rather than refuse everyone (logged).
          console.error('[rate limits] counting failed, request let through:', (value as Error)?.message ?? value);
          return next();
        }
        states.push({ spend: spends[i], state: value, over: outcome.status === 'rejected' });
      }
      const over = states.filter((s) => s.over).sort((a, b) => b.state.msBeforeNext - a.state.msBeforeNext)[0];
      const binding = over ?? [...states].sort((a, b) => a.state.remainingPoints / a.spend.limit - b.state.remainingPoints / b.spend.limit)[0];
      const resetSeconds = retryAfterSeconds(binding.state.msBeforeNext);
      res.set({
        'X-RateLimit-Limit': String(binding.spend.limit),
        'X-RateLimit-Remaining': String(binding.state.remainingPoints),
        'X-RateLimit-Reset': String(resetSeconds),
      });
      if (!over) return next();
      countRefusal(over.spend.kind);
      res.status(429).set('Retry-After', String(resetSeconds));
      tooMany(
        req,
        res,
        `Too many requests: at most ${binding.spend.limit} per ${this.settings.windowSeconds} seconds ${binding.spend.whose}. Retry in ${resetSeconds} seconds.`,
      );
    };
  }
}
