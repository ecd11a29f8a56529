import PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { enqueueInTransaction, startJobQueueWorker, WORKFLOW_REMINDERS_QUEUE } from '../../../platform/job-queue';
import { isFormReminder, ReminderBooking, ReminderFormResponse, WorkflowReminder } from './workflow-reminder.entity';
import { WorkflowStep } from './workflow-step.entity';
import { Mail, mailerFromEnvironment } from '../../../platform/mailer';
import { TextMessage, textMessageProvider } from '../../../platform/text-messages';
import { bookingVariables, escapeHtml, formVariables, htmlToText, renderTemplate, TemplateVariables } from './workflow-template';
import { responseLedToBooking } from '../form-response-state';
import { setting } from '../../../platform/configuration/settings';

/** The job of one reminder row: sent when its `due_at` comes (pg-boss `startAfter`). */
export interface ReminderJob {
  reminderId: string;
}

/** Polling of the reminder worker (`WORKFLOW_REMINDER_POLLING_SECONDS`, default 2 s): how late a due reminder may leave at most. */
function pollingSeconds(): number {
  return Math.max(0.5, setting('WORKFLOW_REMINDER_POLLING_SECONDS'));
}

/** One e-mail of a step to one recipient, its subject and body filled in with `variables`. */
function mailOf(step: WorkflowStep, to: string, variables: TemplateVariables): Mail {
  const html = renderTemplate(step.html ?? '', variables, escapeHtml);
  return { to, senderName: step.sender, subject: renderTemplate(step.subject ?? '', variables), html, text: htmlToText(html) };
}

/** Sends one step of an event-type workflow to its recipients. */
async function sendForBooking(step: WorkflowStep, booking: ReminderBooking): Promise<void> {
  const mailer = mailerFromEnvironment();
  const provider = textMessageProvider();
  // Without a provider the reminder is logged and counts as sent, as e-mail does without SMTP.
  const texts = {
    send: (message: TextMessage) =>
      provider.configured
        ? provider.send(message)
        : Promise.resolve(console.log(`[workflow ${message.channel}] (no SMS_PROVIDER_URL: logged, not sent) To: ${message.to}`)),
  };
  const forAttendee = (name: string) => bookingVariables(booking, name);
  const text = (name: string) => renderTemplate(step.text ?? '', forAttendee(name));
  const firstAttendee = booking.attendees[0]?.name ?? '';
  switch (step.action) {
    case 'email_host':
      return mailer.send(mailOf(step, booking.organizer.email, forAttendee(firstAttendee)));
    case 'email_address':
      if (step.email) await mailer.send(mailOf(step, step.email, forAttendee(firstAttendee)));
      return;
    case 'email_attendee':
      for (const a of booking.attendees) await mailer.send(mailOf(step, a.email, forAttendee(a.name)));
      return;
    case 'sms_number':
    case 'whatsapp_number':
      if (step.phone)
        await texts.send({ channel: step.action.startsWith('sms') ? 'sms' : 'whatsapp', to: step.phone, senderName: step.sender, body: text(firstAttendee) });
      return;
    case 'sms_attendee':
    case 'whatsapp_attendee':
      for (const a of booking.attendees) {
        if (a.phoneNumber)
          await texts.send({ channel: step.action.startsWith('sms') ? 'sms' : 'whatsapp', to: a.phoneNumber, senderName: step.sender, body: text(a.name) });
      }
      return;
  }
}

/**
 * Sends one step of a routing-form workflow (e-mail steps only): email_attendee to the respondent's e-mail answer
 * (nothing without one), email_address to the step's address.
 */
async function sendForFormResponse(step: WorkflowStep, response: ReminderFormResponse): Promise<void> {
  const to = step.action === 'email_attendee' ? response.respondentEmail : step.action === 'email_address' ? step.email : null;
  if (to) await mailerFromEnvironment().send(mailOf(step, to, formVariables(response)));
}

/**
 * Enqueues the sending of reminder rows just inserted, in the same transaction (outbox): each job comes
 * due at its row's `due_at`.
 */
export async function enqueueReminders(tx: EntityManager, rows: Array<{ id: string; dueAt: Date }>): Promise<void> {
  for (const row of rows)
    await enqueueInTransaction(tx, WORKFLOW_REMINDERS_QUEUE, { reminderId: String(row.id) } satisfies ReminderJob, { startAfter: row.dueAt });
}

/**
 * Sends one reminder: its row is locked, sent and marked sent in one transaction, so a job handed out
 * twice sends once; a row already sent or gone (cancelled with its booking) is nothing to do. A failure
 * is recorded on the row and thrown, so pg-boss retries the job (at most 5 attempts in all).
 */
export async function sendReminder(db: DataSource, reminderId: string): Promise<void> {
  const failure = await db.transaction(async (tx) => {
    const [reminder] = await tx
      .getRepository(WorkflowReminder)
      .createQueryBuilder('r')
      .where('r.id = :id AND r.sent_at IS NULL', { id: reminderId })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    if (!reminder) return null;
    const { payload } = reminder;
    // formSubmittedNoEvent is for a response nothing was booked from: one that led to a booking meanwhile drops it.
    if (isFormReminder(payload) && payload.trigger === 'formSubmittedNoEvent' && (await responseLedToBooking(tx, payload.responseId))) {
      await tx.delete(WorkflowReminder, { id: reminder.id });
      return null;
    }
    const step = await tx.getRepository(WorkflowStep).findOneBy({ id: reminder.workflowStepId });
    try {
      if (step) await (isFormReminder(payload) ? sendForFormResponse(step, payload) : sendForBooking(step, payload));
      await tx.update(WorkflowReminder, { id: reminder.id }, { sentAt: new Date(), attempts: reminder.attempts + 1, lastError: null });
      return null;
    } catch (error) {
      await tx.update(WorkflowReminder, { id: reminder.id }, { attempts: reminder.attempts + 1, lastError: (error as Error).message.slice(0, 500) });
      return error as Error;
    }
  });
  if (failure) throw failure;
}

/** The background worker of workflow reminders (pg-boss queue `workflow-reminders`, its own small pool). */
export function startWorkflowDispatcher(db: DataSource): { stop(): Promise<void> } {
  const databaseUrl = (db.options as { url?: string }).url;
  if (!databaseUrl) return { stop: async () => undefined };
  let boss: PgBoss | undefined;
  const started = (async () => {
    boss = await startJobQueueWorker(databaseUrl, { pollingIntervalSeconds: pollingSeconds(), max: 2 });
    await boss.work<ReminderJob>(WORKFLOW_REMINDERS_QUEUE, { pollingIntervalSeconds: pollingSeconds(), batchSize: 1 }, ([job]) =>
      sendReminder(db, job.data.reminderId),
    );
  })().catch((error) => console.error('[integrations] workflow reminder worker did not start:', (error as Error).message));
  return {
    async stop() {
      await started;
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
    },
  };
}
