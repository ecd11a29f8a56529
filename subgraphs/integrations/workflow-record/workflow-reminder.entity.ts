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

/** The triggers of a routing-form workflow (the reference's FORM_WORKFLOW_TRIGGER_TYPES). */
export const FORM_TRIGGERS = ['formSubmitted', 'formSubmittedNoEvent'] as const;
export type FormTrigger = (typeof FORM_TRIGGERS)[number];

/** What a routing-form workflow's step sends, fixed at the submission (the response as it was then). */
export interface ReminderFormResponse {
  kind: 'form';
  /** formSubmitted, or formSubmittedNoEvent (dropped when the response has led to a booking by its time). */
  trigger: FormTrigger;
  responseId: number;
  formId: string;
  formName: string;
  submittedAt: string;
  /** The first e-mail field answered: where email_attendee steps go (none: they send nothing). */
  respondentEmail: string | null;
  /** The answer of the field identified `name`, if any. */
  respondentName: string;
  /** The answers by field identifier (its label when it has none), as text. */
  answers: Record<string, string>;
}

/** A reminder's subject: a booking (event-type workflows) or a routing form's response (routing-form workflows). */
export type ReminderPayload = ReminderBooking | ReminderFormResponse;

export const isFormReminder = (payload: ReminderPayload): payload is ReminderFormResponse => 'kind' in payload && payload.kind === 'form';

/**
 * A step due for one booking or one form response: the dispatcher sends the rows whose `due_at` has passed
 * (DB-polled due-time table; at most once per step and booking, or step and response, by its unique keys).
 */
@Entity({ name: 'workflow_reminders' })
export class WorkflowReminder {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'workflow_step_id', type: 'int' })
  workflowStepId: number;

  @Column({ name: 'booking_uid', type: 'text', nullable: true })
  bookingUid: string | null;

  @Column({ name: 'form_response_id', type: 'int', nullable: true })
  formResponseId: number | null;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'jsonb' })
  payload: ReminderPayload;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
