import { GraphQLError } from 'graphql';
import { DataSource } from 'typeorm';
import { setting } from '../../../platform/configuration/settings';
import { conflict, isConstraintViolation } from '../../../platform/errors';
import { forgetKeyedWrite, recordKeyedWrite } from '../../../platform/keyed-writes';
import { SERVICE_UNAVAILABLE } from '../../../platform/unavailable';
import { PhoneCallOutcomeUnknown, PlacedCall } from './phone-call-provider';
import { PhoneCall } from './phone-call.entity';

/**
 * The phone call's write-ahead intent (docs/decisions.md, "Issue 23 — the phone call's write-ahead intent"). The
 * provider takes no key of ours, so a keyed write that records the call after the provider answered would, if its
 * process died in between, let the retry call a second time. Instead the call's row is committed in state PLACING,
 * with the keyed write's record, before the provider is asked; it holds a session advisory lock on the row while it
 * asks, which PostgreSQL releases when the process (its connection) dies. A retry that finds the row PLACING waits
 * for that lock: a live request gives it back with the row PLACED (its answer) or deleted (the provider failed), a
 * dead one left it PLACING, and nobody can know whether the provider placed the call: the retry places none.
 */

/** The class of the advisory locks (`pg_advisory_lock(class, phone_calls.id)`): "phon". */
const LOCK_CLASS = 0x70686f6e;

/** How long a retry waits for the request placing its call: the provider's deadline and the commit after it. */
const waitMs = () => setting('OUTBOUND_TIMEOUT_MS') + 2_000;

/** The call of this key was (or may have been) asked of the provider, and its answer was never recorded. */
export const callOutcomeUnknown = () =>
  conflict(
    'The phone call of this Idempotency-Key was sent to the call provider, but its outcome is unknown (the request placing it ' +
      'ended before the answer was recorded): no call is placed again for this key. Check whether the call took place before ' +
      'placing another one, with a new Idempotency-Key',
    'PHONE_CALL_OUTCOME_UNKNOWN',
  );

const stillPlacing = () =>
  new GraphQLError('The phone call of this Idempotency-Key is still being placed: retry shortly with the same key to get its answer', {
    extensions: { code: SERVICE_UNAVAILABLE, serviceName: 'phone call provider' },
  });

/**
 * Places `row`'s call once: commits it PLACING (with the keyed write's record, if any) and locked, then `place`s it,
 * then records the provider's ids (PLACED). A failure the provider answered (or that kept the order from reaching it)
 * deletes the row and the record: nothing was placed, and the same key may run again. A provider that did not answer
 * in time may have placed it: the row stays PLACING and the answer is callOutcomeUnknown. A failure of the last commit
 * leaves the row PLACING too (the call was placed; whether its ids were recorded, the retry reads).
 */
export async function placeOnce(db: DataSource, row: Partial<PhoneCall>, place: () => Promise<PlacedCall>): Promise<PhoneCall> {
  // One connection for the whole placing: its session holds the lock.
  const runner = db.createQueryRunner();
  await runner.connect();
  let locked: number | undefined;
  try {
    const call = await runner.manager
      .transaction(async (tx) => {
        const placing = await tx.save(tx.create(PhoneCall, { ...row, callId: null, agentId: null, state: 'PLACING' }));
        // Taken before the commit makes the row visible: no retry ever sees it PLACING and unlocked while this one lives.
        await tx.query('SELECT pg_advisory_lock($1, $2)', [LOCK_CLASS, placing.id]);
        locked = placing.id;
        await recordKeyedWrite(tx, { callId: placing.id });
        return placing;
      })
      .catch((error: unknown) => {
        // The same key's intent committed meanwhile by a request still running (its gateway's claim ended): no second call.
        throw isConstraintViolation(error) ? stillPlacing() : error;
      });
    let placed: PlacedCall;
    try {
      placed = await place();
    } catch (error) {
      if (error instanceof PhoneCallOutcomeUnknown) throw callOutcomeUnknown();
      await runner.manager.transaction(async (tx) => {
        await tx.delete(PhoneCall, { id: call.id });
        await forgetKeyedWrite(tx);
      });
      throw error;
    }
    await runner.manager.update(PhoneCall, { id: call.id }, { ...placed, state: 'PLACED' });
    return Object.assign(call, placed, { state: 'PLACED' as const });
  } finally {
    // A connection that broke took its session, and the lock, with it.
    if (locked !== undefined) await runner.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, locked]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * The call a keyed creation recorded (phone_calls.id `id`, of `eventTypeId`), for its retry: a placed call as it is; one
 * being placed once its request is done (callOutcomeUnknown if that request died; a 503 to retry with the same key if
 * it is still at it after waitMs, or if its provider failed meanwhile and its row and record are gone: that retry runs
 * again); null if there is no such row.
 */
export async function recordedCall(db: DataSource, id: number, eventTypeId: number): Promise<PhoneCall | null> {
  const call = await db.getRepository(PhoneCall).findOneBy({ id, eventTypeId });
  if (call?.state !== 'PLACING') return call;
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL lock_timeout = ${waitMs()}`);
    try {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, id]);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '55P03') throw stillPlacing();
      throw error;
    }
    const settled = await tx.findOneBy(PhoneCall, { id, eventTypeId });
    if (!settled) throw stillPlacing();
    if (settled.state === 'PLACING') throw callOutcomeUnknown();
    return settled;
  });
}
