import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A slot held for a while (POST /v2/slots/reservations): the host is busy for everyone but the holder. */
@Entity({ name: 'slot_reservations' })
export class SlotReservation {
  @PrimaryGeneratedColumn()
  id: number;

  /** What the holder sends back (reservationUid). */
  @Column({ unique: true })
  uid: string;

  @Column({ name: 'event_type_id' })
  eventTypeId: number;

  /** The host whose time is held (for a team event type, the free host picked at reservation). */
  @Column({ name: 'user_id' })
  userId: number;

  @Column({ name: 'start_time', type: 'timestamptz' })
  start: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  end: Date;

  @Column({ name: 'reserved_until', type: 'timestamptz' })
  reservedUntil: Date;

  /** Minutes, as asked. */
  @Column({ name: 'reservation_duration' })
  reservationDuration: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
