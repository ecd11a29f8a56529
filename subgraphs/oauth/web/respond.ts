import { Request, Response } from 'express';
import { Browser } from './browser';
import { html } from './html';
import { page, PageFrame } from './layout';

export function sendPage(res: Response, status: number, browser: Browser, frame: Omit<PageFrame, 'user' | 'csrf'>): void {
  res
    .status(status)
    .type('html')
    .send(page({ ...frame, user: browser.user, csrf: browser.csrf }));
}

/** A POST whose CSRF token is missing or wrong: nothing is done. */
export function formExpired(res: Response, browser: Browser): void {
  sendPage(res, 403, browser, {
    title: 'Form expired',
    body: html`<p><a href="/auth">Start again</a></p>`,
    notice: { kind: 'error', text: 'The form expired or did not come from this site, so nothing was done.' },
  });
}

/** Pages for signed-in users send everyone else to sign in first, then back here (GET) or to `back`. */
export function requireUser(
  req: Request,
  res: Response,
  browser: Browser,
  back = req.originalUrl,
): browser is Browser & { user: NonNullable<Browser['user']> } {
  if (browser.user) return true;
  res.redirect(303, `/auth/login?next=${encodeURIComponent(back)}`);
  return false;
}
