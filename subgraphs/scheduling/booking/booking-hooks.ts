import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import {
  BookingMeetingUrlDocument,
  CancelBookingRemindersDocument,
  LinkBookingRoutingResponseDocument,
  ReminderOrganizerDocument,
  ScheduleBookingRemindersDocument,
} from '../contracts/generated';
import { BOOKING_HOOKS_QUEUE, QueuedJob, startJobQueueWorker, unstartedJobDeletePart } from '../../../platform/job-queue';
import { EventType } from '../event-type/event-type.entity';
import { BUILT_IN_VIDEO, CONFERENCING_LOCATION_TYPES } from '../event-type/event-type-locations';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEventType } from '../booking-record/booking-event.entity';
import { Booking, LIVE_STATUSES } from '../booking-record/booking.entity';
import { BookingLocation, locationText } from '../booking-record/booking-location';
import { setting } from '../../../platform/configuration/settings';
import { runJobTraced } from '../../../platform/tracing';

/**
 * Booking-side hooks (issue 11): what a committed booking change asks of the integrations subgraph —
 * the meeting URL of a conferencing location, the team's workflow reminders, the link from the routing
 * form response the booking was made from. They are enqueued in the change's own transaction (outbox)
 * and worked by scheduling itself, so an integrations service that is down delays them (retried with
 * backoff) but never loses the booking or the hook. Every step is idempotent: a retried job repeats none.
 */

/** A job of the booking-hooks queue. */
export interface BookingHookJob {
  trigger: string;
  bookingUid: string;
  /** The booking this one replaces (a reschedule): its reminders are cancelled. */
  previousUid?: string | null;
  /** A pending booking the host confirmed (BOOKING_CREATED after BOOKING_REQUESTED). */
  confirmed?: boolean;
  routingFormResponseId?: number | null;
  /** The event type's team (null: a personal event type), when the change knew it; absent in older jobs. */
  teamId?: number | null;
}

const HOOK_TRIGGERS: ReadonlySet<string> = new Set([
  BookingEventType.created,
  BookingEventType.rescheduled,
  BookingEventType.cancelled,
  BookingEventType.rejected,
]);

/**
 * What was queued with a booking written in this process: null when no hook can be due (no job), the
 * job's id when the meeting URL is its only step (the inline attempt's success ends it). Absent: unknown.
 */
const queuedHooks = new WeakMap<Booking, { id: string; onlyMeetingUrl: true } | null>();

/** The booking-hooks job of a booking change (enqueued with the change by recordBookingEvent), or null for a trigger without hooks. */
export function bookingHooksJob(
  trigger: string,
  booking: Booking,
  extra: Record<string, unknown> = {},
  eventType: { teamId?: number | null } | null = null,
): QueuedJob | null {
  if (!HOOK_TRIGGERS.has(trigger)) return null;
  const rescheduledFrom = extra.rescheduledFrom as { uid?: string } | undefined;
  const job: BookingHookJob = {
    trigger,
    bookingUid: booking.uid,
    previousUid: rescheduledFrom?.uid ?? null,
    confirmed: extra.confirmed === true,
    routingFormResponseId: typeof extra.routingFormResponseId === 'number' ? extra.routingFormResponseId : null,
  };
  // Known when the change loaded its event type: the worker then need not read it again.
  if (eventType && eventType.teamId !== undefined) job.teamId = eventType.teamId;
  if (trigger === BookingEventType.created && job.teamId === null && job.routingFormResponseId == null && !job.previousUid) {
    // A personal event type's new booking: the meeting URL is the only hook that can be due.
    if (!conferencingLocationType(booking.location)) {
      queuedHooks.set(booking, null);
      return null;
    }
    const id = randomUUID();
    queuedHooks.set(booking, { id, onlyMeetingUrl: true });
    return { id, queue: BOOKING_HOOKS_QUEUE, data: job };
  }
  return { queue: BOOKING_HOOKS_QUEUE, data: job };
}

/** The location type integrations resolves to the organizer's default conferencing app (GET /v2/conferencing/default). */
export const ORGANIZERS_DEFAULT_APP = 'organizersDefaultApp';

/**
 * The conferencing location type of a booking location, or null when it is not a conferencing one. An
 * `integration` location that names no app (the event type's own default) is the built-in video app;
 * `organizersDefaultApp` is left to integrations, which knows the organizer's default app.
 */
