import { GraphQLError } from 'graphql';

/** RFC 6749 section 5.2 error codes the token endpoint answers. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

/**
 * A refusal of the token endpoint: `extensions.oauthError` is the RFC 6749 `error`, the message its
 * `error_description` (spec 7.3). The REST façade writes it as `{error, error_description}`, with 401
 * for invalid_client; GraphQL callers read `extensions.code` (UNAUTHENTICATED or BAD_USER_INPUT) as usual.
 */
export function oauthError(error: OAuthErrorCode, description: string): GraphQLError {
  return new GraphQLError(description, { extensions: { code: error === 'invalid_client' ? 'UNAUTHENTICATED' : 'BAD_USER_INPUT', oauthError: error } });
}

/** The descriptions spec 7.3 gives word for word, and ours for the conditions it leaves open. */
export const OAUTH_ERRORS = {
  codeInvalidOrExpired: () => oauthError('invalid_grant', 'code_invalid_or_expired'),
  invalidClientCredentials: () => oauthError('invalid_client', 'invalid_client_credentials'),
  clientNotFound: () => oauthError('invalid_client', 'client_not_found'),
  clientIdRequired: () => oauthError('invalid_request', 'client_id is required'),
  unsupportedGrantType: () => oauthError('invalid_request', "grant_type must be 'authorization_code' or 'refresh_token'"),
  clientNotApproved: () => oauthError('unauthorized_client', 'client_not_approved'),
  required: (field: string) => oauthError('invalid_request', `${field} is required`),
  refreshTokenInvalidOrExpired: () => oauthError('invalid_grant', 'refresh_token_invalid_or_expired'),
  redirectUriMismatch: () => oauthError('invalid_grant', 'redirect_uri does not match the one used at authorization'),
  codeVerifierMismatch: () => oauthError('invalid_grant', 'code_verifier does not match the code_challenge'),
  codeVerifierUnexpected: () => oauthError('invalid_grant', 'code_verifier sent, but the authorization request had no code_challenge'),
  scopeChanged: (granted: string[]) => oauthError('invalid_scope', `a refresh keeps exactly the scopes originally granted: ${granted.join(' ')}`),
};
