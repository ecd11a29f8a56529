import { DataSource } from 'typeorm';
import { WorkflowReminder } from './workflow-reminder.entity';
import { WorkflowStep } from './workflow-step.entity';
import { mailerFromEnvironment } from '../../kit/mailer';
import { TextMessage, textMessageProvider } from '../../kit/text-messages';
import { escapeHtml, htmlToText, renderTemplate } from './workflow-template';

const MAX_ATTEMPTS = 5;

/** How often due reminders are looked for (`WORKFLOW_REMINDER_POLL_MS`, default 30 s). */
function pollMs(): number {
  const value = Number(process.env.WORKFLOW_REMINDER_POLL_MS);
  return Number.isFinite(value) && value > 0 ? value : 30_000;
}

/** Sends one step to its recipients. */
async function send(step: WorkflowStep, reminder: WorkflowReminder): Promise<void> {
  const booking = reminder.payload;
  const mailer = mailerFromEnvironment();
  const provider = textMessageProvider();
  // Without a provider the reminder is logged and counts as sent, as e-mail does without SMTP.
  const texts = {
    send: (message: TextMessage) =>
      provider.configured ? provider.send(message) : Promise.resolve(console.log(`[workflow ${message.channel}] (no SMS_PROVIDER_URL: logged, not sent) To: ${message.to}`)),
  };
  const subject = (name: string) => renderTemplate(step.subject ?? '', booking, name);
  const html = (name: string) => renderTemplate(step.html ?? '', booking, name, escapeHtml);
  const text = (name: string) => renderTemplate(step.text ?? '', booking, name);
  const firstAttendee = booking.attendees[0]?.name ?? '';
  switch (step.action) {
    case 'email_host':
      return mailer.send({ to: booking.organizer.email, senderName: step.sender, subject: subject(firstAttendee), html: html(firstAttendee), text: htmlToText(html(firstAttendee)) });
    case 'email_address':
      if (step.email) await mailer.send({ to: step.email, senderName: step.sender, subject: subject(firstAttendee), html: html(firstAttendee), text: htmlToText(html(firstAttendee)) });
      return;
    case 'email_attendee':
      for (const a of booking.attendees) await mailer.send({ to: a.email, senderName: step.sender, subject: subject(a.name), html: html(a.name), text: htmlToText(html(a.name)) });
      return;
    case 'sms_number':
    case 'whatsapp_number':
      if (step.phone) await texts.send({ channel: step.action.startsWith('sms') ? 'sms' : 'whatsapp', to: step.phone, senderName: step.sender, body: text(firstAttendee) });
      return;
    case 'sms_attendee':
    case 'whatsapp_attendee':
      for (const a of booking.attendees) {
        if (a.phoneNumber) await texts.send({ channel: step.action.startsWith('sms') ? 'sms' : 'whatsapp', to: a.phoneNumber, senderName: step.sender, body: text(a.name) });
      }
      return;
  }
}

/**
 * Sends the reminders that are due, one per transaction: the row is locked (FOR UPDATE SKIP LOCKED, so
 * replicas share the table without sending twice), sent, and marked sent; a failure counts an attempt
 * and is retried at the next poll, at most 5 times.
 */
export async function dispatchDueReminders(db: DataSource, limit = 20): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const [reminder] = await tx.getRepository(WorkflowReminder).createQueryBuilder('r')
        .where('r.sent_at IS NULL AND r.due_at <= now() AND r.attempts < :max', { max: MAX_ATTEMPTS })
        .orderBy('r.due_at', 'ASC').limit(1).setLock('pessimistic_write').setOnLocked('skip_locked').getMany();
      if (!reminder) return false;
      const step = await tx.getRepository(WorkflowStep).findOneBy({ id: reminder.workflowStepId });
      try {
        if (step) await send(step, reminder);
        await tx.update(WorkflowReminder, { id: reminder.id }, { sentAt: new Date(), attempts: reminder.attempts + 1, lastError: null });
        sent++;
      } catch (error) {
        await tx.update(WorkflowReminder, { id: reminder.id }, { attempts: reminder.attempts + 1, lastError: (error as Error).message.slice(0, 500) });
      }
      return true;
    });
    if (!done) break;
  }
  return sent;
}

/** The background dispatcher of workflow reminders (DB-polled due-time table). */
export function startWorkflowDispatcher(db: DataSource): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped || !db.isInitialized) return;
    running = dispatchDueReminders(db)
      .catch((error) => console.error('[integrations] workflow reminders failed:', (error as Error).message))
      .finally(() => (running = null));
  }, pollMs());
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
