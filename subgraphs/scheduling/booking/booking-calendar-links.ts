import type { DateTime } from 'ics';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';
import { locationText } from '../booking-record/booking-location';

/** One "add to calendar" link of a booking (reference: CalendarLink). */
export interface CalendarLink {
  /** googleCalendar, microsoftOffice, microsoftOutlook, ics: the real service's ids (its calendar-links spec finds the links by them). */
  id: string;
  label: string;
  link: string;
}

const utcParts = (date: Date): DateTime => [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];

/** `20300701T100000Z`, the compact UTC form calendar URLs take. */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The booking as an iCalendar (RFC 5545) document, written by the `ics` library; the booking uid is the event UID. */
export function bookingIcs(booking: Booking, attendees: readonly Attendee[]): string {
  const location = locationText(booking.location);
  // ics is loaded with the first calendar file, not at start.
  const { createEvent } = require('ics') as typeof import('ics');
  const { error, value } = createEvent({
    uid: booking.uid,
    title: booking.title,
    description: booking.description ?? undefined,
    location: location ?? undefined,
    start: utcParts(booking.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(booking.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: booking.status === 'accepted' ? 'CONFIRMED' : booking.status === 'pending' ? 'TENTATIVE' : 'CANCELLED',
    attendees: attendees.map((a) => ({ name: a.name, email: a.email, rsvp: true, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' })),
  });
  if (error || !value) throw error ?? new Error('ICS generation failed');
  return value;
}

/**
 * Links that add the booking to Google Calendar, Outlook (personal and Microsoft 365) and any other
 * calendar (the ICS document as a `data:` URL), as the reference's calendar-links answer lists them.
 */
export function calendarLinks(booking: Booking, attendees: readonly Attendee[]): CalendarLink[] {
  const title = booking.title;
  const details = booking.description ?? '';
  const location = locationText(booking.location) ?? '';
  const google = new URLSearchParams({ action: 'TEMPLATE', text: title, dates: `${compactUtc(booking.start)}/${compactUtc(booking.end)}`, details, location });
  const outlook = (host: string) =>
    `https://${host}/calendar/0/deeplink/compose?${new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: title, startdt: booking.start.toISOString(), enddt: booking.end.toISOString(), body: details, location })}`;
  return [
    { id: 'googleCalendar', label: 'Google', link: `https://calendar.google.com/calendar/render?${google}` },
    { id: 'microsoftOffice', label: 'Microsoft Office', link: outlook('outlook.office.com') },
    { id: 'microsoftOutlook', label: 'Microsoft Outlook', link: outlook('outlook.live.com') },
    { id: 'ics', label: 'ICS', link: `data:text/calendar,${encodeURIComponent(bookingIcs(booking, attendees))}` },
  ];
}
