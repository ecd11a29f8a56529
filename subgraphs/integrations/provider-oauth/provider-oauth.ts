import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { fetchOutbound, OutboundError } from '../../../platform/outbound';
import { sha256Hex } from '../../../platform/sha256';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { OAUTH_PROVIDERS, OAuthProvider, providerEndpoints, redirectUriOf } from './oauth-providers';
import { ProviderOAuthState } from './oauth-state.entity';
import { setting } from '../../../platform/configuration/settings';

/** How long a consent may take (`PROVIDER_OAUTH_STATE_TTL_MS`, default 10 minutes). */
const stateTtlMs = () => setting('PROVIDER_OAUTH_STATE_TTL_MS');
/** Tokens are refreshed this long before they expire. */
const REFRESH_MARGIN_MS = 60_000;

/** What a credential's sealed key holds for an OAuth provider. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The provider's id of the connected account, where it names one (Stripe's `stripe_user_id`). */
  accountId?: string;
}

export interface ConsentOwner {
  userId: number;
  team?: { orgId: number; teamId: number } | null;
}

/** A provider answer that is not what OAuth promises: the caller's 400 (the code or state was wrong). */
export class ProviderOAuthError extends Error {}

export function oauthProviderOf(app: string, kind: OAuthProvider['kind']): OAuthProvider {
  const provider = OAUTH_PROVIDERS[app];
  const names = Object.values(OAUTH_PROVIDERS)
    .filter((p) => p.kind === kind)
    .map((p) => p.app);
  if (!provider || provider.kind !== kind) throw badInput('app', `app must be one of ${names.join(', ')}, got ${JSON.stringify(app)}`);
  return provider;
}

/**
 * The provider's authorization URL for the owner: a fresh random `state` (stored by hash, bound to the
 * owner and the app, single use, expiring) and a PKCE S256 challenge whose verifier is stored sealed.
 */
