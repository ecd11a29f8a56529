import { EntityManager } from 'typeorm';
import { enqueueReminders } from './workflow-dispatcher';
import { offsetMs } from './workflow-offset';
import { FORM_TRIGGERS, ReminderFormResponse, WorkflowReminder } from './workflow-reminder.entity';
import { Workflow } from './workflow.entity';

/** A submission as the routing-form workflows of its team see it. */
export interface FormSubmission {
  teamId: number | null;
  response: Omit<ReminderFormResponse, 'kind' | 'trigger'>;
  /** When formSubmittedNoEvent is decided for a workflow without an offset (the FORM_SUBMITTED_NO_EVENT delay). */
  noEventDueAt: Date;
}

/**
 * Schedules the steps of the team's routing-form workflows active on the form, in the submission's transaction
 * (outbox: they exist exactly when the response committed). formSubmitted is due at the submission plus the
 * trigger's offset (none: at once); formSubmittedNoEvent at the submission plus its offset, or when FORM_SUBMITTED_NO_EVENT
 * is decided, and the dispatcher drops it if the response has led to a booking by then. Answers how many rows.
 */
export async function scheduleFormWorkflows(tx: EntityManager, submission: FormSubmission): Promise<number> {
  if (submission.teamId == null) return 0;
  const { response } = submission;
  const submittedAt = Date.parse(response.submittedAt);
  const workflows = await tx.getRepository(Workflow).findBy({ teamId: submission.teamId, type: 'routing-form' });
  const rows: Array<Partial<WorkflowReminder>> = [];
  for (const workflow of workflows) {
    if (!workflow.isActiveOnAllRoutingForms && !workflow.activeOnRoutingFormIds.includes(response.formId)) continue;
    const trigger = FORM_TRIGGERS.find((type) => type === workflow.triggerType);
    if (!trigger) continue;
    const offset = offsetMs(workflow);
    const dueAt = offset != null ? new Date(submittedAt + offset) : trigger === 'formSubmittedNoEvent' ? submission.noEventDueAt : new Date(submittedAt);
    const payload: ReminderFormResponse = { kind: 'form', trigger, ...response };
    for (const step of workflow.steps) rows.push({ workflowStepId: step.id, bookingUid: null, formResponseId: response.responseId, dueAt, payload });
  }
  if (!rows.length) return 0;
  const inserted = await tx.createQueryBuilder().insert().into(WorkflowReminder).values(rows).orIgnore().returning(['id', 'dueAt']).execute();
  await enqueueReminders(
    tx,
    (inserted.raw as Array<{ id: string; due_at: Date }>).map((r) => ({ id: r.id, dueAt: r.due_at })),
  );
  return rows.length;
}
