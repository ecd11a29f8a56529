import { ReminderBooking } from './workflow-reminder.entity';

function inZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date(iso));
  }
}

/**
 * Fills a step's template variables: {EVENT_NAME}, {ORGANIZER}, {ATTENDEE}, {LOCATION}, {MEETING_URL},
 * {TIMEZONE}, {EVENT_DATE…} (date in the booking's zone) and {START_TIME…} / {EVENT_TIME…} (time).
 * The `_<format>` suffixes of the real service are accepted; one format is used for each.
 */
export function renderTemplate(template: string, booking: ReminderBooking, attendeeName: string, escape: (value: string) => string = (v) => v): string {
  const values: Record<string, string> = {
    EVENT_NAME: booking.title,
    ORGANIZER: booking.organizer.name,
    ATTENDEE: attendeeName,
    ATTENDEE_NAME: attendeeName,
    LOCATION: booking.location ?? '',
    MEETING_URL: booking.meetingUrl ?? '',
    TIMEZONE: booking.timeZone,
  };
  return template
    .replace(/\{EVENT_DATE(_[^}]*)?\}/g, () => inZone(booking.start, booking.timeZone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }))
    .replace(/\{(START_TIME|EVENT_TIME)(_[^}]*)?\}/g, () => inZone(booking.start, booking.timeZone, { hour: 'numeric', minute: '2-digit' }))
    .replace(/\{([A-Z_]+)\}/g, (all, name: string) => (name in values ? escape(values[name]) : all));
}

/** Plain text of an HTML body, for the text part of an e-mail. */
export const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/** HTML-escapes a value inserted into an e-mail's HTML body (names come from whoever booked). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
