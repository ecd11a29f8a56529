import { Request, RequestHandler, Response } from 'express';
import { retryAfterSeconds, waitText } from '../../platform/failure-lockout';
import { GuessLockout } from '../../platform/failure-lockout';
import { clientAddressOf } from './request-budgets';
import { oauthSlowDown } from './too-many-requests';

/**
 * The token endpoint's client-secret lockout, as router middleware after the body is parsed. Every
 * request is counted as a failure of its client_id and IP before anything is checked; a locked one
 * is answered 429 `slow_down` with Retry-After. The answer settles the count before it leaves: 401
 * invalid_client keeps it, 200 forgets the client id's failures and takes the IP's count back, any
 * other answer (a bad code, a malformed body) takes both back.
 */
export function tokenEndpointLockout(lockout: GuessLockout, path: string): RequestHandler {
  return async (req: Request, res: Response, next) => {
    if (req.method !== 'POST' || `${req.baseUrl}${req.path}`.replace(/\/$/, '') !== path) return next();
    const clientId = typeof req.body?.client_id === 'string' ? req.body.client_id : '';
    const address = clientAddressOf(req);
    const lockedMs = await lockout.attempt(clientId, address);
    if (lockedMs) {
      const seconds = retryAfterSeconds(lockedMs);
      res.set('Retry-After', String(seconds));
      return oauthSlowDown(res, `Too many wrong client credentials for this client_id or from this IP address: retry in ${waitText(seconds)}`);
    }
    const send = res.json.bind(res);
    res.json = (body: { error?: string }) => {
      const settled =
        res.statusCode === 401 && body?.error === 'invalid_client'
          ? Promise.resolve()
          : res.statusCode === 200
            ? lockout.succeeded(clientId, address)
            : lockout.notAFailure(clientId, address);
      settled.catch((error: Error) => console.error('[rate limits] could not settle a token request count:', error.message)).finally(() => send(body));
      return res;
    };
    next();
  };
}
