import { Request, Response } from 'express';
import { OAUTH_SCOPES } from '../oauth-client/scopes';
import { publicOrigin } from './browser';

export { OAUTH_DISCOVERY_PATH as DISCOVERY_PATH } from '../../../platform/addresses';
export const AUTHORIZE_PATH = '/auth/oauth2/authorize';
export const TOKEN_PATH = '/v2/auth/oauth2/token';

/** RFC 8414 authorization server metadata: where to send users, where to exchange codes, what is supported. */
export function authorizationServerMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${AUTHORIZE_PATH}`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    service_documentation: `${origin}/v2/openapi.json`,
  };
}

export function showDiscovery(req: Request, res: Response): void {
  res.set('Cache-Control', 'public, max-age=300').json(authorizationServerMetadata(publicOrigin(req)));
}
