import express, { NextFunction, Request, Response } from 'express';
import { addressOf } from '../../../platform/addresses';
import { SubgraphRuntime } from '../../../platform/server';
import { showReview, reviewClient } from './admin-review.page';
import { decideAuthorize, showAuthorize } from './authorize.page';
import { Browser, browserOf } from './browser';
import { registerClient, showDeveloperSettings } from './developer-settings.page';
import { DISCOVERY_PATH, showDiscovery } from './discovery';
import { html } from './html';
import { answerInvitation, showInvitations } from './invitations.page';
import { page, STYLESHEET } from './layout';
import { parameterWithNul } from './readable-text';
import { signInLockout } from './sign-in-lockout';
import { setPassword, showSetPassword } from './set-password.page';
import { showSignIn, signIn, signOut } from './sign-in.page';
import { postgresLimiters } from '../../../platform/rate-limit-store';

/** The oauth subgraph's schema, where its rate limit counters are (migration RateLimits1732600000000). */
const OAUTH_SCHEMA = 'oauth';

/** What the gateway forwards to the oauth subgraph: the pages under {auth_url}/auth and the RFC 8414 metadata. */
export const WEB_PATHS = addressOf('oauth').webPaths!;

/** A parameter PostgreSQL could not store is the client's mistake: a 400 naming it, before any page reads it. */
function refuseUnreadableParameters(req: Request, res: Response, next: NextFunction): void {
  const name = parameterWithNul(req.query) ?? parameterWithNul(req.body);
  if (!name) return next();
  res
    .status(400)
    .type('html')
    .send(
      page({
        title: 'Bad request',
        notice: { kind: 'error', text: `The ${name} parameter must not contain NUL characters (\\u0000).` },
        body: html`<p>Nothing was done. <a href="/auth">Start again</a></p>`,
      }),
    );
}

type PageHandler = (req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime) => unknown;

/** No framing (clickjacking on the consent page), no scripts, no referrer leaking codes or state, nothing cached. */
function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.set({
    'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  next();
}

/**
 * The browser pages of the OAuth provider (spec 4.1, 7.2; ARCHITECTURE: the oauth subgraph owns
 * them): sign-in, consent, developer settings, admin review, invitations, and the set-password page of the sign-up
 * e-mail to an account an organization made. Plain server-rendered HTML that works
 * without JavaScript; every value written into a page is HTML-escaped.
 */
export function mountAuthPages(app: express.Express, runtime: SubgraphRuntime): void {
  app.disable('x-powered-by');
  const pages = express.Router();
  pages.use(securityHeaders);
  pages.use(express.urlencoded({ extended: false, limit: '32kb' }));
  const lockout = signInLockout(postgresLimiters(runtime.db, 'typeorm', OAUTH_SCHEMA), runtime.rateLimits);
  const on = (handler: PageHandler) => async (req: Request, res: Response) => {
    await handler(req, res, await browserOf(req, runtime), runtime);
  };

  pages.get('/assets/style.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(STYLESHEET);
  });
  pages.get('/', (_req, res) => res.redirect(303, '/auth/settings/developer'));
  // The sign-in form answers its own fields (sign-in.page.ts), as it answers a wrong password; every other page's here.
  pages.post(
    '/login',
    on((req, res, browser) => signIn(req, res, browser, runtime, lockout)),
  );
  pages.use(refuseUnreadableParameters);
  pages.get('/login', on(showSignIn));
  pages.post('/logout', on(signOut));
  pages.get('/oauth2/authorize', on(showAuthorize));
  pages.post('/oauth2/authorize', on(decideAuthorize));
  pages.get('/settings/developer', on(showDeveloperSettings));
  pages.post('/settings/developer/clients', on(registerClient));
  pages.get('/invitations', on(showInvitations));
  pages.post('/invitations/:membershipId', on(answerInvitation));
  pages.get('/set-password', on(showSetPassword));
  pages.post('/set-password', on(setPassword));
  pages.get('/admin/oauth-clients', on(showReview));
  pages.post('/admin/oauth-clients/:clientId/review', on(reviewClient));
  pages.use((_req: Request, res: Response) => {
    res
      .status(404)
      .type('html')
      .send(page({ title: 'Not found', body: html`<p><a href="/auth">Developer settings</a></p>` }));
  });
  pages.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status < 500 ? error.status : 500;
    if (status === 500) console.error(`[oauth pages] ${req.method} ${req.originalUrl}:`, error);
    res
      .status(status)
      .type('html')
      .send(page({ title: status === 500 ? 'Something went wrong' : 'Bad request', body: html`<p><a href="/auth">Start again</a></p>` }));
  });

  app.get(DISCOVERY_PATH, showDiscovery);
  app.use('/auth', pages);
}
