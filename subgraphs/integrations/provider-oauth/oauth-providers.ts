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

const env = (name: string, fallback: string) => (process.env[name] || fallback).replace(/\/+$/, '');

/** The provider endpoints and the client registered there, read at use (tests set the env before starting). */
export function providerEndpoints(family: ProviderFamily): { authorizeUrl: string; tokenUrl: string; apiUrl: string; clientId: string; clientSecret: string } {
  switch (family) {
    case 'google':
      return {
        authorizeUrl: env('GOOGLE_OAUTH_AUTHORIZE_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
        tokenUrl: env('GOOGLE_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
        apiUrl: env('GOOGLE_API_URL', 'https://www.googleapis.com'),
        clientId: process.env.GOOGLE_CLIENT_ID ?? '',
        clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? '',
      };
    case 'microsoft':
      return {
        authorizeUrl: env('MICROSOFT_OAUTH_AUTHORIZE_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
        tokenUrl: env('MICROSOFT_OAUTH_TOKEN_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/token'),
        apiUrl: env('MICROSOFT_GRAPH_URL', 'https://graph.microsoft.com'),
        clientId: process.env.MICROSOFT_CLIENT_ID ?? '',
        clientSecret: process.env.MICROSOFT_CLIENT_SECRET ?? '',
      };
    case 'zoom':
      return {
        authorizeUrl: env('ZOOM_OAUTH_AUTHORIZE_URL', 'https://zoom.us/oauth/authorize'),
        tokenUrl: env('ZOOM_OAUTH_TOKEN_URL', 'https://zoom.us/oauth/token'),
        apiUrl: env('ZOOM_API_URL', 'https://api.zoom.us'),
        clientId: process.env.ZOOM_CLIENT_ID ?? '',
        clientSecret: process.env.ZOOM_CLIENT_SECRET ?? '',
      };
    case 'stripe':
      // Stripe Connect: the platform's secret key is the OAuth client secret.
      return {
        authorizeUrl: env('STRIPE_OAUTH_AUTHORIZE_URL', 'https://connect.stripe.com/oauth/authorize'),
        tokenUrl: env('STRIPE_OAUTH_TOKEN_URL', 'https://connect.stripe.com/oauth/token'),
        apiUrl: env('STRIPE_API_URL', 'https://api.stripe.com'),
        clientId: process.env.STRIPE_CLIENT_ID ?? '',
        clientSecret: process.env.STRIPE_PRIVATE_KEY ?? '',
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
  'office365-calendar': { app: 'office365-calendar', family: 'microsoft', kind: 'calendar', scopes: ['User.Read', 'Calendars.Read', 'Calendars.ReadWrite', 'offline_access'] },
  zoom: { app: 'zoom', family: 'zoom', kind: 'conferencing', scopes: ['meeting:write'] },
  msteams: { app: 'msteams', family: 'microsoft', kind: 'conferencing', scopes: ['User.Read', 'OnlineMeetings.ReadWrite', 'offline_access'] },
  stripe: { app: 'stripe', family: 'stripe', kind: 'payment', scopes: ['read_write'] },
};

/** The calendar path parameter of the reference (`google`, `office365`) → the app. */
export const CALENDAR_PATH_APPS: Record<string, string> = { google: 'google-calendar', office365: 'office365-calendar' };

/** Where the provider sends the browser back: the public callback route of the app. */
export function redirectUriOf(app: string, team?: { orgId: number; teamId: number } | null): string {
  const base = (process.env.PUBLIC_URL || process.env.BOOKING_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const provider = OAUTH_PROVIDERS[app];
  if (provider.kind === 'payment') return team ? `${base}/v2/organizations/${team.orgId}/teams/${team.teamId}/stripe/save` : `${base}/v2/stripe/save`;
  if (provider.kind === 'calendar') return `${base}/v2/calendars/${provider.family === 'google' ? 'google' : 'office365'}/save`;
  return team ? `${base}/v2/organizations/${team.orgId}/teams/${team.teamId}/conferencing/${app}/oauth/callback` : `${base}/v2/conferencing/${app}/oauth/callback`;
}
