import { DateTime } from 'luxon';
import { RecordedBooking } from '../../../platform/webhook-event-jobs';

/** The organizer's profile (organizations subgraph, asked through the supergraph). */
export interface Organizer {
  id: number;
  name: string;
  email: string;
  username: string;
  timeZone: string;
  organizationId: number | null;
}

export interface BookingWebhookPayload {
  type: string | null;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  uid: string;
  bookingId: number;
  eventTypeId: number | null;
  status: string;
  organizer: {
    id: number;
    name: string;
    email: string;
    username: string;
    timeZone: string;
    language: { locale: string };
    timeFormat: string;
    utcOffset: number;
  };
  attendees: Array<{ email: string; name: string; firstName: string; lastName: string; timeZone: string; language: { locale: string }; utcOffset: number }>;
  responses: Record<string, unknown>;
  metadata: Record<string, unknown>;
  length: number;
  iCalUID: string;
  iCalSequence: number;
  [extra: string]: unknown;
}

const DEFAULT_LOCALE = 'en';
/** Users have no time format setting yet: the service's default. */
const DEFAULT_TIME_FORMAT = 'h:mma';

/** Minutes east of UTC of a time zone at an instant (0 for an unknown zone). */
function utcOffset(timeZone: string, at: string): number {
  const time = DateTime.fromISO(at, { zone: timeZone });
  return time.isValid ? time.offset : 0;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}

/**
 * The payload of a booking trigger (spec 6; the field list). The iCalendar UID stays the
 * first booking's across reschedules (`rescheduledFromUid`), and the sequence counts the changes
 * calendars must apply over the entry they have: 0 created, 1 moved, +1 cancelled.
 */
export function bookingWebhookPayload(trigger: string, booking: RecordedBooking, organizer: Organizer): BookingWebhookPayload {
  const originalUid = booking.rescheduledFrom?.uid ?? booking.rescheduledFromUid ?? booking.uid;
  const moved = originalUid !== booking.uid ? 1 : 0;
  const lengthMinutes = Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);
  const payload: BookingWebhookPayload = {
    type: booking.eventType?.slug ?? null,
    title: booking.title,
    description: booking.description,
    startTime: booking.start,
    endTime: booking.end,
    location: booking.location,
    uid: booking.uid,
    bookingId: booking.id,
    eventTypeId: booking.eventTypeId,
    status: booking.status.toUpperCase(),
    organizer: {
      id: organizer.id,
      name: organizer.name,
      email: organizer.email,
      username: organizer.username,
      timeZone: organizer.timeZone,
      language: { locale: DEFAULT_LOCALE },
      timeFormat: DEFAULT_TIME_FORMAT,
      utcOffset: utcOffset(organizer.timeZone, booking.start),
    },
    attendees: booking.attendees.map((a) => ({
      email: a.email,
      name: a.name,
      ...splitName(a.name),
      timeZone: a.timeZone,
      language: { locale: a.language || DEFAULT_LOCALE },
      utcOffset: utcOffset(a.timeZone, booking.start),
    })),
    responses: { name: booking.attendees[0]?.name, email: booking.attendees[0]?.email, ...(booking.bookingFieldsResponses ?? {}) },
    metadata: booking.metadata ?? {},
    length: booking.eventType?.lengthInMinutes ?? lengthMinutes,
    iCalUID: `${originalUid}@svc`,
    iCalSequence: moved + (trigger === 'BOOKING_CANCELLED' ? 1 : 0),
  };
  if (trigger === 'BOOKING_CANCELLED') {
    payload.cancellationReason = booking.cancellationReason ?? null;
    payload.cancelledBy = booking.cancelledBy ?? null;
  }
  if (trigger === 'BOOKING_RESCHEDULED') {
    payload.rescheduleUid = booking.rescheduledFrom?.uid ?? booking.rescheduledFromUid ?? null;
    payload.rescheduleStartTime = booking.rescheduledFrom?.start ?? null;
    payload.rescheduleEndTime = booking.rescheduledFrom?.end ?? null;
    payload.rescheduledBy = booking.rescheduledBy ?? null;
  }
  if (trigger === 'BOOKING_REQUESTED') payload.status = 'PENDING';
  if (trigger === 'BOOKING_CREATED' || trigger === 'BOOKING_RESCHEDULED') payload.status = 'ACCEPTED';
  return payload;
}
