import { OAuthProvider } from './oauth-providers';
import { providerApi } from './provider-oauth';

/** One calendar of a provider account. */
export interface ProviderCalendar {
  externalId: string;
  name: string | null;
  primary: boolean;
  readOnly: boolean;
}

export interface ProviderBusy {
  externalId: string;
  start: Date;
  end: Date;
}

const enc = encodeURIComponent;

/** The account's calendars (Google calendarList, Microsoft Graph /me/calendars). */
export async function listProviderCalendars(provider: OAuthProvider, token: string): Promise<ProviderCalendar[]> {
  if (provider.family === 'google') {
    const answer = await providerApi<{ items?: Array<{ id: string; summary?: string; primary?: boolean; accessRole?: string }> }>(
      provider,
      token,
      'GET',
      '/calendar/v3/users/me/calendarList',
    );
    return (answer.items ?? []).map((c) => ({
      externalId: c.id,
      name: c.summary ?? null,
      primary: c.primary === true,
      readOnly: c.accessRole === 'reader' || c.accessRole === 'freeBusyReader',
    }));
  }
  const answer = await providerApi<{ value?: Array<{ id: string; name?: string; isDefaultCalendar?: boolean; canEdit?: boolean }> }>(
    provider,
    token,
    'GET',
    '/v1.0/me/calendars',
  );
  return (answer.value ?? []).map((c) => ({ externalId: c.id, name: c.name ?? null, primary: c.isDefaultCalendar === true, readOnly: c.canEdit === false }));
}

/** Busy intervals of the calendars in [from, to) (Google freeBusy, Microsoft calendarView without free events). */
export async function readProviderBusy(provider: OAuthProvider, token: string, calendarIds: string[], from: Date, to: Date): Promise<ProviderBusy[]> {
  if (!calendarIds.length) return [];
  if (provider.family === 'google') {
    const answer = await providerApi<{ calendars?: Record<string, { busy?: Array<{ start: string; end: string }> }> }>(
      provider,
      token,
      'POST',
      '/calendar/v3/freeBusy',
      {
        timeMin: from.toISOString(),
        timeMax: to.toISOString(),
        items: calendarIds.map((id) => ({ id })),
      },
    );
    return Object.entries(answer.calendars ?? {}).flatMap(([externalId, c]) =>
      (c.busy ?? []).map((b) => ({ externalId, start: new Date(b.start), end: new Date(b.end) })),
    );
  }
  const all: ProviderBusy[] = [];
  for (const id of calendarIds) {
    const answer = await providerApi<{ value?: Array<{ start: { dateTime: string }; end: { dateTime: string }; showAs?: string }> }>(
      provider,
      token,
      'GET',
      `/v1.0/me/calendars/${enc(id)}/calendarView?startDateTime=${enc(from.toISOString())}&endDateTime=${enc(to.toISOString())}`,
    );
    // Graph writes dateTime without an offset, in UTC unless a Prefer header asks otherwise.
    const utc = (value: string) => new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
    for (const e of answer.value ?? []) if (e.showAs !== 'free') all.push({ externalId: id, start: utc(e.start.dateTime), end: utc(e.end.dateTime) });
  }
  return all.filter((b) => !Number.isNaN(b.start.getTime()) && !Number.isNaN(b.end.getTime()) && b.end > b.start);
}

/** A Google Calendar event as its API writes it (the fields the unified output needs). */
export interface GoogleEvent {
  id: string;
  summary?: string;
  description?: string | null;
  status?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  hangoutLink?: string;
  attendees?: Array<{ email?: string; displayName?: string; responseStatus?: string; self?: boolean; optional?: boolean; organizer?: boolean }>;
  organizer?: { email?: string; displayName?: string };
}

export const googleEventPath = (calendarId: string, eventId: string) => `/calendar/v3/calendars/${enc(calendarId)}/events/${enc(eventId)}`;
