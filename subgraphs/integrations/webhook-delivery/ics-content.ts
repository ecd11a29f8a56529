import { BookingWebhookPayload } from './booking-payload';

/**
 * RFC 5545 calendar objects of a booking for payload version 2026-07-27: METHOD:REQUEST for a
 * created or moved booking, METHOD:CANCEL for a cancelled one; UID is the booking's iCalUID and
 * SEQUENCE its iCalSequence, so calendars update the entry they already have.
 */
export function icsContents(payload: BookingWebhookPayload, cancelled: boolean): { attendeeIcsContent: string; organizerIcsContent: string } {
  // ical-generator is loaded with the first calendar object, not at start.
  const {
    default: ical,
    ICalAttendeeRole,
    ICalAttendeeStatus,
    ICalCalendarMethod,
    ICalEventStatus,
  } = require('ical-generator') as typeof import('ical-generator');
  const build = (forOrganizer: boolean) => {
    const calendar = ical({
      prodId: { company: 'svc', product: 'webhooks', language: 'EN' },
      method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    });
    const event = calendar.createEvent({
      id: payload.iCalUID,
      sequence: payload.iCalSequence,
      start: new Date(payload.startTime),
      end: new Date(payload.endTime),
      summary: payload.title,
      description: payload.description ?? undefined,
      location: payload.location ?? undefined,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: payload.organizer.name, email: payload.organizer.email },
      stamp: new Date(),
    });
    for (const attendee of payload.attendees) {
      event.createAttendee({
        name: attendee.name,
        email: attendee.email,
        role: ICalAttendeeRole.REQ,
        status: forOrganizer ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
        rsvp: !forOrganizer && !cancelled,
      });
    }
    return calendar.toString();
  };
  return { attendeeIcsContent: build(false), organizerIcsContent: build(true) };
}
