import PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { enqueueInTransaction, startJobQueueWorker, WORKFLOW_REMINDERS_QUEUE } from '../../../platform/job-queue';
import { WorkflowReminder } from './workflow-reminder.entity';
import { WorkflowStep } from './workflow-step.entity';
import { mailerFromEnvironment } from '../../../platform/mailer';
import { TextMessage, textMessageProvider } from '../../../platform/text-messages';
import { escapeHtml, htmlToText, renderTemplate } from './workflow-template';
import { setting } from '../../../platform/configuration/settings';

/** The job of one reminder row: sent when its `due_at` comes (pg-boss `startAfter`). */
export interface ReminderJob {
  reminderId: string;
}

/** Polling of the reminder worker (`WORKFLOW_REMINDER_POLLING_SECONDS`, default 2 s): how late a due reminder may leave at most. */
function pollingSeconds(): number {
  return Math.max(0.5, setting('WORKFLOW_REMINDER_POLLING_SECONDS'));
}

/** Sends one step to its recipients. */
async function send(step: WorkflowStep, reminder: WorkflowReminder): Promise<void> {
  const booking = reminder.payload;
  const mailer = mailerFromEnvironment();
  const provider = textMessageProvider();
  // Without a provider the reminder is logged and counts as sent, as e-mail does without SMTP.
  const texts = {
    send: (message: TextMessage) =>
      provider.configured
        ? provider.send(message)
        : Promise.resolve(console.log(`[workflow ${message.channel}] (no SMS_PROVIDER_URL: logged, not sent) To: ${message.to}`)),
  };
  const subject = (name: string) => renderTemplate(step.subject ?? '', booking, name);
  const html = (name: string) => renderTemplate(step.html ?? '', booking, name, escapeHtml);
  const text = (name: string) => renderTemplate(step.text ?? '', booking, name);
  const firstAttendee = booking.attendees[0]?.name ?? '';
  switch (step.action) {
    case 'email_host':
      return mailer.send({
        to: booking.organizer.email,
        senderName: step.sender,
        subject: subject(firstAttendee),
        html: html(firstAttendee),
        text: htmlToText(html(firstAttendee)),
      });
    case 'email_address':
      if (step.email)
        await mailer.send({
          to: step.email,
          senderName: step.sender,
          subject: subject(firstAttendee),
          html: html(firstAttendee),
          text: htmlToText(html(firstAttendee)),
        });
      return;
    case 'email_attendee':
      for (const a of booking.attendees)
        await mailer.send({ to: a.email, senderName: step.sender, subject: subject(a.name), html: html(a.name), text: htmlToText(html(a.name)) });
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
    const step = await tx.getRepository(WorkflowStep).findOneBy({ id: reminder.workflowStepId });
    try {
      if (step) await send(step, reminder);
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
