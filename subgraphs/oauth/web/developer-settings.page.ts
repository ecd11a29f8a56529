import { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { SubgraphRuntime } from '../../../platform/server';
import { OAuthClient } from '../oauth-client/oauth-client.entity';
import { OAuthClientService } from '../oauth-client/oauth-client.service';
import { Browser, csrfMatches } from './browser';
import { html, Html } from './html';
import { csrfField, Notice } from './layout';
import { formExpired, requireUser, sendPage } from './respond';
import { SCOPE_GROUPS, scopeLabel } from './scope-labels';

interface RegistrationDraft {
  name: string;
  redirectUris: string;
  scopes: string[];
  isPublic: boolean;
}

const EMPTY: RegistrationDraft = { name: '', redirectUris: '', scopes: [], isPublic: false };

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');

export function clientCard(client: OAuthClient, extra: Html | string = ''): Html {
  return html`<div class="card client" data-client-id="${client.id}">
  <h3>${client.name} <span class="status ${client.status}">${client.status}</span></h3>
  <dl>
    <dt>Client id</dt><dd><code class="client-id">${client.id}</code></dd>
    <dt>Type</dt><dd>${client.isPublic ? 'Public (PKCE, no secret)' : 'Confidential (client secret)'}</dd>
    <dt>Scopes</dt><dd>${client.scopes.map((s, i) => html`${i ? ', ' : ''}<code>${s}</code>`)}</dd>
    <dt>Redirect URIs</dt><dd>${client.redirectUris.map((uri) => html`<div><code>${uri}</code></div>`)}</dd>
    <dt>Registered</dt><dd>${client.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</dd>
  </dl>
  ${extra}
</div>`;
}

function registrationForm(browser: Browser, draft: RegistrationDraft): Html {
  return html`<form method="post" action="/auth/settings/developer/clients" class="card">
  ${csrfField(browser.csrf)}
  <label for="name">Application name</label>
  <input type="text" id="name" name="name" required maxlength="100" value="${draft.name}">
  <label for="redirect_uris">Redirect URIs</label>
  <textarea id="redirect_uris" name="redirect_uris" required placeholder="https://app.example.com/oauth/callback">${draft.redirectUris}</textarea>
  <p class="hint">One absolute URL per line, 1 to 10. The authorization request must name one of them exactly.</p>
  <fieldset>
    <legend>Client type</legend>
    <label class="option"><input type="radio" name="client_type" value="confidential" ${draft.isPublic ? '' : html`checked`}> Confidential: a server that keeps a client secret</label>
    <label class="option"><input type="radio" name="client_type" value="public" ${draft.isPublic ? html`checked` : ''}> Public: a browser or mobile app without a secret (uses PKCE)</label>
  </fieldset>
  ${SCOPE_GROUPS.map(
    (group) => html`<fieldset>
    <legend>${group.title}</legend>
    <div class="choices">${group.scopes.map(
      (scope) =>
        html`<label title="${scopeLabel(scope)}"><input type="checkbox" name="scopes" value="${scope}" ${draft.scopes.includes(scope) ? html`checked` : ''}> <code>${scope}</code></label>`,
    )}</div>
  </fieldset>`,
  )}
  <p class="hint">Choose at least one scope: the application can only ask users for these.</p>
  <div class="actions"><button type="submit">Register client</button></div>
</form>`;
}

async function settingsPage(
  res: Response,
  browser: Browser & { user: NonNullable<Browser['user']> },
  runtime: SubgraphRuntime,
  options: { status?: number; notice?: Notice; draft?: RegistrationDraft; registered?: Html } = {},
): Promise<void> {
  const clients = await new OAuthClientService(runtime.db).listForOwner(browser.user.id);
  sendPage(res, options.status ?? 200, browser, {
    title: 'Developer settings',
    notice: options.notice,
    body: html`${options.registered ?? ''}
<h2>Your OAuth clients</h2>
${clients.length ? clients.map((c) => clientCard(c)) : html`<p class="empty">You have not registered any OAuth client yet.</p>`}
<h2>Register a new OAuth client</h2>
<p class="hint">A new client waits for a service admin's review; you will get an e-mail when it is approved or rejected.</p>
${registrationForm(browser, options.draft ?? EMPTY)}`,
  });
}

/** GET /auth/settings/developer: the user's clients and the registration form (spec 2.2). */
export async function showDeveloperSettings(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireUser(req, res, browser)) return;
  await settingsPage(res, browser, runtime);
}

/** POST /auth/settings/developer/clients: registers a client (pending); a confidential one's secret is shown this once. */
export async function registerClient(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireUser(req, res, browser, '/auth/settings/developer')) return;
  if (!csrfMatches(browser.sessionSecret ?? undefined, req.body?.csrf)) return formExpired(res, browser);
  const draft: RegistrationDraft = {
    name: typeof req.body?.name === 'string' ? req.body.name : '',
    redirectUris: typeof req.body?.redirect_uris === 'string' ? req.body.redirect_uris : '',
    scopes: list(req.body?.scopes),
    isPublic: req.body?.client_type === 'public',
  };
  try {
    const { client, secret } = await new OAuthClientService(runtime.db).register(browser.user.id, {
      name: draft.name,
      redirectUris: draft.redirectUris
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      scopes: draft.scopes,
      isPublic: draft.isPublic,
    });
    const registered = html`<div class="card registered">
  <p>Client id: <code class="new-client-id">${client.id}</code></p>
  ${
    secret
      ? html`<p>Client secret — copy it now, it is shown only this once:</p><code class="secret new-client-secret">${secret}</code>`
      : html`<p class="hint">A public client has no secret: it proves itself with PKCE (S256).</p>`
  }
</div>`;
    await settingsPage(res, browser, runtime, {
      status: 201,
      notice: { kind: 'success', text: `Registered "${client.name}". It is pending review by a service admin.` },
      registered,
    });
  } catch (error) {
    if (!(error instanceof GraphQLError) || error.extensions.code !== 'BAD_USER_INPUT') throw error;
    await settingsPage(res, browser, runtime, { status: 400, notice: { kind: 'error', text: error.message }, draft });
  }
}
