import { createHash, randomBytes } from 'node:crypto';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import express, { Request, Response } from 'express';
import { expectSuccess } from './fixtures';
import { TestStack } from './stack';

export type Family = 'google' | 'microsoft' | 'zoom' | 'stripe';

export interface ProviderCalendarRow {
  id: string;
  name: string;
  primary: boolean;
  readOnly?: boolean;
}

export interface ProviderEventRow {
  id: string;
  summary: string;
  description?: string | null;
  start: string;
  end: string;
  status?: string;
  attendees?: Array<{ email: string; displayName?: string; responseStatus?: string; organizer?: boolean }>;
}

/** What one family's account holds; tests set it and read what the service did. */
export interface ProviderAccount {
  calendars: ProviderCalendarRow[];
  /** Busy intervals by calendar id. */
  busy: Record<string, Array<{ start: string; end: string }>>;
  events: Map<string, ProviderEventRow>;
  meetings: Array<{ body: Record<string, unknown>; joinUrl: string }>;
}

/**
 * A loopback OAuth 2.0 authorization server and API of Google, Microsoft, Zoom and Stripe Connect (one per
 * path prefix: `/google`, `/microsoft`, `/zoom`, `/stripe`): authorize redirect, token exchange with client secret and PKCE S256
 * checks, refresh, calendar lists, free/busy, events and meeting creation. No real provider is called.
 */
export interface OAuthProviderServer {
  url: string;
  clients: Record<Family, { id: string; secret: string }>;
  accounts: Record<Family, ProviderAccount>;
  /** Lifetime of the access tokens it issues, seconds (short ones make the service refresh). */
  accessTokenLifetime: number;
  /** Stripe accounts connected so far (`stripe_user_id` of each code exchanged), in order. */
  stripeAccounts: string[];
  /** Grants seen at the token endpoints: what was exchanged or refreshed. */
  grants: Array<{ family: Family; grantType: string }>;
  /** The environment that points the service at this server. */
  env(): Record<string, string>;
  /** How many of the next Zoom meeting creations answer without a join URL (an answer the service cannot use); none is recorded. */
  meetingsWithoutUrl: number;
  /** Revokes every token of a family (its refresh tokens too): the next refresh is refused. */
  revoke(family: Family): void;
  stop(): Promise<void>;
}

const FAMILIES: Family[] = ['google', 'microsoft', 'zoom', 'stripe'];
const ENV_NAMES: Record<Family, string[]> = {
  google: ['GOOGLE_OAUTH_AUTHORIZE_URL', 'GOOGLE_OAUTH_TOKEN_URL', 'GOOGLE_API_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_OAUTH_AUTHORIZE_URL', 'MICROSOFT_OAUTH_TOKEN_URL', 'MICROSOFT_GRAPH_URL', 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
  zoom: ['ZOOM_OAUTH_AUTHORIZE_URL', 'ZOOM_OAUTH_TOKEN_URL', 'ZOOM_API_URL', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'],
  stripe: ['STRIPE_OAUTH_AUTHORIZE_URL', 'STRIPE_OAUTH_TOKEN_URL', 'STRIPE_API_URL', 'STRIPE_CLIENT_ID', 'STRIPE_PRIVATE_KEY'],
};
export const PROVIDER_ENV_NAMES = Object.values(ENV_NAMES).flat();

/** Plays the browser: follows a provider's consent URL to its redirect back, answering the code and state it carries. */
export async function followConsent(authUrl: string): Promise<{ code: string; state: string; redirect: URL }> {
  const answer = await fetch(authUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const redirect = new URL(answer.headers.get('location')!);
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
}

/** Connects the key's owner's Google Calendar the way a browser does: the consent URL, the provider's redirect, the save route. */
export async function connectGoogleCalendar(stack: TestStack, key: string): Promise<void> {
  const { authUrl } = expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key }));
  const { code, state } = await followConsent(authUrl);
  expectSuccess(await stack.rest('GET', `/v2/calendars/google/save?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`));
}

/**
 * Points the service started next in this process at the provider server (its env, private targets
 * allowed, plus `extra`); answers the function that puts every variable back as it was.
 */
