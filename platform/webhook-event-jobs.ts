/**
 * What scheduling hands to the integrations subgraph's webhook worker through the job queue (and the
 * BOOKING_EVENT_CHANNEL, platform/job-queue.ts): a committed booking change (producer: booking/booking-events.ts and
 * booking-writes.ts; consumer: webhook-delivery/fan-out.ts) or out-of-office entry (out-of-office/out-of-office-events.ts;
 * webhook-delivery/owner-events.ts). Declared once, here, so that both sides type the same JSON.
 */

/**
 * The booking as it stood when the change committed (scheduling's `bookingPayload`), plus the change's extras. A type
 * rather than an interface: it is stored as a JSON object too (the booking_events row's payload).
 */
export type RecordedBooking = {
  /** In the one-statement write of a new booking (booking-writes.ts), the statement itself fills it in. */
  id: number;
  uid: string;
  title: string;
  description: string | null;
  status: string;
  start: string;
  end: string;
  eventTypeId: number | null;
  eventType: { id: number; slug: string; title: string; teamId?: number | null; lengthInMinutes?: number | null } | null;
  hostIds: number[];
  attendees: Array<{ name: string; email: string; timeZone: string; language?: string | null }>;
  location: string | null;
  metadata: Record<string, unknown> | null;
  bookingFieldsResponses: Record<string, unknown> | null;
  cancellationReason?: string | null;
  reschedulingReason?: string | null;
  rescheduledFromUid?: string | null;
  rescheduledToUid?: string | null;
  platformOAuthClientId?: string | null;
  /** Extras of some changes (recordBookingEvent's `extra`). */
  rescheduledFrom?: { uid: string; start: string; end: string; hostId?: number } | null;
  cancelledBy?: string | null;
  rescheduledBy?: string | null;
};

/** A job of the webhook-event queue: a committed booking change, enqueued in the change's own transaction. */
export interface BookingEventJob {
  eventKey: string;
  trigger: string;
  occurredAt: string;
  payload: RecordedBooking;
}

/** A job of the webhook-scheduled queue: a trigger due at a time (MEETING_STARTED…), for every subscriber or for one webhook (no-show). */
export interface ScheduledBookingJob {
  eventKey: string;
  trigger: string;
  bookingUid: string;
  at: string;
  payload: RecordedBooking;
  webhookId?: number;
}

/** OOO_CREATED: the entry as scheduling recorded it; the users' profiles are asked at fan-out. */
export interface OutOfOfficeEventJob {
  kind: 'ooo';
  eventKey: string;
  trigger: 'OOO_CREATED';
  occurredAt: string;
  userId: number;
  entry: {
    id: number;
    uuid: string;
    userId: number;
    toUserId: number | null;
    start: string;
    end: string;
    notes: string | null;
    reason: string;
    createdAt: string;
    updatedAt: string;
  };
}
