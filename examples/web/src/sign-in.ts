import type { AppConfig } from './config';

/**
 * Sign-in with the API's OAuth provider as a public client: the authorization code flow with PKCE (S256), in the browser alone.
 * The verifier and state wait in sessionStorage while the browser is on the provider's pages; the access token is kept in
 * sessionStorage for the tab's life (it lasts 30 minutes; the example signs in again rather than refreshing).
 */
const SCOPES = 'PROFILE_READ BOOKING_READ';
const PENDING = 'example-web.pending-sign-in';
const TOKEN = 'example-web.access-token';

const redirectUri = () => `${window.location.origin}/callback`;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** Sends the browser to the authorize page with a fresh verifier's challenge and a state. */
export async function startSignIn(config: AppConfig): Promise<void> {
  const verifier = randomString();
  const state = randomString();
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state }));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const query = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: SCOPES,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  window.location.assign(`${config.apiUrl}/auth/oauth2/authorize?${query}`);
}

/**
 * On /callback: checks the state, exchanges the code at the token endpoint (a cross-origin POST: CORS_ORIGINS must list this
 * app's origin) and keeps the access token. Throws with the provider's error when there is no code.
 */
export async function finishSignIn(config: AppConfig, search: URLSearchParams): Promise<void> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as { verifier: string; state: string } | null;
  sessionStorage.removeItem(PENDING);
  const error = search.get('error');
  if (error) throw new Error(`Sign-in refused: ${error}`);
  if (!pending || search.get('state') !== pending.state) throw new Error('Sign-in answer for another attempt (state does not match)');
  const response = await fetch(`${config.apiUrl}/v2/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: config.clientId,
      code: search.get('code') ?? '',
      redirect_uri: redirectUri(),
      code_verifier: pending.verifier,
    }),
  });
  const tokens = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!response.ok || !tokens.access_token) throw new Error(`Token exchange failed: ${tokens.error_description ?? tokens.error ?? response.status}`);
  sessionStorage.setItem(TOKEN, tokens.access_token);
}

export const accessToken = (): string | null => sessionStorage.getItem(TOKEN);

export const signOut = (): void => sessionStorage.removeItem(TOKEN);
