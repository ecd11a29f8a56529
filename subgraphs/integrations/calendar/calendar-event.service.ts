import { DataSource } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { OutboundError } from '../../../platform/outbound';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { oauthProviderOf, ProviderNotFound, ProviderOAuthError, providerApi } from '../provider-oauth/provider-oauth';
import { GoogleEvent, googleEventPath } from '../provider-oauth/provider-calendars';
import { CalendarConnectService, calendarAppOfPath } from './calendar-connect.service';
import { CalendarCredential } from './calendar-credential.entity';
import { UnifiedCalendarEvent, UpdateUnifiedCalendarEventInput } from './calendar-event.types';
import { DestinationCalendar } from './destination-calendar.entity';

const RESPONSE_FROM_GOOGLE: Record<string, string> = { accepted: 'accepted', declined: 'declined', tentative: 'pending', needsAction: 'needsAction' };
const RESPONSE_TO_GOOGLE: Record<string, string> = { accepted: 'accepted', declined: 'declined', pending: 'tentative', needsAction: 'needsAction' };
const STATUS_FROM_GOOGLE: Record<string, string> = { confirmed: 'accepted', tentative: 'pending', cancelled: 'cancelled' };
const STATUS_TO_GOOGLE: Record<string, string> = { accepted: 'confirmed', pending: 'tentative', cancelled: 'cancelled', declined: 'cancelled' };

function unified(event: GoogleEvent): UnifiedCalendarEvent {
  const time = (t: GoogleEvent['start']) => ({ time: new Date(t?.dateTime ?? `${t?.date}T00:00:00Z`).toISOString(), timeZone: t?.timeZone ?? 'UTC' });
  const attendees = (event.attendees ?? [])
    .filter((a) => a.email)
    .map((a) => ({
      email: a.email!,
      name: a.displayName ?? null,
      responseStatus: RESPONSE_FROM_GOOGLE[a.responseStatus ?? ''] ?? null,
      self: a.self ?? null,
      optional: a.optional ?? null,
      host: a.organizer ?? null,
    }));
  const hosts = attendees.filter((a) => a.host).map((a) => ({ email: a.email, name: a.name, responseStatus: a.responseStatus }));
  return {
    start: time(event.start),
    end: time(event.end),
    id: event.id,
    title: event.summary ?? '',
    description: event.description ?? null,
    locations: event.hangoutLink ? [{ type: 'video', url: event.hangoutLink }] : [],
    attendees,
    status: STATUS_FROM_GOOGLE[event.status ?? ''] ?? null,
    hosts,
    calendarEventOwner: event.organizer?.email ? { email: event.organizer.email, name: event.organizer.displayName ?? null, responseStatus: null } : null,
    source: 'google',
  };
}

function googlePatch(input: UpdateUnifiedCalendarEventInput): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of ['start', 'end'] as const) {
    const value = input[field];
    if (!value) continue;
    if (Number.isNaN(new Date(value.time).getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value.time))
      throw badInput(`${field}.time`, `${field}.time must be an ISO 8601 date-time`);
    if (value.timeZone != null && !isIanaTimeZone(value.timeZone)) throw badInput(`${field}.timeZone`, `${field}.timeZone must be an IANA time zone`);
    patch[field] = { dateTime: new Date(value.time).toISOString(), timeZone: value.timeZone ?? 'UTC' };
  }
  if (input.start && input.end && new Date(input.end.time) <= new Date(input.start.time)) throw badInput('end.time', 'end.time must be after start.time');
  if (input.title != null) patch.summary = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.status != null) {
    if (!STATUS_TO_GOOGLE[input.status]) throw badInput('status', 'status must be one of accepted, pending, declined, cancelled');
    patch.status = STATUS_TO_GOOGLE[input.status];
  }
  if (input.attendees != null) {
    patch.attendees = input.attendees.map((a, i) => {
      if (!/^[^\s@]+@[^\s@]+$/.test(a.email)) throw badInput(`attendees[${i}].email`, `attendees[${i}].email must be an e-mail address`);
      if (a.responseStatus != null && !RESPONSE_TO_GOOGLE[a.responseStatus])
        throw badInput(`attendees[${i}].responseStatus`, 'responseStatus must be one of accepted, pending, declined, needsAction');
      return {
        email: a.email,
        displayName: a.name ?? undefined,
        optional: a.optional ?? undefined,
        responseStatus: a.responseStatus ? RESPONSE_TO_GOOGLE[a.responseStatus] : undefined,
      };
    });
  }
  return patch;
}

/** The unified calendar event routes: an event of the caller's connected Google calendar, read or changed at the provider. */
export class CalendarEventService {
  constructor(private readonly db: DataSource) {}

  private async access(userId: number, calendar: string): Promise<{ token: string; calendarId: string }> {
    const app = calendarAppOfPath(calendar, ['google']);
    const credential = await this.db.getRepository(CalendarCredential).findOneBy({ userId, appId: app });
    if (!credential) throw notFound('Connected calendar', calendar);
    const token = await new CalendarConnectService(this.db).accessToken(credential);
    // Bookings are written to the destination calendar when it is this connection's, else to the primary one.
    const destination = await this.db.getRepository(DestinationCalendar).findOneBy({ userId, credentialId: credential.id });
    return { token, calendarId: destination?.externalId ?? 'primary' };
  }

  private async call<T>(run: () => Promise<T>, eventUid: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProviderNotFound) throw notFound('Calendar event', eventUid);
      if (error instanceof ProviderOAuthError || error instanceof OutboundError || error instanceof SyntaxError)
        throw badInput('eventUid', `The calendar provider did not answer the event: ${(error as Error).message}`);
      throw error;
    }
  }

  /** GET /v2/calendars/{calendar}/event/{eventUid}. */
  async get(userId: number, calendar: string, eventUid: string): Promise<UnifiedCalendarEvent> {
    const { token, calendarId } = await this.access(userId, calendar);
    const provider = oauthProviderOf('google-calendar', 'calendar');
    return unified(await this.call(() => providerApi<GoogleEvent>(provider, token, 'GET', googleEventPath(calendarId, eventUid)), eventUid));
  }

  /** PATCH /v2/calendars/{calendar}/events/{eventUid}: the given fields only (attendees replaced as a whole). */
  async update(userId: number, calendar: string, eventUid: string, input: UpdateUnifiedCalendarEventInput): Promise<UnifiedCalendarEvent> {
    const patch = googlePatch(input ?? {});
    const { token, calendarId } = await this.access(userId, calendar);
    const provider = oauthProviderOf('google-calendar', 'calendar');
    return unified(await this.call(() => providerApi<GoogleEvent>(provider, token, 'PATCH', googleEventPath(calendarId, eventUid), patch), eventUid));
  }
}
