import { OAuthTokenDocument } from '../contracts/generated';
import { route } from '../route';

/** RFC 6749's token endpoint (spec 4.1); its client-secret failures are counted (gateway/rate-limits). */
export const TOKEN_ENDPOINT_PATH = '/v2/auth/oauth2/token';

export const oauthRoutes = [
  route({
    method: 'POST',
    path: TOKEN_ENDPOINT_PATH,
    tag: 'OAuth',
    summary: 'Exchange an authorization code, or rotate a refresh token, for an access token (RFC 6749; JSON or form body)',
    document: OAuthTokenDocument,
    result: 'oauthToken',
    body: 'form-or-json',
    bodyLimit: '8kb',
    errors: 'oauth',
    envelope: false,
    anonymous: true,
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  }),
];
