import { setting } from './configuration/settings';
/**
 * Where people book: the web app's address, BOOKING_BASE_URL; else the stack's public address
 * (PUBLIC_URL; `npm start` sets BOOKING_BASE_URL to http://localhost:<PORT> without it); else
 * http://localhost:3000. An organization's pages live on its own subdomain
 * (`https://acme.example.com`, `http://acme.localhost:3000`), as on the real service.
 */
export function bookingBaseUrl(): URL {
  return new URL(setting('BOOKING_BASE_URL') ?? setting('PUBLIC_URL') ?? 'http://localhost:3000');
}

/**
 * The booking page of a private link: `{base}/d/{linkId}/{eventSlug}`, or with the organization's
 * subdomain `{scheme}://{orgSlug}.{host}/d/{linkId}/{eventSlug}` when the event type belongs to one.
 */
export function privateLinkBookingUrl(linkId: string, eventSlug: string, orgSlug?: string | null): string {
  const url = bookingBaseUrl();
  if (orgSlug) url.hostname = `${orgSlug}.${url.hostname}`;
  url.pathname = `${url.pathname.replace(/\/$/, '')}/d/${encodeURIComponent(linkId)}/${encodeURIComponent(eventSlug)}`;
  return url.toString();
}
