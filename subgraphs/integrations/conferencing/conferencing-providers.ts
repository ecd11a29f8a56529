import { createHmac } from 'node:crypto';
import { setting } from '../../../platform/configuration/settings';

/**
 * A conferencing app the service can connect: how it is connected and how it gives a meeting its URL.
 * Providers that need the user's consent (Zoom, Teams) are connected through OAuth; their tokens are
 * stored encrypted on the connection.
 */
export interface ConferencingProvider {
  /** The app's slug in paths: `/v2/conferencing/{app}/…`. */
  slug: string;
  /** The connection's `type` (spec 2.11). */
  type: string;
  /** How a connection is made: built in (always available), a direct connect, or OAuth consent. */
  connect: 'built-in' | 'direct' | 'oauth';
  /** The meeting URL of a booking, or null when only the provider's API can make one. */
  meetingUrl(bookingUid: string): string | null;
}

/** The built-in video provider: a stable URL per booking, derived from its uid with a keyed hash (not guessable from the uid alone). */
export function builtInMeetingUrl(bookingUid: string): string {
  const base = (setting('VIDEO_BASE_URL') ?? `${(setting('PUBLIC_URL') ?? 'http://127.0.0.1:3000').replace(/\/$/, '')}/video`).replace(/\/$/, '');
  const roomKey = setting('VIDEO_ROOM_KEY') ?? setting('INTEGRATIONS_SECRET_KEY') ?? 'svc-dev-video-rooms';
  const room = createHmac('sha256', roomKey).update(bookingUid).digest('base64url').slice(0, 22);
  return `${base}/${room}`;
}

export const CONFERENCING_PROVIDERS: Record<string, ConferencingProvider> = {
  'daily-video': { slug: 'daily-video', type: 'daily_video', connect: 'built-in', meetingUrl: builtInMeetingUrl },
  'google-meet': { slug: 'google-meet', type: 'google_video', connect: 'direct', meetingUrl: () => null },
  zoom: { slug: 'zoom', type: 'zoom_video', connect: 'oauth', meetingUrl: () => null },
  msteams: { slug: 'msteams', type: 'office365_video', connect: 'oauth', meetingUrl: () => null },
};

/** The location type an event type stores for an app (`integrations:daily`, …), as the real service writes it. */
export const LOCATION_TYPES: Record<string, string> = {
  'integrations:daily': 'daily-video',
  'integrations:google:meet': 'google-meet',
  'integrations:zoom': 'zoom',
  'integrations:office365_video': 'msteams',
};

export const DEFAULT_CONFERENCING_APP = 'daily-video';

/** The event type location that means "the organizer's default conferencing app" (reference OrganizersDefaultAppLocation). */
export const ORGANIZERS_DEFAULT_APP = 'organizersDefaultApp';
