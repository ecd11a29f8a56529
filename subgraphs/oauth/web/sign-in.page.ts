import { Request, Response } from 'express';
import { GuessLockout } from '../../../platform/failure-lockout';
import { SubgraphRuntime } from '../../../platform/server';
import { UserDirectory } from '../directory/user-directory';
import { SESSION_LIFETIME_MS, SessionService } from '../session/session.service';
import { Browser, csrfMatches, PRE_SESSION_COOKIE, preSessionCsrf, SESSION_COOKIE } from './browser';
import { clearCookie, setCookie } from './cookies';
import { html } from './html';
import { csrfField, Notice, page } from './layout';
import { formExpired } from './respond';
import { retryAfterSeconds, waitText } from '../../../platform/failure-lockout';
import { NUL } from './readable-text';
import { signInClientAddress } from './sign-in-lockout';

const HOME = '/auth/settings/developer';

/** Where to go after signing in: a page of ours (an /auth path), never another site. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/auth/') || /[\\\s\p{Cc}]/u.test(next) || next.startsWith('//')) return HOME;
  return next;
}

function signInForm(res: Response, browser: Browser, options: { next: string; email?: string; notice?: Notice; status?: number }): void {
  const csrf = preSessionCsrf(browser, res);
  res
    .status(options.status ?? 200)
    .type('html')
    .send(
      page({
        title: 'Sign in',
        notice: options.notice,
        body: html`<form method="post" action="/auth/login" class="card narrow">
  ${csrfField(csrf)}
  <input type="hidden" name="next" value="${options.next}">
  <label for="email">E-mail</label>
  <input type="email" id="email" name="email" autocomplete="username" required value="${options.email ?? ''}">
  <label for="password">Password</label>
  <input type="password" id="password" name="password" autocomplete="current-password" required>
  <div class="actions"><button type="submit">Sign in</button></div>
</form>`,
      }),
    );
}

/** The longest e-mail and password the directory checks (the gateway's limits of verifyPassword: gateway/input-limits/input-rules.ts). */
const SIGN_IN_FIELDS = { email: { label: 'E-mail', maxLength: 255 }, password: { label: 'Password', maxLength: 1_000 } } as const;

/** What is wrong with the form's e-mail or password before anything is looked up, or null. */
function unusableField(fields: Record<keyof typeof SIGN_IN_FIELDS, string>): { field: keyof typeof SIGN_IN_FIELDS; message: string } | null {
  for (const field of ['email', 'password'] as const) {
    const { label, maxLength } = SIGN_IN_FIELDS[field];
    if (fields[field].includes(NUL)) return { field, message: `${label} must not contain NUL characters (\\u0000).` };
    if (fields[field].length > maxLength) return { field, message: `${label} must be at most ${maxLength.toLocaleString('en')} characters.` };
  }
  return null;
}

export function showSignIn(req: Request, res: Response, browser: Browser): void {
  const next = safeNext(req.query.next);
  if (browser.user) return res.redirect(303, next);
  signInForm(res, browser, { next });
}

/** 429 with Retry-After and the form, saying when to try again (the password was not checked). */
function signInLocked(res: Response, browser: Browser, options: { next: string; email: string; lockedMs: number }): void {
  const seconds = retryAfterSeconds(options.lockedMs);
  const at = new Date(Date.now() + seconds * 1000).toISOString().slice(11, 16);
  res.set('Retry-After', String(seconds));
  signInForm(res, browser, {
    next: options.next,
    email: options.email,
    status: 429,
    notice: { kind: 'error', text: `Too many failed sign-in attempts. Try again in ${waitText(seconds)} (after ${at} UTC).` },
  });
}

export async function signIn(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime, lockout: GuessLockout): Promise<void> {
  const next = safeNext(req.body?.next);
  const email = typeof req.body?.email === 'string' ? req.body.email : '';
  const password = typeof req.body?.password === 'string' ? req.body.password : '';
  if (!csrfMatches(browser.cookies[PRE_SESSION_COOKIE], req.body?.csrf)) {
    return signInForm(res, browser, {
      next,
      email,
      status: 403,
      notice: { kind: 'error', text: 'The form expired or did not come from this site. Please sign in again.' },
    });
  }
  const unusable = unusableField({ email, password });
  if (unusable) {
    // Refused before the lockout counts it: no password was checked.
    return signInForm(res, browser, { next, email: unusable.field === 'email' ? '' : email, status: 400, notice: { kind: 'error', text: unusable.message } });
  }
  const address = signInClientAddress(req);
  const lockedMs = await lockout.attempt(email, address); // counted as a failure unless the password is right
  if (lockedMs) return signInLocked(res, browser, { next, email, lockedMs });
  const user = email && password ? await new UserDirectory(runtime.graph.forRequest(req.id)).signIn(email, password) : null;
  if (!user) return signInForm(res, browser, { next, email, status: 401, notice: { kind: 'error', text: 'Incorrect e-mail or password.' } });
  await lockout.succeeded(email, address);

  const sessions = new SessionService(runtime.db);
  await sessions.end(browser.cookies[SESSION_COOKIE]); // a new session on every sign-in: no fixation
  const { secret } = await sessions.start(user.id);
  setCookie(res, SESSION_COOKIE, secret, { secure: browser.secure, maxAgeSeconds: SESSION_LIFETIME_MS / 1000 });
  res.redirect(303, next);
}

export async function signOut(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (browser.sessionSecret) {
    if (!csrfMatches(browser.sessionSecret, req.body?.csrf)) return formExpired(res, browser);
    await new SessionService(runtime.db).end(browser.sessionSecret);
  }
  clearCookie(res, SESSION_COOKIE, { secure: browser.secure });
  res.redirect(303, '/auth/login');
}