export function conferencingLocationType(location: BookingLocation | null): string | null {
  if (location?.type === ORGANIZERS_DEFAULT_APP) return ORGANIZERS_DEFAULT_APP;
  if (location?.type !== 'integration') return null;
  return CONFERENCING_LOCATION_TYPES[location.integration ?? 'cal-video'] ?? null;
}

/**
 * Whose connection makes the meeting (OAuth apps also need its title and time): the organizer's for their
 * default app; for an app the location names, the team's on a team event type (the connection its
 * admins made, which the event type was checked against) and the organizer's on a personal one.
 */
async function meetingOwner(
  db: DataSource,
  booking: Booking,
  locationType: string,
): Promise<{ hostUserId?: number; teamId?: number; title?: string; startTime?: string; endTime?: string }> {
  if (locationType === BUILT_IN_VIDEO) return {};
  const meeting = { title: booking.title, startTime: booking.start.toISOString(), endTime: booking.end.toISOString() };
  if (locationType === ORGANIZERS_DEFAULT_APP) return { hostUserId: booking.userId, ...meeting };
  const eventType = await db.getRepository(EventType).findOne({ where: { id: booking.eventTypeId }, select: { id: true, teamId: true } });
  return eventType?.teamId != null ? { teamId: eventType.teamId, ...meeting } : { hostUserId: booking.userId, ...meeting };
}

/** Asks the conferencing provider for the booking's meeting URL and stores it; the booking as stored afterwards. */
export async function attachMeetingUrl(db: DataSource, graph: GraphLink, booking: Booking, endJobId?: string): Promise<Booking> {
  const locationType = conferencingLocationType(booking.location);
  if (!locationType || booking.meetingUrl || !LIVE_STATUSES.includes(booking.status)) return booking;
  const { conferencingMeetingUrl } = await graph.call(BookingMeetingUrlDocument, {
    locationType,
    bookingUid: booking.uid,
    ...(await meetingOwner(db, booking, locationType)),
  });
  if (!conferencingMeetingUrl) return booking;
  if (endJobId) {
    // The queued job had nothing else to do: it goes with the same statement (unless a worker has already taken it).
    await db.query(
      `WITH ended AS (${unstartedJobDeletePart(3, 4)})
       UPDATE bookings SET meeting_url = $1 WHERE uid = $2 AND meeting_url IS NULL`,
      [conferencingMeetingUrl, booking.uid, BOOKING_HOOKS_QUEUE, endJobId],
    );
  } else {
    await db.query('UPDATE bookings SET meeting_url = $1 WHERE uid = $2 AND meeting_url IS NULL', [conferencingMeetingUrl, booking.uid]);
  }
  booking.meetingUrl = conferencingMeetingUrl;
  return booking;
}

/** The inline attempt right after the change committed, so the answer carries the URL; a failure is left to the queued job. */
export async function meetingUrlNow(db: DataSource, graph: GraphLink, booking: Booking): Promise<Booking> {
  const queued = queuedHooks.get(booking);
  let ended = queued === null; // no job was queued: nothing to wake the worker for
  try {
    const attached = await attachMeetingUrl(db, graph, booking, queued?.id);
    if (queued && attached.meetingUrl) ended = true;
    return attached;
  } catch (error) {
    console.warn(`booking ${booking.uid}: meeting URL deferred to the booking-hooks queue: ${(error as Error).message}`);
    return booking;
  } finally {
    if (!ended) wakeBookingHooks(db);
  }
}

/** The workflow trigger (spec 2.12 `trigger.type`) a booking change is. */
function workflowEvent(job: BookingHookJob, booking: Booking): string {
  if (job.trigger === BookingEventType.rescheduled) return 'rescheduleEvent';
  if (job.trigger === BookingEventType.cancelled) return 'eventCancelled';
  if (job.trigger === BookingEventType.rejected) return 'bookingRejected';
  return booking.status === 'pending' ? 'bookingRequested' : 'newEvent';
}

