import { EntityManager } from 'typeorm';
import { cancelWaitingJobsInTransaction, enqueueAllInTransaction, QueuedJob, WEBHOOK_EVENT_QUEUE, WEBHOOK_SCHEDULED_QUEUE } from '../../../platform/job-queue';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEvent, BookingEventType } from '../booking-record/booking-event.entity';
import { Booking } from '../booking-record/booking.entity';
import { locationText } from '../booking-record/booking-location';
import { bookingHooksJob } from './booking-hooks';
import { BookingEventJob, RecordedBooking, ScheduledBookingJob } from '../../../platform/webhook-event-jobs';

/** What of the event type an event records; `teamId` and `lengthInMinutes` when the caller loaded them. */
export type EventTypeOfEvent = Pick<EventType, 'id' | 'slug' | 'title'> & Partial<Pick<EventType, 'teamId' | 'lengthInMinutes'>>;

/** What a webhook delivery of the change will need, as the booking stood when the change committed (the integrations' webhook worker reads it). */
export function bookingPayload(booking: Booking, attendees: readonly Attendee[], eventType: EventTypeOfEvent | null): RecordedBooking {
  return {
    id: booking.id,
    uid: booking.uid,
    title: booking.title,
    description: booking.description,
    status: booking.status,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    eventTypeId: booking.eventTypeId,
    eventType: eventType
      ? { id: eventType.id, slug: eventType.slug, title: eventType.title, teamId: eventType.teamId ?? null, lengthInMinutes: eventType.lengthInMinutes ?? null }
      : null,
    hostIds: [booking.userId],
    attendees: attendees.map(({ name, email, timeZone, language }) => ({ name, email, timeZone, language })),
    location: locationText(booking.location),
    metadata: booking.metadata,
    bookingFieldsResponses: booking.bookingFieldsResponses,
    cancellationReason: booking.cancellationReason,
    reschedulingReason: booking.reschedulingReason,
    rescheduledFromUid: booking.rescheduledFromUid,
    rescheduledToUid: booking.rescheduledToUid,
    platformOAuthClientId: booking.platformOAuthClientId ?? null,
  };
}

/** Triggers that start a booking's meeting clock, and those that stop the old one. */
const SCHEDULES_MEETING: ReadonlySet<string> = new Set([BookingEventType.created, BookingEventType.rescheduled]);
const ENDS_MEETING: ReadonlySet<string> = new Set(['BOOKING_CANCELLED', 'BOOKING_RESCHEDULED', 'BOOKING_REJECTED']);

/**
 * Writes the domain event of a booking change in the change's own transaction and enqueues its
 * webhook work (pg-boss) in that same transaction: the job exists exactly when the change committed
 * (transactional outbox), so a crash between commit and delivery loses nothing. `dispatched_at` is the
 * moment the event was handed to the queue, i.e. the insert itself.
 */
export async function recordBookingEvent(
  tx: EntityManager,
  type: BookingEventType,
  booking: Booking,
  attendees: readonly Attendee[],
  eventType: EventTypeOfEvent | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const payload: RecordedBooking = { ...bookingPayload(booking, attendees, eventType), ...extra };
  const event = await tx.save(tx.create(BookingEvent, { type, bookingId: booking.id, bookingUid: booking.uid, payload, dispatchedAt: new Date() }));
  // The webhook event, the meeting triggers and the booking hooks: one insert (it was one per job).
  const jobs: QueuedJob[] = [webhookEventJob(event.id, type, event.createdAt.toISOString(), payload)];
  jobs.push(...(await changeJobs(tx, type, booking, payload, extra, eventType)));
  await enqueueAllInTransaction(tx, jobs);
}

/** The webhook event's job key of a booking event: one per event row, so that a redelivered job finds its deliveries. */
export const BOOKING_EVENT_KEY_PREFIX = 'booking-event:';

/** The job that finds a booking event's subscribers; `occurredAt` is the event row's `created_at`. */
export function webhookEventJob(eventId: string, trigger: string, occurredAt: string, payload: RecordedBooking): QueuedJob {
  const data: BookingEventJob = { eventKey: `${BOOKING_EVENT_KEY_PREFIX}${eventId}`, trigger, occurredAt, payload };
  return { queue: WEBHOOK_EVENT_QUEUE, data };
}

/** The other jobs of a booking change (meeting triggers, booking hooks); the meeting triggers it ends are cancelled first. */
export async function changeJobs(
  tx: EntityManager,
  type: string,
  booking: Booking,
  payload: RecordedBooking,
  extra: Record<string, unknown>,
  eventType: EventTypeOfEvent | null,
): Promise<QueuedJob[]> {
  const jobs = await rescheduleMeetingTriggers(tx, type, booking, payload);
  const hooks = bookingHooksJob(type, booking, extra, eventType);
  return hooks ? [...jobs, hooks] : jobs;
}

/** MEETING_STARTED / MEETING_ENDED jobs at the booking's start and end (returned, to be enqueued); gone when it is cancelled or moved. */
async function rescheduleMeetingTriggers(tx: EntityManager, type: string, booking: Booking, payload: RecordedBooking): Promise<QueuedJob[]> {
  if (ENDS_MEETING.has(type)) {
    const uids = [booking.uid, booking.rescheduledFromUid].filter((uid): uid is string => !!uid);
    await cancelWaitingJobsInTransaction(tx, WEBHOOK_SCHEDULED_QUEUE, 'bookingUid', uids);
  }
  if (!SCHEDULES_MEETING.has(type) || booking.status !== 'accepted') return [];
  return (['MEETING_STARTED', 'MEETING_ENDED'] as const).map((trigger) => {
    const at = trigger === 'MEETING_STARTED' ? booking.start : booking.end;
    const data: ScheduledBookingJob = {
      eventKey: `${trigger}:${booking.uid}:${at.toISOString()}`,
      trigger,
      bookingUid: booking.uid,
      at: at.toISOString(),
      payload,
    };
    return { queue: WEBHOOK_SCHEDULED_QUEUE, data, startAfter: at };
  });
}