export function pointServiceAt(provider: OAuthProviderServer, extra: Record<string, string> = {}): () => void {
  const values: Record<string, string> = { ...provider.env(), ALLOW_PRIVATE_TARGETS: '1', ...extra };
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

export async function startOAuthProviderServer(): Promise<OAuthProviderServer> {
  const clients = Object.fromEntries(
    FAMILIES.map((f) => [f, { id: `${f}-client`, secret: `${f}-secret-${randomBytes(6).toString('hex')}` }]),
  ) as OAuthProviderServer['clients'];
  const accounts = Object.fromEntries(
    FAMILIES.map((f) => [f, { calendars: [], busy: {}, events: new Map(), meetings: [] }]),
  ) as unknown as OAuthProviderServer['accounts'];
  const codes = new Map<string, { family: Family; redirectUri: string; challenge: string; clientId: string }>();
  const accessTokens = new Map<string, { family: Family; expiresAt: number; account?: string }>();
  const refreshTokens = new Map<string, Family>();
  const server = {} as OAuthProviderServer;
  server.accessTokenLifetime = 3600;
  server.grants = [];
  server.stripeAccounts = [];
  server.meetingsWithoutUrl = 0;

  const issue = (family: Family) => {
    const access = `at-${family}-${randomBytes(12).toString('hex')}`;
    const refresh = `rt-${family}-${randomBytes(12).toString('hex')}`;
    refreshTokens.set(refresh, family);
    if (family === 'stripe') {
      // Stripe Connect names the connected account, and its access tokens do not expire.
      const account = `acct_${randomBytes(8).toString('hex')}`;
      server.stripeAccounts.push(account);
      accessTokens.set(access, { family, expiresAt: Number.MAX_SAFE_INTEGER, account });
      return {
        access_token: access,
        refresh_token: refresh,
        token_type: 'bearer',
        stripe_user_id: account,
        stripe_publishable_key: 'pk_test_loopback',
        scope: 'read_write',
        livemode: false,
      };
    }
    accessTokens.set(access, { family, expiresAt: Date.now() + server.accessTokenLifetime * 1000 });
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: server.accessTokenLifetime };
  };

  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  for (const family of FAMILIES) {
    app.get(`/${family}/authorize`, (req: Request, res: Response) => {
      const q = req.query as Record<string, string>;
      if (q.client_id !== clients[family].id || q.response_type !== 'code' || !q.redirect_uri || !q.state)
        return void res.status(400).send('bad authorization request');
      if (q.code_challenge_method !== 'S256' || !q.code_challenge) return void res.status(400).send('PKCE S256 is required');
      const code = `code-${randomBytes(12).toString('hex')}`;
      codes.set(code, { family, redirectUri: q.redirect_uri, challenge: q.code_challenge, clientId: q.client_id });
      const to = new URL(q.redirect_uri);
      to.searchParams.set('code', code);
      to.searchParams.set('state', q.state);
      res.redirect(302, to.toString());
    });

    app.post(`/${family}/token`, (req: Request, res: Response) => {
      const body = req.body as Record<string, string>;
      server.grants.push({ family, grantType: body.grant_type });
      if (body.client_id !== clients[family].id || body.client_secret !== clients[family].secret) return void res.status(401).json({ error: 'invalid_client' });
      if (body.grant_type === 'authorization_code') {
        const grant = codes.get(body.code);
        codes.delete(body.code);
        if (!grant || grant.family !== family || grant.redirectUri !== body.redirect_uri) return void res.status(400).json({ error: 'invalid_grant' });
        const challenge = createHash('sha256')
          .update(body.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== grant.challenge) return void res.status(400).json({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
        return void res.json(issue(family));
      }
      if (body.grant_type === 'refresh_token') {
        if (refreshTokens.get(body.refresh_token) !== family) return void res.status(400).json({ error: 'invalid_grant' });
        refreshTokens.delete(body.refresh_token);
        return void res.json(issue(family));
      }
      res.status(400).json({ error: 'unsupported_grant_type' });
    });

    // Every API call needs a live access token of this family.
    app.use(`/${family}/api`, (req: Request, res: Response, next) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const known = accessTokens.get(token);
      if (!known || known.family !== family || known.expiresAt <= Date.now()) return void res.status(401).json({ error: 'invalid_token' });
      next();
    });
  }

  const google = accounts.google;
  app.get('/google/api/calendar/v3/users/me/calendarList', (_req, res) => {
    res.json({ items: google.calendars.map((c) => ({ id: c.id, summary: c.name, primary: c.primary, accessRole: c.readOnly ? 'reader' : 'owner' })) });
  });
  app.post('/google/api/calendar/v3/freeBusy', (req, res) => {
    const { timeMin, timeMax, items } = req.body as { timeMin: string; timeMax: string; items: Array<{ id: string }> };
    const calendars = Object.fromEntries(items.map(({ id }) => [id, { busy: (google.busy[id] ?? []).filter((b) => b.start < timeMax && b.end > timeMin) }]));
    res.json({ kind: 'calendar#freeBusy', timeMin, timeMax, calendars });
  });
  const googleEvent = (e: ProviderEventRow) => ({
    id: e.id,
    summary: e.summary,
    description: e.description ?? null,
    status: e.status ?? 'confirmed',
    start: { dateTime: e.start, timeZone: 'UTC' },
    end: { dateTime: e.end, timeZone: 'UTC' },
    attendees: e.attendees ?? [],
    organizer: { email: 'owner@example.com' },
    hangoutLink: 'https://meet.example.com/abc-defg-hij',
  });
  app.get('/google/api/calendar/v3/calendars/:calendarId/events/:eventId', (req, res) => {
    const event = google.events.get(req.params.eventId);
    if (!event) return void res.status(404).json({ error: { code: 404 } });
    res.json(googleEvent(event));
  });
  app.patch('/google/api/calendar/v3/calendars/:calendarId/events/:eventId', (req, res) => {
    const event = google.events.get(req.params.eventId);
    if (!event) return void res.status(404).json({ error: { code: 404 } });
    const patch = req.body as Record<string, any>;
    if (patch.summary !== undefined) event.summary = patch.summary;
    if (patch.description !== undefined) event.description = patch.description;
    if (patch.status !== undefined) event.status = patch.status;
    if (patch.start) event.start = patch.start.dateTime;
    if (patch.end) event.end = patch.end.dateTime;
    if (patch.attendees) event.attendees = patch.attendees;
    res.json(googleEvent(event));
  });

  const microsoft = accounts.microsoft;
  app.get('/microsoft/api/v1.0/me/calendars', (_req, res) => {
    res.json({ value: microsoft.calendars.map((c) => ({ id: c.id, name: c.name, isDefaultCalendar: c.primary, canEdit: !c.readOnly })) });
  });
  app.get('/microsoft/api/v1.0/me/calendars/:id/calendarView', (req, res) => {
    const { startDateTime, endDateTime } = req.query as Record<string, string>;
    const busy = (microsoft.busy[req.params.id] ?? []).filter((b) => b.start < endDateTime && b.end > startDateTime);
    // Graph writes UTC date-times without an offset.
    res.json({
      value: busy.map((b) => ({
        showAs: 'busy',
        start: { dateTime: b.start.replace(/Z$/, ''), timeZone: 'UTC' },
        end: { dateTime: b.end.replace(/Z$/, ''), timeZone: 'UTC' },
      })),
    });
  });
  app.post('/microsoft/api/v1.0/me/onlineMeetings', (req, res) => {
    const joinUrl = `https://teams.example.com/l/meetup-join/${randomBytes(6).toString('hex')}`;
    microsoft.meetings.push({ body: req.body, joinUrl });
    res.status(201).json({ id: 'm1', joinWebUrl: joinUrl });
  });
  app.post('/zoom/api/v2/users/me/meetings', (req, res) => {
    if (server.meetingsWithoutUrl > 0) {
      server.meetingsWithoutUrl--;
      return void res.status(201).json({ id: 1 });
    }
    const joinUrl = `https://zoom.example.com/j/${Math.floor(Math.random() * 1e10)}`;
    accounts.zoom.meetings.push({ body: req.body, joinUrl });
    res.status(201).json({ id: 1, join_url: joinUrl });
  });

  app.get('/stripe/api/v1/account', (req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    res.json({ id: accessTokens.get(token)!.account, object: 'account', charges_enabled: true });
  });

  const http: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return Object.assign(server, {
    url,
    clients,
    accounts,
    env: () =>
      Object.fromEntries(
        FAMILIES.flatMap((f) => {
          const [authorize, token, api, id, secret] = ENV_NAMES[f];
          return [
            [authorize, `${url}/${f}/authorize`],
            [token, `${url}/${f}/token`],
            [api, `${url}/${f}/api`],
            [id, clients[f].id],
            [secret, clients[f].secret],
          ];
        }),
      ),
    revoke(family: Family) {
      for (const [token, f] of refreshTokens) if (f === family) refreshTokens.delete(token);
      for (const [token, t] of accessTokens) if (t.family === family) accessTokens.delete(token);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  });
}