/** Cancels what is pending for the bookings the change ends, then schedules the team's workflow steps for it. */
async function workflowReminders(db: DataSource, graph: GraphLink, job: BookingHookJob, booking: Booking): Promise<void> {
  const ends = [BookingEventType.cancelled, BookingEventType.rejected].includes(job.trigger as BookingEventType);
  if (ends) await graph.call(CancelBookingRemindersDocument, { bookingUid: booking.uid });
  if (job.previousUid) await graph.call(CancelBookingRemindersDocument, { bookingUid: job.previousUid });
  // A booking cancelled since this job was queued gets no reminder of its creation.
  if (!ends && !LIVE_STATUSES.includes(booking.status)) return;
  if (job.teamId === null) return; // a personal event type: workflows belong to teams
  const eventType = await db.getRepository(EventType).findOneBy({ id: booking.eventTypeId });
  if (eventType?.teamId == null) return;
  const [{ usersById }, attendees] = await Promise.all([
    graph.call(ReminderOrganizerDocument, { ids: [booking.userId] }),
    db.getRepository(Attendee).find({ where: { bookingId: booking.id }, order: { id: 'ASC' } }),
  ]);
  const organizer = usersById[0];
  const reminderBooking = {
    uid: booking.uid,
    title: booking.title,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    timeZone: attendees[0]?.timeZone ?? organizer?.timeZone ?? 'UTC',
    location: locationText(booking.location),
    meetingUrl: booking.meetingUrl,
    organizer: { name: organizer?.name ?? '', email: organizer?.email ?? '' },
    attendees: attendees.map((a) => ({ name: a.name, email: a.email, phoneNumber: a.phoneNumber ?? null })),
  };
  await graph.call(ScheduleBookingRemindersDocument, {
    event: workflowEvent(job, booking),
    teamId: eventType.teamId,
    eventTypeId: eventType.id,
    booking: reminderBooking,
  });
}

/** An answer that no retry can change (the response does not exist, or may not be linked to this booking). */
function isFinal(error: unknown): boolean {
  const codes = (error as { codes?: unknown[] }).codes ?? [];
  return codes.includes('NOT_FOUND') || codes.includes('BAD_USER_INPUT');
}

async function linkRoutingFormResponse(graph: GraphLink, job: BookingHookJob, booking: Booking): Promise<void> {
  if (job.routingFormResponseId == null) return;
  try {
    await graph.call(LinkBookingRoutingResponseDocument, { responseId: job.routingFormResponseId, bookingUid: booking.uid, eventTypeId: booking.eventTypeId });
  } catch (error) {
    if (!isFinal(error)) throw error;
    console.warn(`booking ${booking.uid}: routing form response ${job.routingFormResponseId} not linked: ${(error as Error).message}`);
  }
}

/** Works one job: a step that fails throws, and pg-boss retries the whole job (every step is idempotent). */
export async function runBookingHooks(db: DataSource, graph: GraphLink, job: BookingHookJob): Promise<void> {
  const booking = await db.getRepository(Booking).findOneBy({ uid: job.bookingUid });
  if (!booking) return;
  if (job.trigger === BookingEventType.created || job.trigger === BookingEventType.rescheduled) await attachMeetingUrl(db, graph, booking);
  await workflowReminders(db, graph, job, booking);
  await linkRoutingFormResponse(graph, job, booking);
}

/** The running workers by service database, so a request that just committed can wake its own at once. */
const wakers = new WeakMap<DataSource, () => void>();

export function wakeBookingHooks(db: DataSource): void {
  wakers.get(db)?.();
}

/**
 * Scheduling's background worker of the booking-hooks queue, with its own small connection pool (its
 * polling is not the service's request traffic). Any number of replicas may run one.
 */
export function startBookingHooks(runtime: { db: DataSource; graph: GraphLink }): { stop(): Promise<void> } {
  const databaseUrl = (runtime.db.options as { url?: string }).url;
  // BOOKING_HOOKS_WORKER=0: this replica leaves the queue to others (startStack without the webhook worker: tests that count SQL statements or compare rows).
  if (!databaseUrl || !setting('BOOKING_HOOKS_WORKER')) return { stop: async () => undefined };
  const pollingIntervalSeconds = Math.max(0.5, setting('BOOKING_HOOK_POLLING_INTERVAL_SECONDS'));
  let boss: PgBoss | undefined;
  const started = (async () => {
    boss = await startJobQueueWorker(databaseUrl, { pollingIntervalSeconds, max: 2 });
    const id = await boss.work<BookingHookJob>(BOOKING_HOOKS_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, ([job]) =>
      runJobTraced(BOOKING_HOOKS_QUEUE, job.id, job.data, () => runBookingHooks(runtime.db, runtime.graph, job.data)),
    );
    wakers.set(runtime.db, () => boss!.notifyWorker(id));
  })().catch((error) => console.error('booking hooks worker did not start:', (error as Error).message));
  return {
    async stop() {
      await started;
      wakers.delete(runtime.db);
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
    },
  };
}
