import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEvent, BookingEventType } from '../booking-record/booking-event.entity';
import { BOOKING_EVENT_KEY_PREFIX, bookingPayload, changeJobs, EventTypeOfEvent, webhookEventJob } from './booking-events';
import { jobInsertPart } from '../../../platform/job-queue';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { BookingLocation } from '../booking-record/booking-location';
import { AttendeeDetails } from '../booking-record/booking-rules';
import { withTraceContext } from '../../../platform/tracing';
import { RecordedBooking } from '../../../platform/webhook-event-jobs';

/** A booking row as it is about to be written; the uid is made here unless given. */
export interface BookingRow {
  uid?: string;
  eventType: EventType;
  hostId: number;
  start: Date;
  end: Date;
  title: string;
  description: string | null;
  status: BookingStatus;
  location: BookingLocation | null;
  metadata: Record<string, unknown>;
  bookingFieldsResponses: Record<string, unknown>;
  reschedulingReason?: string | null;
  rescheduledFromUid?: string | null;
  rescheduledByEmail?: string | null;
  /** Guests' e-mail addresses. */
  guests?: string[];
  /** The platform OAuth client the booking is made through (the caller's credential). */
  platformOAuthClientId?: string | null;
  /** The routing form response the booking was made from (reference `routing.responseId`): the hooks link it. */
  routingFormResponseId?: number | null;
  /** The occurrences of one recurring booking share it. */
  recurringBookingUid?: string | null;
}

/** What insertBooking wrote with each booking, so that the answer's resolvers need not read it back. */
const writtenWith = new WeakMap<Booking, { eventType: EventType; attendees: Attendee[]; coHosted?: boolean }>();

/** The event type and attendees a booking was inserted with in this process, if it was (see primeWrittenBooking). */
export function writtenBooking(booking: Booking): { eventType: EventType; attendees: Attendee[]; coHosted?: boolean } | undefined {
  return writtenWith.get(booking);
}

/** A booking just written occupies other hosts too (collective, or round robin with mandatory hosts): its answer reads its hosts back. */
export function markCoHosted(booking: Booking): void {
  const written = writtenWith.get(booking);
  if (written) written.coHosted = true;
}

/** The default title of a booking: the event type's title and the (first) attendee's name. */
export function bookingTitle(eventType: Pick<EventType, 'title'>, attendeeName: string): string {
  return `${eventType.title} with ${attendeeName}`;
}

/**
 * Inserts the booking, its attendees and the domain event with its jobs in the caller's transaction. A
 * live row that overlaps another live booking of the host is refused by the exclusion constraint (23P01).
 * One statement (data-modifying `WITH` parts, see foldedInsert): the host's lock, taken before, is held
 * for one round trip of writes instead of four.
 */
export async function insertBooking(
  tx: EntityManager,
  row: BookingRow,
  attendees: ReadonlyArray<AttendeeDetails & { phoneNumber?: string | null }>,
  event: { type: BookingEventType; extra?: Record<string, unknown> } = { type: BookingEventType.created },
): Promise<Booking> {
  const booking = tx.create(Booking, {
    uid: row.uid ?? randomUUID(),
    eventTypeId: row.eventType.id,
    userId: row.hostId,
    title: row.title,
    description: row.description,
    start: row.start,
    end: row.end,
    status: row.status,
    location: row.location,
    metadata: row.metadata,
    bookingFieldsResponses: row.bookingFieldsResponses,
    reschedulingReason: row.reschedulingReason ?? null,
    rescheduledFromUid: row.rescheduledFromUid ?? null,
    rescheduledByEmail: row.rescheduledByEmail ?? null,
    guests: row.guests ?? [],
    platformOAuthClientId: row.platformOAuthClientId ?? null,
    recurringBookingUid: row.recurringBookingUid ?? null,
  });
  const extra = row.routingFormResponseId != null ? { ...event.extra, routingFormResponseId: row.routingFormResponseId } : event.extra;
  const saved = attendees.map((a) => tx.create(Attendee, { ...a }));
  await foldedInsert(tx, booking, saved, event.type, row.eventType, extra ?? {});
  if (row.eventType instanceof EventType) writtenWith.set(booking, { eventType: row.eventType, attendees: saved });
  return booking;
}

/**
 * The booking, its attendees, its event and the event's jobs as one statement; the entities get their
 * generated ids and dates, as `save` would give them. What the database makes (the booking's id, the
 * event's id and time) is filled into the event's payload and the jobs' data by the statement itself:
 * the payload's `id`, the webhook job's `eventKey` and `occurredAt`, exactly as recordBookingEvent writes them.
 */