export async function authorizationUrl(
  db: DataSource,
  provider: OAuthProvider,
  owner: ConsentOwner,
  returns: { returnTo?: string | null; onErrorReturnTo?: string | null } = {},
): Promise<string> {
  const endpoints = providerEndpoints(provider.family);
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  await db.query(`DELETE FROM provider_oauth_states WHERE expires_at < now()`);
  await db.getRepository(ProviderOAuthState).insert({
    stateHash: sha256Hex(state),
    app: provider.app,
    userId: owner.userId,
    teamId: owner.team?.teamId ?? null,
    orgId: owner.team?.orgId ?? null,
    verifierCiphertext: encryptProviderSecret(verifier),
    returnTo: returns.returnTo ?? null,
    onErrorReturnTo: returns.onErrorReturnTo ?? null,
    expiresAt: new Date(Date.now() + stateTtlMs()),
  });
  const url = new URL(endpoints.authorizeUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: redirectUriOf(provider.app, owner.team),
    scope: provider.scopes.join(' '),
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  if (provider.family === 'google') Object.assign(params, { access_type: 'offline', prompt: 'consent' });
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Consumes a state of this app issued for this owner binding (a user's consent: no team; a team's: that
 * team of that organization), deleted whatever happens next. A state of another app or owner is left
 * alone (it is not burnt by a request on the wrong path). Unknown, used or expired: `refuse()`, by
 * default a 400 naming `state`.
 */
export async function consumeState(
  db: EntityManager | DataSource,
  app: string,
  state: string | null | undefined,
  team: { orgId: number; teamId: number } | null = null,
  refuse: (message: string) => Error = (message) => badInput('state', message),
): Promise<ProviderOAuthState & { verifier: string }> {
  if (!state) throw refuse('state is required');
  const rows: Array<Record<string, unknown>> = await db.query(
    // A CTE so that the answer is the deleted rows (TypeORM answers a bare DELETE … RETURNING with [rows, count]).
    `WITH consumed AS (
       DELETE FROM provider_oauth_states
        WHERE state_hash = $1 AND app = $2 AND team_id IS NOT DISTINCT FROM $3 AND org_id IS NOT DISTINCT FROM $4
       RETURNING *)
     SELECT user_id AS "userId", team_id AS "teamId", org_id AS "orgId", verifier_ciphertext AS "verifierCiphertext",
            return_to AS "returnTo", on_error_return_to AS "onErrorReturnTo", expires_at AS "expiresAt", app FROM consumed`,
    [sha256Hex(state), app, team?.teamId ?? null, team?.orgId ?? null],
  );
  const row = rows[0] as unknown as ProviderOAuthState | undefined;
  if (!row) throw refuse('state is unknown, was already used, or was issued for another app or owner');
  if (new Date(row.expiresAt).getTime() <= Date.now()) throw refuse('state has expired: ask for a new authorization URL');
  return { ...row, verifier: decryptProviderSecret<string>(row.verifierCiphertext) };
}

async function tokenRequest(provider: OAuthProvider, grant: Record<string, string>): Promise<ProviderTokens> {
  const endpoints = providerEndpoints(provider.family);
  const body = new URLSearchParams({ ...grant, client_id: endpoints.clientId, client_secret: endpoints.clientSecret }).toString();
  let answer;
  try {
    answer = await fetchOutbound(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (error) {
    throw new ProviderOAuthError(`the ${provider.family} token endpoint could not be reached: ${(error as OutboundError).message}`);
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    /* not JSON: reported below */
  }
  if (answer.status !== 200 || typeof json.access_token !== 'string') {
    throw new ProviderOAuthError(
      `the ${provider.family} token endpoint refused the grant (${answer.status}${typeof json.error === 'string' ? `: ${json.error}` : ''})`,
    );
  }
  const expiresIn = Number(json.expires_in) > 0 ? Number(json.expires_in) : 3600;
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : (grant.refresh_token ?? null),
    expiresAt: Date.now() + expiresIn * 1000,
    ...(typeof json.stripe_user_id === 'string' ? { accountId: json.stripe_user_id } : {}),
  };
}

/** Exchanges an authorization code (with the PKCE verifier and the client secret) for tokens. */
export function exchangeCode(
  provider: OAuthProvider,
  code: string,
  verifier: string,
  team?: { orgId: number; teamId: number } | null,
): Promise<ProviderTokens> {
  return tokenRequest(provider, { grant_type: 'authorization_code', code, redirect_uri: redirectUriOf(provider.app, team), code_verifier: verifier });
}

/** Tokens good for at least a minute: refreshed (and `store`d by the caller, sealed with what else it keeps) when about to expire. */
export async function freshTokens(
  provider: OAuthProvider,
  tokens: ProviderTokens,
  store: (refreshed: ProviderTokens) => Promise<unknown>,
): Promise<ProviderTokens> {
  if (tokens.expiresAt - REFRESH_MARGIN_MS > Date.now()) return tokens;
  if (!tokens.refreshToken) throw new ProviderOAuthError(`the ${provider.family} access token expired and there is no refresh token`);
  const refreshed = await tokenRequest(provider, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  await store(refreshed);
  return refreshed;
}

/** A JSON call to the provider's API with the access token, through the outbound policy. */
export async function providerApi<T>(provider: OAuthProvider, accessToken: string, method: string, path: string, body?: unknown): Promise<T> {
  const { apiUrl } = providerEndpoints(provider.family);
  const answer = await fetchOutbound(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = answer.body.toString('utf8');
  if (answer.status === 404) throw new ProviderNotFound(`${provider.family} answered 404 for ${path}`);
  if (answer.status < 200 || answer.status >= 300) throw new ProviderOAuthError(`${provider.family} API answered ${answer.status} for ${method} ${path}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** The provider does not know the resource (an event id). */
export class ProviderNotFound extends Error {}
