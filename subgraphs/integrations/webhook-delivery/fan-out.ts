import { DataSource, EntityManager } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import { groupedWriter } from '../../../platform/grouped-writes';
import {
  enqueueInTransaction,
  enqueueManyInTransaction,
  WEBHOOK_DELIVERY_CHANNEL,
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_SCHEDULED_QUEUE,
} from '../../../platform/job-queue';
import { NO_SHOW_TRIGGERS } from '../webhook/triggers';
import { Webhook } from '../webhook/webhook.entity';
import { bookingWebhookPayload } from './booking-payload';
import { BookingEventJob, RecordedBooking, ScheduledBookingJob } from '../../../platform/webhook-event-jobs';
import { DeliveryBody, deliveryBody } from './delivery-body';
import { OwnerEventJob, ownerEventRecipients } from './owner-events';
import { bookingAudience, subscribedWebhooks } from './subscribers';
import { TracedJob, withTraceContext } from '../../../platform/tracing';
import { NoShowAttendanceDocument } from '../contracts/generated';

export interface DeliveryJob {
  deliveryId: string;
  attempt: number;
}

const UNIT_MS: Record<string, number> = { MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 };
/** Changes after which a booking's no-show checks are (re)planned. */
const PLANS_NO_SHOW: ReadonlySet<string> = new Set(['BOOKING_CREATED', 'BOOKING_RESCHEDULED']);

/** The deliveries of one event: its key, its trigger and a body per webhook. */
interface EventDeliveries {
  eventKey: string;
  trigger: string;
  rows: Array<{ webhook: Webhook } & DeliveryBody>;
  /** A booking change after which its no-show checks are (re)planned, with the webhooks that may want them. */
  noShow?: { webhooks: Webhook[]; booking: RecordedBooking };
  /** The trace of the fan-out that made them: group commits write several events' deliveries, each attempt goes on in its own event's trace. */
  traceContext?: Record<string, string>;
}

/**
 * Inserts one delivery per webhook and event (idempotent on the event key: a fan-out job run twice after a
 * crash makes no second delivery) and enqueues the first attempt of each new one, in one transaction: one
 * INSERT for the deliveries, one for their jobs, and a NOTIFY that wakes the workers' attempts at commit.
 * A delivery whose template made no body is written failed, with the reason, and gets no attempt.
 */
async function createDeliveries(tx: EntityManager, events: EventDeliveries[]): Promise<void> {
  const rows = events.flatMap((event) => event.rows.map((row) => ({ ...row, eventKey: event.eventKey, trigger: event.trigger })));
  if (!rows.length) return;
  const unrendered = (row: DeliveryBody) => ('failureReason' in row ? row : undefined);
  const rendered = (row: DeliveryBody) => ('body' in row ? row : undefined);
  const inserted: Array<{ id: string; status: string; event_key: string }> = await tx.query(
    `INSERT INTO webhook_deliveries (webhook_id, event_key, trigger_event, body, content_type, status, failure_reason)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
     ON CONFLICT (webhook_id, event_key) DO NOTHING RETURNING id, status, event_key`,
    [
      rows.map((r) => r.webhook.id),
      rows.map((r) => r.eventKey),
      rows.map((r) => r.trigger),
      rows.map((r) => rendered(r)?.body ?? ''),
      rows.map((r) => rendered(r)?.contentType ?? ''),
      rows.map((r) => (unrendered(r) ? 'failed' : 'pending')),
      rows.map((r) => unrendered(r)?.failureReason ?? null),
    ],
  );
  const pending = inserted.filter((row) => row.status === 'pending');
  const traceOf = new Map(events.map((event) => [event.eventKey, event.traceContext]));
  const jobOf = (id: string, eventKey: string): DeliveryJob & TracedJob => {
    const traceContext = traceOf.get(eventKey);
    return traceContext ? { deliveryId: id, attempt: 1, traceContext } : { deliveryId: id, attempt: 1 };
  };
  await enqueueManyInTransaction(
    tx,
    WEBHOOK_DELIVERY_QUEUE,
    pending.map(({ id, event_key }) => ({ data: jobOf(id, event_key) })),
  );
  if (pending.length) await tx.query(`SELECT pg_notify($1, '')`, [WEBHOOK_DELIVERY_CHANNEL]);
}

/**
 * Fan-outs finishing together commit together (group commit: one transaction for the events that came
 * while the previous one was written, none waits when none is being written); a failing group is
 * written again one event at a time, so one bad event fails only its own job.
 */
const fanOutWriters = new WeakMap<DataSource, (event: EventDeliveries) => Promise<void>>();

function commitDeliveries(db: DataSource, event: EventDeliveries): Promise<void> {
  if (!event.rows.length && !event.noShow?.webhooks.length) return Promise.resolve();
  let writer = fanOutWriters.get(db);
  if (!writer) {
    writer = groupedWriter<EventDeliveries>((events) =>
      db.transaction(async (tx) => {
        await createDeliveries(tx, events);
        for (const { noShow } of events) if (noShow) await planNoShowChecks(tx, noShow.webhooks, noShow.booking);
      }),
    );
    fanOutWriters.set(db, writer);
  }
  return writer(withTraceContext(event));
}

