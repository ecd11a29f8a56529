import { ReminderBooking, ReminderFormResponse } from './workflow-reminder.entity';

function inZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date(iso));
  }
}

/** What a step's template variables stand for: named values, and the moment {EVENT_DATE…} / {EVENT_TIME…} show. */
export interface TemplateVariables {
  values: Record<string, string>;
  at: { iso: string; timeZone: string };
}

/**
 * A booking's variables: {EVENT_NAME}, {ORGANIZER}, {ATTENDEE} / {ATTENDEE_NAME} (the attendee the message is for),
 * {LOCATION}, {MEETING_URL}, {TIMEZONE}; the date and time are the start's, in the booking's zone.
 */
export function bookingVariables(booking: ReminderBooking, attendeeName: string): TemplateVariables {
  return {
    values: {
      EVENT_NAME: booking.title,
      ORGANIZER: booking.organizer.name,
      ATTENDEE: attendeeName,
      ATTENDEE_NAME: attendeeName,
      LOCATION: booking.location ?? '',
      MEETING_URL: booking.meetingUrl ?? '',
      TIMEZONE: booking.timeZone,
    },
    at: { iso: booking.start, timeZone: booking.timeZone },
  };
}

/** The variable an answer is known by: its field's identifier (or label) upper-cased, other characters as `_`. */
export const answerVariable = (key: string) => key.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/**
 * A form response's variables: each answer by its field ({COMPANY_SIZE} for "Company size"), then {FORM_NAME},
 * {ATTENDEE} / {ATTENDEE_NAME} (the answer of the field identified `name`), {ATTENDEE_EMAIL}; the date and time are
 * the submission's, in UTC. A field's variable never hides one of these.
 */
export function formVariables(response: ReminderFormResponse): TemplateVariables {
  const answers = Object.fromEntries(Object.entries(response.answers).map(([key, value]) => [answerVariable(key), value]));
  return {
    values: {
      ...answers,
      FORM_NAME: response.formName,
      ATTENDEE: response.respondentName,
      ATTENDEE_NAME: response.respondentName,
      ATTENDEE_EMAIL: response.respondentEmail ?? '',
      TIMEZONE: 'UTC',
    },
    at: { iso: response.submittedAt, timeZone: 'UTC' },
  };
}

/**
 * Fills a step's template: the named variables, {EVENT_DATE…} (the date) and {START_TIME…} / {EVENT_TIME…} (the
 * time). The `_<format>` suffixes of the real service are accepted; one format is used for each. A name that stands
 * for nothing is left as written.
 */
export function renderTemplate(template: string, variables: TemplateVariables, escape: (value: string) => string = (v) => v): string {
  const { values, at } = variables;
  return template
    .replace(/\{EVENT_DATE(_[^}]*)?\}/g, () => inZone(at.iso, at.timeZone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }))
    .replace(/\{(START_TIME|EVENT_TIME)(_[^}]*)?\}/g, () => inZone(at.iso, at.timeZone, { hour: 'numeric', minute: '2-digit' }))
    .replace(/\{([A-Z0-9_]+)\}/g, (all, name: string) => (Object.hasOwn(values, name) ? escape(values[name]) : all));
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
