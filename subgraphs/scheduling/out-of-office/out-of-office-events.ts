import { EntityManager } from 'typeorm';
import { BOOKING_EVENT_CHANNEL, enqueueInTransaction, WEBHOOK_EVENT_QUEUE } from '../../../platform/job-queue';
import { OutOfOfficeEventJob } from '../../../platform/webhook-event-jobs';
import { OutOfOfficeEntry, OutOfOfficeEvent } from './out-of-office.entity';

/** The webhook payload of an out-of-office entry. */
function outOfOfficePayload(entry: OutOfOfficeEntry) {
  return {
    oooEntry: {
      id: entry.id,
      uuid: entry.uuid,
      userId: entry.userId,
      toUserId: entry.toUserId,
      start: entry.start.toISOString(),
      end: entry.end.toISOString(),
      notes: entry.notes,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
      updatedAt: entry.updatedAt.toISOString(),
    },
  };
}

/**
 * Writes OOO_CREATED in the entry's own transaction and enqueues its webhook fan-out there too (outbox,
 * as recordBookingEvent does): the job exists exactly when the entry committed.
 */
export async function recordOutOfOfficeCreated(tx: EntityManager, entry: OutOfOfficeEntry): Promise<void> {
  const { oooEntry } = outOfOfficePayload(entry);
  const event = await tx.save(
    tx.create(OutOfOfficeEvent, { type: 'OOO_CREATED', oooId: entry.id, userId: entry.userId, payload: { oooEntry }, dispatchedAt: new Date() }),
  );
  const eventKey = `ooo-event:${event.id}`;
  const job: OutOfOfficeEventJob = {
    kind: 'ooo',
    eventKey,
    trigger: 'OOO_CREATED',
    occurredAt: event.createdAt.toISOString(),
    userId: entry.userId,
    entry: oooEntry,
  };
  await enqueueInTransaction(tx, WEBHOOK_EVENT_QUEUE, job);
  await tx.query('SELECT pg_notify($1, $2)', [BOOKING_EVENT_CHANNEL, eventKey]);
}
