import { createHmac, randomBytes } from 'node:crypto';
import { Request, Response } from 'express';
import { FORWARDED_CONTEXT_HEADER, verifyForwardedContext } from '../../../platform/principal';
import { SubgraphRuntime } from '../../../platform/server';
import { DirectoryUser, UserDirectory } from '../directory/user-directory';
import { sameText } from '../secrets';
import { SessionService } from '../session/session.service';
import { readCookies, setCookie } from './cookies';
import { setting } from '../../../platform/configuration/settings';

export const SESSION_COOKIE = 'svc_session';
/** A random value bound to the browser before sign-in: the basis of the sign-in form's CSRF token. */
export const PRE_SESSION_COOKIE = 'svc_csrf';

/**
 * The address the browser used: PUBLIC_URL when set, else the public origin the gateway vouched for in
 * its signed context (the /auth proxy), else this service's own listening address. Never the request's
 * Host or X-Forwarded-* headers: on this service's own port anyone can send those, and whoever sends the
 * request must not choose the issuer.
 */
export function publicOrigin(req: Request): string {
  const publicUrl = setting('PUBLIC_URL');
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const vouched = verifyForwardedContext(req.header(FORWARDED_CONTEXT_HEADER));
  if (vouched) return vouched.origin;
  const local = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort}`;
}

/** A CSRF token: HMAC of the value it is bound to (the session secret, or the pre-session cookie). */
export function csrfTokenFor(basis: string): string {
  return createHmac('sha256', basis).update('svc auth form').digest('base64url');
}

export function csrfMatches(basis: string | undefined, given: unknown): boolean {
  return typeof basis === 'string' && basis !== '' && typeof given === 'string' && sameText(csrfTokenFor(basis), given);
}

/** Who is at the browser: the signed-in user and their session, or nobody. */
export interface Browser {
  secure: boolean;
  sessionSecret: string | null;
  user: DirectoryUser | null;
  /** The CSRF token of the signed-in session (every form but sign-in). */
  csrf: string;
  cookies: Record<string, string>;
}

export async function browserOf(req: Request, runtime: SubgraphRuntime): Promise<Browser> {
  const cookies = readCookies(req);
  const secure = publicOrigin(req).startsWith('https:');
  const secret = cookies[SESSION_COOKIE];
  const session = secret ? await new SessionService(runtime.db).find(secret) : null;
  const user = session ? await new UserDirectory(runtime.graph.forRequest(req.id)).byId(session.userId) : null;
  const signedIn = session && user ? secret! : null;
  return { secure, sessionSecret: signedIn, user: signedIn ? user : null, csrf: signedIn ? csrfTokenFor(signedIn) : '', cookies };
}

/** The sign-in form's CSRF token, bound to a pre-session cookie set here when the browser has none. */
export function preSessionCsrf(browser: Browser, res: Response): string {
  let basis = browser.cookies[PRE_SESSION_COOKIE];
  if (!basis) {
    basis = randomBytes(32).toString('base64url');
    setCookie(res, PRE_SESSION_COOKIE, basis, { secure: browser.secure });
    browser.cookies[PRE_SESSION_COOKIE] = basis;
  }
  return csrfTokenFor(basis);
}
