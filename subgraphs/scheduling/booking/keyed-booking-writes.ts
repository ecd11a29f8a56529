import { DataSource, EntityManager } from 'typeorm';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { Booking } from '../booking-record/booking.entity';

/**
 * Bookings written under an Idempotency-Key (platform/keyed-writes.ts): what the write answered is recorded in its
 * transaction, and a retry of the same request reads that answer back from the committed rows.
 */
interface BookingWriteReference extends KeyedWriteReference {
  /** The booking answered (the first occurrence of a series). */
  uid: string;
  /** Set when the answer was a whole recurring booking: its recurringBookingUid. */
  seriesUid?: string;
  /** The seat the write took (answered as the top-level seatUid). */
  bookedSeatUid?: string;
}

/** Records, in the write's transaction, the booking it answers (nothing unless the request is a keyed write). */
export function recordBookingWrite(tx: EntityManager, booking: Booking): Promise<void> {
  const reference: BookingWriteReference = { uid: booking.uid };
  if (booking.series && booking.recurringBookingUid) reference.seriesUid = booking.recurringBookingUid;
  if (booking.bookedSeatUid) reference.bookedSeatUid = booking.bookedSeatUid;
  return recordKeyedWrite(tx, reference);
}

/** The answer of a booking write that committed before: the booking as it is now, shaped as the write answered it. */
export async function recalledBooking(db: DataSource, reference: KeyedWriteReference): Promise<Booking> {
  const { uid, seriesUid, bookedSeatUid } = reference as BookingWriteReference;
  if (seriesUid) {
    // The occurrences by start, the first answering for them all, as the series was answered when booked.
    const occurrences = await db.getRepository(Booking).find({ where: { recurringBookingUid: seriesUid }, order: { start: 'ASC', id: 'ASC' } });
    return Object.assign(occurrences[0], { series: occurrences });
  }
  const booking = await db.getRepository(Booking).findOneByOrFail({ uid });
  if (bookedSeatUid) booking.bookedSeatUid = bookedSeatUid;
  return booking;
}