/** Each webhook's body: rendered once per version for the webhooks without a template (the same bytes), once each for the others. */
function bodiesFor(webhooks: Webhook[], render: (webhook: Webhook) => Promise<DeliveryBody>): Promise<EventDeliveries['rows']> {
  const byVersion = new Map<string, Promise<DeliveryBody>>();
  return Promise.all(
    webhooks.map(async (webhook) => {
      if (webhook.payloadTemplate) return { webhook, ...(await render(webhook)) };
      let body = byVersion.get(webhook.version);
      if (!body) byVersion.set(webhook.version, (body = render(webhook)));
      return { webhook, ...(await body) };
    }),
  );
}

/** Fans a non-booking event (OOO_CREATED, FORM_SUBMITTED, FORM_SUBMITTED_NO_EVENT) out to its subscribers. */
async function fanOutOwnerEvent(db: DataSource, graph: GraphLink, job: OwnerEventJob): Promise<void> {
  const recipients = await ownerEventRecipients(db, graph, job);
  if (!recipients?.webhooks.length) return;
  await commitDeliveries(db, {
    eventKey: job.eventKey,
    trigger: job.trigger,
    rows: await bodiesFor(recipients.webhooks, (webhook) => deliveryBody(job.trigger, job.occurredAt, recipients.payload, null, webhook)),
  });
}

/** Fans a booking event (or a due meeting trigger), or another domain event, out to its subscribers. */
export async function fanOut(db: DataSource, graph: GraphLink, job: BookingEventJob | ScheduledBookingJob | OwnerEventJob): Promise<void> {
  if ('kind' in job) return fanOutOwnerEvent(db, graph, job);
  if (NO_SHOW_TRIGGERS.has(job.trigger) && !(await noShowHappened(graph, job.trigger, job.payload.uid))) return;
  const booking = job.payload;
  const audience = await bookingAudience(graph, booking);
  const payload = bookingWebhookPayload(job.trigger, booking, audience.organizer);
  const clientId = booking.platformOAuthClientId ?? null;
  const onlyWebhook = 'webhookId' in job ? job.webhookId : undefined;
  const triggers = PLANS_NO_SHOW.has(job.trigger) ? [job.trigger, ...NO_SHOW_TRIGGERS] : [job.trigger];
  const webhooks = (await subscribedWebhooks(db, triggers, booking, audience)).filter((w) => onlyWebhook === undefined || w.id === onlyWebhook);
  const recipients = webhooks.filter((w) => w.triggers.includes(job.trigger));
  const createdAt = ('occurredAt' in job && job.occurredAt) || new Date().toISOString();
  await commitDeliveries(db, {
    eventKey: job.eventKey,
    trigger: job.trigger,
    rows: await bodiesFor(recipients, (webhook) => deliveryBody(job.trigger, createdAt, payload, clientId, webhook)),
    noShow: PLANS_NO_SHOW.has(job.trigger) ? { webhooks: webhooks.filter(plansNoShow), booking } : undefined,
  });
}

/**
 * Whether a no-show trigger fires, decided by the mark-absent data when it comes due (the service has no
 * video attendance data): the host's trigger when the host was marked absent, the guests' when at least
 * one attendee was; never for a booking that is no longer accepted.
 */
async function noShowHappened(graph: GraphLink, trigger: string, uid: string): Promise<boolean> {
  const { bookingAttendance: attendance } = await graph.call(NoShowAttendanceDocument, { uid });
  if (!attendance || attendance.status !== 'accepted') return false;
  return trigger === 'AFTER_HOSTS_SVC_VIDEO_NO_SHOW' ? attendance.absentHost : attendance.absentAttendeeEmails.length > 0;
}

/** A webhook that asks for a no-show check some time after the start. */
function plansNoShow(webhook: Webhook): boolean {
  return Boolean(webhook.time && webhook.timeUnit && UNIT_MS[webhook.timeUnit] && webhook.triggers.some((t) => NO_SHOW_TRIGGERS.has(t)));
}

/** A no-show trigger is evaluated `time` `timeUnit` after the start (spec 6 rule 1), per webhook. */
async function planNoShowChecks(tx: EntityManager, webhooks: Webhook[], booking: RecordedBooking): Promise<void> {
  for (const webhook of webhooks) {
    if (!webhook.time || !webhook.timeUnit || !UNIT_MS[webhook.timeUnit]) continue;
    for (const trigger of webhook.triggers.filter((t) => NO_SHOW_TRIGGERS.has(t))) {
      const at = new Date(Date.parse(booking.start) + webhook.time * UNIT_MS[webhook.timeUnit]);
      const job: ScheduledBookingJob = {
        eventKey: `${trigger}:${booking.uid}:${at.toISOString()}`,
        trigger,
        bookingUid: booking.uid,
        at: at.toISOString(),
        payload: booking,
        webhookId: webhook.id,
      };
      await enqueueInTransaction(tx, WEBHOOK_SCHEDULED_QUEUE, job, { startAfter: at });
    }
  }
}
