import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Domain events of bookings; the names are the webhook triggers they will be delivered as (spec 6). */
export enum BookingEventType {
  created = 'BOOKING_CREATED',
  cancelled = 'BOOKING_CANCELLED',
  rescheduled = 'BOOKING_RESCHEDULED',
  requested = 'BOOKING_REQUESTED',
  /** Sample trigger name (spec 6): a pending booking the host confirmed. */
  confirmed = 'BOOKING_CONFIRMED',
  rejected = 'BOOKING_REJECTED',
  noShowUpdated = 'BOOKING_NO_SHOW_UPDATED',
  locationUpdated = 'BOOKING_LOCATION_UPDATED',
  reassigned = 'BOOKING_REASSIGNED',
}

/**
 * One booking change, written in the transaction that made it, so an event exists exactly when the
 * change committed. The webhook dispatcher delivers rows whose `dispatchedAt` is null.
 */
@Entity({ name: 'booking_events' })
export class BookingEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  type: BookingEventType;

  @Column({ name: 'booking_id' })
  bookingId: number;

  @Column({ name: 'booking_uid', type: 'text' })
  bookingUid: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;
}
