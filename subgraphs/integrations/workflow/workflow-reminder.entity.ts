import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a reminder sends, fixed when it is scheduled (the booking as it was then). */
export interface ReminderBooking {
  uid: string;
  title: string;
  start: string;
  end: string;
  timeZone: string;
  location: string | null;
  meetingUrl: string | null;
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string; phoneNumber?: string | null }>;
}

/**
 * A step due for one booking: the dispatcher sends the rows whose `due_at` has passed (DB-polled
 * due-time table; at most once per step and booking, by its unique key).
 */
@Entity({ name: 'workflow_reminders' })
export class WorkflowReminder {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'workflow_step_id', type: 'int' })
  workflowStepId: number;

  @Column({ name: 'booking_uid', type: 'text' })
  bookingUid: string;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'jsonb' })
  payload: ReminderBooking;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
