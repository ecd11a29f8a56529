import { bookingBaseUrl } from './booking-url';
import { setting } from './configuration/settings';

/**
 * The address of one of the stack's pages (`/auth/…`, served by the oauth subgraph behind the gateway) as people reach
 * it from an e-mail: PUBLIC_URL, else the origin of the booking pages (which `npm start` sets to the gateway).
 */
export function publicPageUrl(path: string): string {
  const origin = (setting('PUBLIC_URL') ?? bookingBaseUrl().origin).replace(/\/+$/, '');
  return `${origin}${path}`;
}
