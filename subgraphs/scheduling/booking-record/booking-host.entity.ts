import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A host a booking occupies: its organizer (written by a trigger on `bookings`) and, for a collective
 * event type, every other host. The exclusion constraint `booking_hosts_no_overlap` keeps each user's
 * live rows from overlapping.
 */
@Entity({ name: 'booking_hosts' })
export class BookingHost {
  @PrimaryColumn({ name: 'booking_id' })
  bookingId: number;

  @PrimaryColumn({ name: 'user_id' })
  userId: number;

  @Column()
  organizer: boolean;

  @Column({ name: 'start_time', type: 'timestamptz' })
  start: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  end: Date;

  @Column()
  live: boolean;
}
