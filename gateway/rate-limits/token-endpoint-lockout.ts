import { Request, RequestHandler, Response } from 'express';
import { retryAfterSeconds, waitText } from '../../subgraphs/kit/failure-lockout';
import { ClientSecretLockout } from './client-secret-lockout';
import { clientAddressOf } from './request-budgets';
import { oauthSlowDown } from './too-many-requests';

/**
 * The token endpoint's client-secret lockout, as router middleware after the body is parsed. A
 * locked client id or IP is answered 429 `slow_down` with Retry-After before anything is checked;
 * otherwise the answer is watched: 401 invalid_client counts a failure (before the answer leaves,
 * so the next attempt already sees it), 200 forgets the client id's failures.
 */
export function tokenEndpointLockout(lockout: ClientSecretLockout, path: string): RequestHandler {
  return async (req: Request, res: Response, next) => {
    if (req.method !== 'POST' || `${req.baseUrl}${req.path}`.replace(/\/$/, '') !== path) return next();
    const clientId = typeof req.body?.client_id === 'string' ? req.body.client_id : '';
    const address = clientAddressOf(req);
    const { lockedMs, clientHasFailures } = await lockout.check(clientId, address);
    if (lockedMs) {
      const seconds = retryAfterSeconds(lockedMs);
      res.set('Retry-After', String(seconds));
      return oauthSlowDown(res, `Too many wrong client credentials for this client_id or from this IP address: retry in ${waitText(seconds)}`);
    }
    const send = res.json.bind(res);
    res.json = (body: { error?: string }) => {
      const settled =
        res.statusCode === 401 && body?.error === 'invalid_client'
          ? lockout.failed(clientId, address)
          : res.statusCode === 200 && clientHasFailures
            ? lockout.succeeded(clientId)
            : Promise.resolve();
      settled
        .catch((error: Error) => console.error('[rate limits] could not record a client-secret outcome:', error.message))
        .finally(() => send(body));
      return res;
    };
    next();
  };
}
