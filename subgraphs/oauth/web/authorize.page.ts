import { Request, Response } from 'express';
import { SubgraphRuntime } from '../../../platform/server';
import { AuthorizationCodeService } from '../authorization/authorization-code.service';
import {
  AUTHORIZATION_REDIRECT_ERRORS,
  AuthorizationCheck,
  AuthorizationParameters,
  checkAuthorizationRequest,
  redirectWith,
  ValidAuthorizationRequest,
} from '../authorization/authorization-request';
import { OAuthClient } from '../oauth-client/oauth-client.entity';
import { Browser, csrfMatches } from './browser';
import { html } from './html';
import { csrfField } from './layout';
import { formExpired, requireUser, sendPage } from './respond';
import { scopeLabel } from './scope-labels';

/** The parameters of 4.1 a consent form carries over to its POST (re-checked there, never trusted). */
const CARRIED = ['client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'response_type'] as const;

async function check(params: AuthorizationParameters, runtime: SubgraphRuntime): Promise<AuthorizationCheck> {
  const clientId = typeof params.client_id === 'string' && params.client_id ? params.client_id : null;
  const client = clientId ? await runtime.db.getRepository(OAuthClient).findOneBy({ id: clientId }) : null;
  return checkAuthorizationRequest(params, client);
}

/** `name` in a message is written as code. */
const withCode = (message: string) => html`${message.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))}`;

/** Errors of 7.2 that are not redirected: shown on the authorization page. */
function showError(res: Response, browser: Browser, message: string): void {
  sendPage(res, 400, browser, {
    title: 'Authorization failed',
    notice: { kind: 'error', text: withCode(message) },
    body: html`<p class="hint">Nothing was shared with the application. You can close this page.</p>`,
  });
}

function consentPage(res: Response, browser: Browser, request: ValidAuthorizationRequest, params: AuthorizationParameters): void {
  const carried = CARRIED.filter((name) => typeof params[name] === 'string' && params[name] !== '').map(
    (name) => html`<input type="hidden" name="${name}" value="${name === 'scope' ? request.scopes.join(' ') : (params[name] as string)}">`,
  );
  sendPage(res, 200, browser, {
    title: `Allow ${request.client.name} to access your account?`,
    body: html`<div class="card">
  <p><strong>${request.client.name}</strong> asks for permission to:</p>
  <ul class="scopes">${request.scopes.map((scope) => html`<li>${scopeLabel(scope)} <code>${scope}</code></li>`)}</ul>
  <p class="hint">You are signed in as ${browser.user!.email}. After you decide, you will go back to <code>${new URL(request.redirectUri).origin}</code>.</p>
  <form method="post" action="/auth/oauth2/authorize">
    ${csrfField(browser.csrf)}
    ${carried}
    <div class="actions">
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
    </div>
  </form>
</div>`,
  });
}

/** GET {auth_url}/auth/oauth2/authorize (spec 4.1, 7.2). */
export async function showAuthorize(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  const params = req.query as AuthorizationParameters;
  const checked = await check(params, runtime);
  if (checked.outcome === 'page-error') return showError(res, browser, checked.message);
  if (checked.outcome === 'redirect-error') {
    return res.redirect(302, redirectWith(checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state }));
  }
  if (!requireUser(req, res, browser)) return;
  consentPage(res, browser, checked, params);
}

/** POST of the consent form: Allow issues a code, Deny sends access_denied; both go back with the state. */
export async function decideAuthorize(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  const params = (req.body ?? {}) as AuthorizationParameters;
  const carried = CARRIED.flatMap((name): Array<[string, string]> => (typeof params[name] === 'string' ? [[name, params[name] as string]] : []));
  const again = `/auth/oauth2/authorize?${new URLSearchParams(carried)}`;
  if (!requireUser(req, res, browser, again)) return;
  if (!csrfMatches(browser.sessionSecret ?? undefined, params.csrf)) return formExpired(res, browser);
  const checked = await check(params, runtime);
  if (checked.outcome === 'page-error') return showError(res, browser, checked.message);
  if (checked.outcome === 'redirect-error') {
    return res.redirect(303, redirectWith(checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state }));
  }
  if (params.decision !== 'allow') {
    const { error, description } = AUTHORIZATION_REDIRECT_ERRORS.denied;
    return res.redirect(303, redirectWith(checked.redirectUri, { error, error_description: description, state: checked.state }));
  }
  const code = await new AuthorizationCodeService(runtime.db).issue(checked, browser.user.id);
  res.redirect(303, redirectWith(checked.redirectUri, { code, state: checked.state }));
}
