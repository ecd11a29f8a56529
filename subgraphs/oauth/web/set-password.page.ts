import { Request, Response } from 'express';
import { PASSWORD_LENGTH, passwordProblem } from '../../../platform/password-rule';
import { SubgraphRuntime } from '../../../platform/server';
import { SignUpLinks, SignUpLinkView } from '../directory/sign-up-links';
import { Browser, csrfMatches, PRE_SESSION_COOKIE, preSessionCsrf } from './browser';
import { html } from './html';
import { csrfField, Notice } from './layout';
import { sendPage } from './respond';

/** The page the sign-up e-mail of an account an organization made links to (`?token=`). */
export const SET_PASSWORD_PAGE = '/auth/set-password';

/** Why a link cannot be used, in the person's words, and the status it is answered with. */
const UNUSABLE: Record<Exclude<SignUpLinkView['state'], 'VALID'>, { status: number; text: string }> = {
  USED: { status: 410, text: 'This link was used already: a password was chosen with it. Sign in with that password.' },
  EXPIRED: { status: 410, text: 'This link has expired. Ask an administrator of your organization for a new account or invitation.' },
  UNKNOWN: { status: 404, text: 'This link is not valid. Open it exactly as it is in the e-mail (the whole address).' },
};

function unusableLink(res: Response, browser: Browser, state: keyof typeof UNUSABLE): void {
  const { status, text } = UNUSABLE[state];
  sendPage(res, status, browser, {
    title: 'Choose your password',
    notice: { kind: 'error', text },
    body: html`<p><a href="/auth/login">Sign in</a></p>`,
  });
}

function passwordForm(res: Response, browser: Browser, token: string, link: SignUpLinkView, status = 200, notice?: Notice): void {
  const csrf = preSessionCsrf(browser, res);
  sendPage(res, status, browser, {
    title: 'Choose your password',
    notice,
    body: html`<form method="post" action="${SET_PASSWORD_PAGE}" class="card narrow">
  ${csrfField(csrf)}
  <input type="hidden" name="token" value="${token}">
  <p>Your account in <strong>${link.organizationName ?? ''}</strong>.</p>
  <label for="email">E-mail</label>
  <input type="email" id="email" name="email" autocomplete="username" readonly value="${link.email ?? ''}">
  <label for="password">New password</label>
  <input type="password" id="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}">
  <p class="hint">At least ${PASSWORD_LENGTH.min} characters.</p>
  <label for="confirmation">Repeat the password</label>
  <input type="password" id="confirmation" name="confirmation" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}">
  <div class="actions"><button type="submit">Set password</button></div>
</form>`,
  });
}

const tokenOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** GET /auth/set-password?token=…: the form, or why the link cannot be used. */
export async function showSetPassword(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  const token = tokenOf(req.query.token);
  const link = await new SignUpLinks(runtime.graph.forRequest(req.id)).inspect(token);
  if (link.state !== 'VALID') return unusableLink(res, browser, link.state);
  passwordForm(res, browser, token, link);
}

/** POST /auth/set-password (token, password, confirmation, csrf): sets the password once; then the person signs in. */
export async function setPassword(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  const token = tokenOf(req.body?.token);
  const links = new SignUpLinks(runtime.graph.forRequest(req.id));
  const link = await links.inspect(token);
  if (link.state !== 'VALID') return unusableLink(res, browser, link.state);
  if (!csrfMatches(browser.cookies[PRE_SESSION_COOKIE], req.body?.csrf)) {
    return passwordForm(res, browser, token, link, 403, { kind: 'error', text: 'The form expired or did not come from this site. Please try again.' });
  }
  const password: unknown = req.body?.password;
  const problem = passwordProblem(password);
  if (problem) return passwordForm(res, browser, token, link, 400, { kind: 'error', text: `The password ${problem}.` });
  if (password !== req.body?.confirmation) return passwordForm(res, browser, token, link, 400, { kind: 'error', text: 'The two passwords differ.' });
  const used = await links.choosePassword(token, password as string);
  if (used.state !== 'VALID') return unusableLink(res, browser, used.state);
  sendPage(res, 200, browser, {
    title: 'Password set',
    notice: { kind: 'success', text: `Your password is set. Sign in with ${used.email ?? 'your e-mail'} and it.` },
    body: html`<p><a href="/auth/login" class="sign-in">Sign in</a></p>`,
  });
}
