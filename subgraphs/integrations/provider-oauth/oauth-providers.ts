import { setting } from '../../../platform/configuration/settings';

/**
 * The third-party OAuth providers (calendars: Google, Microsoft 365; conferencing: Zoom, Microsoft Teams;
 * payments: Stripe Connect).
 * Every URL comes from the environment with the real provider's as default, so that tests (and staging)
 * point them at a loopback OAuth + API server. Client ids and secrets come from the environment only.
 */
export type ProviderFamily = 'google' | 'microsoft' | 'zoom' | 'stripe';

export interface OAuthProvider {
  /** The app's slug (`google-calendar`, `office365-calendar`, `zoom`, `msteams`). */
  app: string;
  family: ProviderFamily;
  /** What the credential is for. */
  kind: 'calendar' | 'conferencing' | 'payment';
  /** The OAuth scopes asked at the provider. */
  scopes: string[];
}

const endpoint = (url: string) => url.replace(/\/+$/, '');

/** The provider endpoints and the client registered there, read at use (tests set the env before starting). */
export function providerEndpoints(family: ProviderFamily): { authorizeUrl: string; tokenUrl: string; apiUrl: string; clientId: string; clientSecret: string } {
  switch (family) {
    case 'google':
      return {
        authorizeUrl: endpoint(setting('GOOGLE_OAUTH_AUTHORIZE_URL')),
        tokenUrl: endpoint(setting('GOOGLE_OAUTH_TOKEN_URL')),
        apiUrl: endpoint(setting('GOOGLE_API_URL')),
        clientId: setting('GOOGLE_CLIENT_ID') ?? '',
        clientSecret: setting('GOOGLE_CLIENT_SECRET') ?? '',
      };
    case 'microsoft':
      return {
        authorizeUrl: endpoint(setting('MICROSOFT_OAUTH_AUTHORIZE_URL')),
        tokenUrl: endpoint(setting('MICROSOFT_OAUTH_TOKEN_URL')),
        apiUrl: endpoint(setting('MICROSOFT_GRAPH_URL')),
        clientId: setting('MICROSOFT_CLIENT_ID') ?? '',
        clientSecret: setting('MICROSOFT_CLIENT_SECRET') ?? '',
      };
    case 'zoom':
      return {
        authorizeUrl: endpoint(setting('ZOOM_OAUTH_AUTHORIZE_URL')),
        tokenUrl: endpoint(setting('ZOOM_OAUTH_TOKEN_URL')),
        apiUrl: endpoint(setting('ZOOM_API_URL')),
        clientId: setting('ZOOM_CLIENT_ID') ?? '',
        clientSecret: setting('ZOOM_CLIENT_SECRET') ?? '',
      };
    case 'stripe':
      // Stripe Connect: the platform's secret key is the OAuth client secret.
      return {
        authorizeUrl: endpoint(setting('STRIPE_OAUTH_AUTHORIZE_URL')),
        tokenUrl: endpoint(setting('STRIPE_OAUTH_TOKEN_URL')),
        apiUrl: endpoint(setting('STRIPE_API_URL')),
        clientId: setting('STRIPE_CLIENT_ID') ?? '',
        clientSecret: setting('STRIPE_PRIVATE_KEY') ?? '',
      };
  }
}

export const OAUTH_PROVIDERS: Record<string, OAuthProvider> = {
  'google-calendar': {
    app: 'google-calendar',
    family: 'google',
    kind: 'calendar',
    scopes: ['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events'],
  },
  'office365-calendar': {
    app: 'office365-calendar',
    family: 'microsoft',
    kind: 'calendar',
    scopes: ['User.Read', 'Calendars.Read', 'Calendars.ReadWrite', 'offline_access'],
  },
  zoom: { app: 'zoom', family: 'zoom', kind: 'conferencing', scopes: ['meeting:write'] },
  msteams: { app: 'msteams', family: 'microsoft', kind: 'conferencing', scopes: ['User.Read', 'OnlineMeetings.ReadWrite', 'offline_access'] },
  stripe: { app: 'stripe', family: 'stripe', kind: 'payment', scopes: ['read_write'] },
};

/** The calendar path parameter of the reference (`google`, `office365`) → the app. */
export const CALENDAR_PATH_APPS: Record<string, string> = { google: 'google-calendar', office365: 'office365-calendar' };

/** Where the provider sends the browser back: the public callback route of the app. */
export function redirectUriOf(app: string, team?: { orgId: number; teamId: number } | null): string {
  const base = (setting('PUBLIC_URL') ?? setting('BOOKING_BASE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
  const provider = OAUTH_PROVIDERS[app];
  if (provider.kind === 'payment') return team ? `${base}/v2/organizations/${team.orgId}/teams/${team.teamId}/stripe/save` : `${base}/v2/stripe/save`;
  if (provider.kind === 'calendar') return `${base}/v2/calendars/${provider.family === 'google' ? 'google' : 'office365'}/save`;
  return team
    ? `${base}/v2/organizations/${team.orgId}/teams/${team.teamId}/conferencing/${app}/oauth/callback`
    : `${base}/v2/conferencing/${app}/oauth/callback`;
}
