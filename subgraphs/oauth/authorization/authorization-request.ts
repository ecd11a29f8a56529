import { OAuthClient, OAuthClientStatus } from '../oauth-client/oauth-client.entity';
import { isOAuthScope } from '../oauth-client/scopes';
import { isS256Challenge } from './pkce';

/** The query (GET) or form (POST, after consent) parameters of an authorization request, as sent. */
export type AuthorizationParameters = Record<string, unknown>;

/** An authorization request that passed every rule of spec 4.1 / 7.2. */
export interface ValidAuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | null;
}

/**
 * What the authorization page does with a request:
 * - `page-error`: shown to the user, no redirect (the client or its redirect_uri cannot be trusted, or scope is missing);
 * - `redirect-error`: sent back to the validated redirect_uri as `error` / `error_description` (and `state`);
 * - `valid`: ask the user for consent.
 */
export type AuthorizationCheck =
  | { outcome: 'page-error'; message: string }
  | { outcome: 'redirect-error'; redirectUri: string; error: string; description: string; state: string | undefined }
  | ({ outcome: 'valid' } & ValidAuthorizationRequest);

/** Messages shown on the authorization page (spec 7.2). */
export const AUTHORIZATION_PAGE_ERRORS = {
  clientIdMissing: 'The client_id parameter is required: it names the OAuth client asking for access.',
  clientNotFound: 'OAuth client not found: no client has this client_id.',
  clientNotApproved: 'This OAuth client has not been approved by a service admin, so it cannot ask for access yet.',
  redirectUriMismatch: 'The redirect_uri matches none of the redirect URIs registered for this OAuth client.',
  scopeMissing: 'The `scope` parameter is required for this OAuth client.',
  duplicate: (name: string) => `The ${name} parameter is given more than once.`,
};

/** Errors sent back to the client's redirect_uri (spec 7.2, word for word where it gives them). */
export const AUTHORIZATION_REDIRECT_ERRORS = {
  unknownScope: { error: 'invalid_scope', description: 'Requested scope is not a recognized scope' },
  scopeExceedsClient: { error: 'invalid_request', description: "Requested scope exceeds the client's registered scopes" },
  responseType: { error: 'unsupported_response_type', description: 'response_type must be code' },
  challengeRequired: { error: 'invalid_request', description: 'code_challenge is required for public clients (PKCE, method S256)' },
  challengeMethod: { error: 'invalid_request', description: 'code_challenge_method must be S256' },
  challengeMalformed: { error: 'invalid_request', description: 'code_challenge must be the base64url-encoded SHA-256 of the code_verifier (43 characters)' },
  denied: { error: 'access_denied', description: 'The user denied the request' },
} as const;

/** One value, '' for an absent one; null when the parameter is repeated (or not text). */
function single(params: AuthorizationParameters, name: string): string | null {
  const value = params[name];
  if (value === undefined) return '';
  return typeof value === 'string' ? value : null;
}

/** Space- or comma-separated scope names, without repeats, in the order asked. */
export function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(/[\s,]+/).filter(Boolean))];
}

/** Applies the rules of spec 4.1 and 7.2 in their order: first the client and its redirect_uri, then the rest. */
export function checkAuthorizationRequest(params: AuthorizationParameters, client: OAuthClient | null): AuthorizationCheck {
  const page = (message: string): AuthorizationCheck => ({ outcome: 'page-error', message });
  const clientId = single(params, 'client_id');
  if (clientId === null) return page(AUTHORIZATION_PAGE_ERRORS.duplicate('client_id'));
  if (!clientId) return page(AUTHORIZATION_PAGE_ERRORS.clientIdMissing);
  if (!client || client.id !== clientId) return page(AUTHORIZATION_PAGE_ERRORS.clientNotFound);
  if (client.status !== OAuthClientStatus.APPROVED) return page(AUTHORIZATION_PAGE_ERRORS.clientNotApproved);
  const redirectUri = single(params, 'redirect_uri');
  if (redirectUri === null) return page(AUTHORIZATION_PAGE_ERRORS.duplicate('redirect_uri'));
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) return page(AUTHORIZATION_PAGE_ERRORS.redirectUriMismatch);

  // From here on the redirect_uri is the client's own: errors go back to it, with the state.
  const state = single(params, 'state') || undefined;
  const back = (reason: { error: string; description: string }): AuthorizationCheck => ({ outcome: 'redirect-error', redirectUri, state, ...reason });
  const responseType = single(params, 'response_type');
  if (responseType === null || (responseType !== '' && responseType !== 'code')) return back(AUTHORIZATION_REDIRECT_ERRORS.responseType);

  const scope = single(params, 'scope');
  if (scope === null) return page(AUTHORIZATION_PAGE_ERRORS.duplicate('scope'));
  const scopes = parseScopes(scope);
  if (scopes.length === 0) return page(AUTHORIZATION_PAGE_ERRORS.scopeMissing);
  if (!scopes.every(isOAuthScope)) return back(AUTHORIZATION_REDIRECT_ERRORS.unknownScope);
  if (!scopes.every((s) => client.scopes.includes(s))) return back(AUTHORIZATION_REDIRECT_ERRORS.scopeExceedsClient);

  const challenge = single(params, 'code_challenge');
  const method = single(params, 'code_challenge_method');
  if (method === null || (method !== '' && method !== 'S256')) return back(AUTHORIZATION_REDIRECT_ERRORS.challengeMethod);
  if (challenge === null) return back(AUTHORIZATION_REDIRECT_ERRORS.challengeMalformed);
  if (!challenge && client.isPublic) return back(AUTHORIZATION_REDIRECT_ERRORS.challengeRequired);
  if (challenge && !isS256Challenge(challenge)) return back(AUTHORIZATION_REDIRECT_ERRORS.challengeMalformed);

  return { outcome: 'valid', client, redirectUri, scopes, state, codeChallenge: challenge || null };
}

/** `redirect_uri` with the answer's parameters added (its own query kept). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
