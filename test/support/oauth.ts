import { createHash, randomBytes } from 'node:crypto';
import { OAuthClientDecision, OAuthClientReviewService } from '../../subgraphs/oauth/oauth-client/oauth-client-review.service';
import { newSecret, SECRET_PREFIX, sha256Hex } from '../../subgraphs/oauth/secrets';
import { OAuthGrant } from '../../subgraphs/oauth/token/grant.entity';
import { OAuthToken } from '../../subgraphs/oauth/token/token.entity';
import { FIXTURE_PASSWORD, operatorOf, userWithKey } from './fixtures';
import { TestStack } from './stack';

export { OAuthClientDecision };

/** The password userWithKey gives every user. */
export const PASSWORD = FIXTURE_PASSWORD;

export interface PageAnswer {
  status: number;
  /** The Location header of a redirect, absolute. */
  location: string | null;
  html: string;
  headers: Headers;
}

/**
 * A minimal browser for the pages under /auth over real HTTP: keeps cookies, follows no redirect
 * (tests look at each one). The browser tests use real Chromium; this is for the many rule tests.
 */
export class PageSession {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  async request(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>): Promise<PageAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (form) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const url = new URL(path, this.base).toString();
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.remember(response.headers);
    const location = response.headers.get('location');
    return { status: response.status, location: location ? new URL(location, url).toString() : null, html: await response.text(), headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, form: Record<string, string | string[]>) {
    return this.request('POST', path, form);
  }
}

/** The CSRF token of the (first) form on a page. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]*)"/.exec(html);
  if (!match) throw new Error(`no CSRF field on the page:\n${html.slice(0, 500)}`);
  return match[1];
}

/** The hidden fields of the consent form. */
export function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    ]),
  );
}

/** A browser signed in with e-mail and password. */
export async function signedIn(stack: TestStack, email: string, password = PASSWORD): Promise<PageSession> {
  const session = new PageSession(stack.url);
  const form = await session.get('/auth/login');
  const answer = await session.post('/auth/login', { email, password, csrf: csrfOf(form.html), next: '/auth/settings/developer' });
  if (answer.status !== 303) throw new Error(`sign-in failed: ${answer.status} ${answer.html.slice(0, 300)}`);
  return session;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface ClientOptions {
  name?: string;
  isPublic?: boolean;
  scopes?: string[];
  redirectUris?: string[];
  /** Leave it PENDING, or reject it, instead of approving it. */
  decision?: OAuthClientDecision | 'pending';
}

/** A registered client of the owner, approved unless told otherwise (no e-mail: the review tests send those). */
export async function oauthClient(stack: TestStack, ownerId: number, options: ClientOptions = {}) {
  const { client, secret } = await operatorOf(stack).registerOAuthClient(ownerId, {
    name: options.name ?? `App ${randomBytes(3).toString('hex')}`,
    isPublic: options.isPublic ?? false,
    scopes: options.scopes ?? ['PROFILE_READ', 'BOOKING_READ'],
    redirectUris: options.redirectUris ?? ['http://127.0.0.1:9/callback'],
  });
  const decision = options.decision ?? OAuthClientDecision.APPROVE;
  const reviewed = decision === 'pending' ? client : await new OAuthClientReviewService(stack.db('oauth')).review(client.id, decision, null);
  return { client: reviewed, secret };
}

/** The authorize URL of spec 4.1 for these parameters (undefined ones left out). */
export function authorizePath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `/auth/oauth2/authorize?${query}`;
}

/** Through the consent page: Allow (or Deny) as a signed-in user; answers the redirect back to the client. */
export async function decide(session: PageSession, params: Record<string, string | undefined>, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const consent = await session.get(authorizePath(params));
  if (consent.status !== 200) throw new Error(`expected the consent page, got ${consent.status} ${consent.location ?? consent.html.slice(0, 300)}`);
  const answer = await session.post('/auth/oauth2/authorize', { ...hiddenFields(consent.html), decision });
  if (answer.status !== 303 || !answer.location) throw new Error(`expected a redirect, got ${answer.status} ${answer.html.slice(0, 300)}`);
  return new URL(answer.location);
}

/** POST /v2/auth/oauth2/token as a form (the usual) or as JSON. */
export async function tokenRequest(stack: TestStack, body: Record<string, string | undefined>, as: 'form' | 'json' = 'form') {
  const fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[1] !== undefined));
  const response = await fetch(`${stack.url}/v2/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: as === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** A user (with password and API key), an approved client, and a code the user allowed for it. */
export async function userAndCode(stack: TestStack, options: ClientOptions & { scope?: string; pkce?: boolean } = {}) {
  const owner = await userWithKey(stack);
  const { client, secret } = await oauthClient(stack, owner.user.id, options);
  const session = await signedIn(stack, owner.user.email);
  const pkce = (options.pkce ?? client.isPublic) ? pkcePair() : undefined;
  const redirectUri = client.redirectUris[0];
  const back = await decide(session, {
    client_id: client.id,
    redirect_uri: redirectUri,
    scope: options.scope ?? client.scopes.join(' '),
    state: 'xyz',
    code_challenge: pkce?.challenge,
    code_challenge_method: pkce ? 'S256' : undefined,
  });
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back}`);
  return { owner, client, secret, session, code, redirectUri, verifier: pkce?.verifier };
}

/**
 * An access token of the user for exactly these scopes, stored as the token endpoint stores one (a
 * grant of an approved client and the token's hash), for tests about what a token may call; the flow
 * that issues tokens is tested on its own.
 */
export async function accessTokenWithScopes(stack: TestStack, userId: number, scopes: string[]): Promise<string> {
  const { client } = await oauthClient(stack, userId, { scopes: scopes.length ? scopes : ['PROFILE_READ'] });
  const token = newSecret(SECRET_PREFIX.accessToken);
  await stack.db('oauth').transaction(async (tx) => {
    const grant = await tx.save(tx.create(OAuthGrant, { clientId: client.id, userId, scopes, authorizationCodeId: null }));
    await tx.insert(OAuthToken, { grantId: grant.id, kind: 'access', tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 1_800_000), usedAt: null });
  });
  return token;
}