async function foldedInsert(
  tx: EntityManager,
  booking: Booking,
  attendees: Attendee[],
  type: BookingEventType,
  eventType: EventTypeOfEvent,
  extra: Record<string, unknown>,
): Promise<void> {
  const bookingColumns = insertColumns(tx, Booking, booking);
  const attendeeColumns = attendees.map((a) => insertColumns(tx, Attendee, a, ['booking_id']));
  // booking.id is not known yet: the payload goes without it and the statement adds it.
  const payload: RecordedBooking = { ...bookingPayload(booking, attendees, eventType), ...extra };
  const jobs = [{ ...webhookEventJob('', type, '', payload), ofEvent: true }, ...(await changeJobs(tx, type, booking, payload, extra, eventType))];
  const jobsOfEvent = `(SELECT json_agg((j.job - 'ofEvent') || jsonb_build_object('data', jsonb_set(
      CASE WHEN j.job ? 'ofEvent' THEN (j.job -> 'data') || jsonb_build_object('eventKey', '${BOOKING_EVENT_KEY_PREFIX}' || event.id, 'occurredAt', to_char(event.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
           ELSE j.job -> 'data' END,
      '{payload,id}', to_jsonb(booking.id))))
    FROM jsonb_array_elements($1::jsonb) AS j(job), booking, event)`;
  const jobInsert = await jobInsertPart(jobsOfEvent);
  const params: unknown[] = jobInsert.params;
  params[0] = JSON.stringify(jobs.map(({ id, queue, data, startAfter, ...mark }) => ({ id, name: queue, data: withTraceContext(data), startAfter, ...mark })));
  const param = (value: unknown) => (value === DEFAULT ? 'DEFAULT' : (params.push(value), `$${params.length}`));
  const [written]: Array<{ id: number; created_at: Date; updated_at: Date; attendee_ids: number[]; jobs: number }> = await tx.query(
    `WITH booking AS (
       INSERT INTO ${tableOf(tx, Booking)} (${bookingColumns.names.join(', ')}) VALUES (${bookingColumns.values.map(param).join(', ')})
       RETURNING id, created_at, updated_at),
     attendee AS (${
       attendeeColumns.length
         ? `INSERT INTO ${tableOf(tx, Attendee)} (booking_id, ${attendeeColumns[0].names.join(', ')})
            VALUES ${attendeeColumns.map((c) => `((SELECT id FROM booking), ${c.values.map(param).join(', ')})`).join(', ')}
            RETURNING id`
         : 'SELECT NULL::int AS id WHERE false'
     }),
     event AS (
       INSERT INTO ${tableOf(tx, BookingEvent)} (type, booking_id, booking_uid, payload, dispatched_at)
       SELECT ${param(type)}::text, booking.id, ${param(booking.uid)}::text, ${param(JSON.stringify(payload))}::jsonb || jsonb_build_object('id', booking.id), ${param(new Date())}::timestamptz FROM booking
       RETURNING id, created_at),
     job AS (${jobInsert.text})
     SELECT booking.id, booking.created_at, booking.updated_at,
            (SELECT array_agg(id ORDER BY id) FROM attendee) AS attendee_ids, (SELECT count(*)::int FROM job) AS jobs
       FROM booking`,
    params,
  );
  if (written.jobs !== jobs.length) throw new Error(`job queue ${jobs.map((j) => j.queue).join(', ')}: a queue does not exist (installJobQueue was not run)`);
  Object.assign(booking, { id: written.id, createdAt: written.created_at, updatedAt: written.updated_at });
  attendees.forEach((a, i) => Object.assign(a, { id: written.attendee_ids[i], bookingId: written.id }));
}

const DEFAULT = Symbol('DEFAULT');

/**
 * The insertable columns of an entity (not generated, not dates the database sets, not `skip`) and the
 * values to write: the entity's own, else the column's default, set on the entity too (as `save`
 * reloads it), else the database's DEFAULT. Every attendee row thus has the same column list.
 */
function insertColumns(
  tx: EntityManager,
  target: typeof Booking | typeof Attendee,
  entity: Booking | Attendee,
  skip: string[] = [],
): { names: string[]; values: unknown[] } {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const column of tx.connection.getMetadata(target).columns) {
    if (column.isGenerated || column.isCreateDate || column.isUpdateDate || skip.includes(column.databaseName)) continue;
    let value = column.getEntityValue(entity);
    if (value === undefined && column.default !== undefined && typeof column.default !== 'function') {
      value = structuredClone(column.default);
      column.setEntityValue(entity, value);
    }
    names.push(`"${column.databaseName}"`);
    values.push(value === undefined ? DEFAULT : tx.connection.driver.preparePersistentValue(value, column));
  }
  return { names, values };
}

function tableOf(tx: EntityManager, target: typeof Booking | typeof Attendee | typeof BookingEvent): string {
  const { schema, tableName } = tx.connection.getMetadata(target);
  return schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
}
