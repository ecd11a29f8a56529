import { DataSource } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { badInput, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { checkOrgTeam } from '../team-address';
import { ReminderBooking, WorkflowReminder } from './workflow-reminder.entity';
import { enqueueReminders } from './workflow-dispatcher';
import { WorkflowStep } from './workflow-step.entity';
import { Workflow } from './workflow.entity';
import { CreateWorkflowInput, UpdateWorkflowInput, WorkflowActivationInput, WorkflowStepInput } from './workflow.inputs';
import { checkSteps, checkTrigger, dueTime } from './workflow.rules';
import { VerifiedEmail, VerifiedPhone } from '../verified-resource/verified-resource.entity';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { WorkflowTeamEventTypesDocument } from '../contracts/generated';

export interface TeamAddress {
  orgId: number;
  teamId: number;
}

function stepsOf(inputs: WorkflowStepInput[]): WorkflowStep[] {
  return inputs.map((s) =>
    Object.assign(new WorkflowStep(), {
      stepNumber: s.stepNumber,
      action: s.action,
      recipient: s.recipient,
      template: s.template,
      sender: s.sender.trim(),
      email: s.action === 'email_address' ? (s.email ?? null) : null,
      phone: s.action === 'sms_number' || s.action === 'whatsapp_number' ? (s.phone ?? null) : null,
      subject: s.message.subject,
      html: s.message.html ?? null,
      text: s.message.text ?? null,
      includeCalendarEvent: s.includeCalendarEvent ?? false,
      phoneRequired: s.phoneRequired ?? false,
      skipNoShowAttendees: s.skipNoShowAttendees ?? false,
      autoTranslateEnabled: s.autoTranslateEnabled ?? false,
      sourceLocale: s.sourceLocale ?? null,
    }),
  );
}

/** Workflows of an organization's team (spec 4.11, reference "Orgs / Teams / Workflows"). */
export class WorkflowService {
  private readonly db: DataSource;

  constructor(private readonly ctx: SubgraphContext) {
    this.db = ctx.db;
  }

  /** The event types must be the team's own (asked of the scheduling subgraph). */
  private async checkActivation(teamId: number, activation: WorkflowActivationInput): Promise<{ all: boolean; ids: number[] }> {
    const all = activation.isActiveOnAllEventTypes ?? false;
    const ids = [...new Set(activation.activeOnEventTypeIds ?? [])];
    if (all || !ids.length) return { all, ids: all ? [] : ids };
    const data = await this.ctx.graph.call(WorkflowTeamEventTypesDocument, { teamId });
    const own = new Set(data.teamEventTypes.items.map((e) => e.id));
    const foreign = ids.find((id) => !own.has(id));
    if (foreign !== undefined)
      throw badInput('activation.activeOnEventTypeIds', `activation.activeOnEventTypeIds: ${foreign} is not an event type of the team`);
    return { all, ids };
  }

  async list(address: TeamAddress, page: PageArgs): Promise<[Workflow[], number]> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    const { take, skip } = pageWindow(page);
    return this.db.getRepository(Workflow).findAndCount({ where: { teamId: address.teamId }, order: { id: 'ASC', steps: { stepNumber: 'ASC' } }, take, skip });
  }

  async get(address: TeamAddress, id: number): Promise<Workflow> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    const workflow = await this.db.getRepository(Workflow).findOne({ where: { id, teamId: address.teamId }, order: { steps: { stepNumber: 'ASC' } } });
    if (!workflow) throw notFound('Workflow', id);
    return workflow;
  }

  /**
   * `verifiedEmailId` / `verifiedPhoneId` (reference steps) name a verified e-mail or phone of the team
   * (POST /v2/organizations/{orgId}/teams/{teamId}/verified-resources/…): the step sends to its address
   * (`email` / `phone`). Another team's resource, or none, is a 400 naming the field.
   */
  private async resolveVerified(teamId: number, steps: WorkflowStepInput[] | null | undefined): Promise<void> {
    for (const [i, step] of (steps ?? []).entries()) {
      if (step.verifiedEmailId != null && step.action === 'email_address') {
        const verified = await this.db.getRepository(VerifiedEmail).findOneBy({ id: step.verifiedEmailId, teamId });
        if (!verified)
          throw badInput(`steps[${i}].verifiedEmailId`, `steps[${i}].verifiedEmailId ${step.verifiedEmailId} is not a verified e-mail of team ${teamId}`);
        step.email = verified.email;
      }
      if (step.verifiedPhoneId != null && (step.action === 'sms_number' || step.action === 'whatsapp_number')) {
        const verified = await this.db.getRepository(VerifiedPhone).findOneBy({ id: step.verifiedPhoneId, teamId });
        if (!verified)
          throw badInput(`steps[${i}].verifiedPhoneId`, `steps[${i}].verifiedPhoneId ${step.verifiedPhoneId} is not a verified phone number of team ${teamId}`);
        step.phone = verified.phoneNumber;
      }
    }
  }

  async create(address: TeamAddress, userId: number, input: CreateWorkflowInput): Promise<Workflow> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    if (!input.name?.trim()) throw badInput('name', 'name must not be empty');
    checkTrigger(input.trigger);
    await this.resolveVerified(address.teamId, input.steps);
    checkSteps(input.steps);
    const activation = await this.checkActivation(address.teamId, input.activation);
    const workflow = Object.assign(new Workflow(), {
      name: input.name.trim(),
      type: 'event-type',
      userId,
      teamId: address.teamId,
      isActiveOnAllEventTypes: activation.all,
      activeOnEventTypeIds: activation.ids,
      triggerType: input.trigger.type,
      offsetValue: input.trigger.offset?.value ?? null,
      offsetUnit: input.trigger.offset?.unit ?? null,
      steps: stepsOf(input.steps),
    });
    const saved = await this.db.transaction(async (tx) => {
      const written = await tx.save(workflow);
      // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this workflow.
      await recordKeyedWrite(tx, { workflowId: written.id });
      return written;
    });
    return this.get(address, saved.id);
  }

  /** The workflow a keyed creation made before (create's record), as it is now. */
  recalled(address: TeamAddress, reference: KeyedWriteReference): Promise<Workflow> {
    return this.get(address, reference.workflowId as number);
  }

  /** Fields left out are kept; `steps` replaces every step (pending reminders of the old steps go with them). */
  async update(address: TeamAddress, id: number, input: UpdateWorkflowInput): Promise<Workflow> {
    const workflow = await this.get(address, id);
    if (input.name !== undefined) {
      if (!input.name?.trim()) throw badInput('name', 'name must not be empty');
      workflow.name = input.name.trim();
    }
    if (input.trigger) {
      checkTrigger(input.trigger);
      workflow.triggerType = input.trigger.type;
      workflow.offsetValue = input.trigger.offset?.value ?? null;
      workflow.offsetUnit = input.trigger.offset?.unit ?? null;
    }
    if (input.activation) {
      const activation = await this.checkActivation(address.teamId, input.activation);
      workflow.isActiveOnAllEventTypes = activation.all;
      workflow.activeOnEventTypeIds = activation.ids;
    }
    if (input.steps) {
      await this.resolveVerified(address.teamId, input.steps);
      checkSteps(input.steps);
    }
    await this.db.transaction(async (tx) => {
      const { steps: _steps, ...fields } = workflow;
      await tx.update(
        Workflow,
        { id },
        {
          name: fields.name,
          triggerType: fields.triggerType,
          offsetValue: fields.offsetValue,
          offsetUnit: fields.offsetUnit,
          isActiveOnAllEventTypes: fields.isActiveOnAllEventTypes,
          activeOnEventTypeIds: fields.activeOnEventTypeIds,
          updatedAt: new Date(),
        },
      );
      if (input.steps) {
        await tx.delete(WorkflowStep, { workflowId: id });
        await tx.save(stepsOf(input.steps).map((step) => Object.assign(step, { workflowId: id, workflow: { id } as Workflow })));
      }
    });
    return this.get(address, id);
  }

  async remove(address: TeamAddress, id: number): Promise<Workflow> {
    const workflow = await this.get(address, id);
    await this.db.getRepository(Workflow).delete({ id });
    return workflow;
  }

  /**
   * Schedules the steps of the team's active workflows for a booking event (newEvent, eventCancelled,
   * rescheduleEvent, …): one due-time row per step; the dispatcher sends them when due. Steps whose time
   * has already passed (a reminder 24 h before a booking made 1 h ahead) are not scheduled.
   */
  async scheduleForBooking(event: string, teamId: number, eventTypeId: number, booking: ReminderBooking, now = new Date()): Promise<number> {
    const workflows = await this.db.getRepository(Workflow).findBy({ teamId });
    const times = { start: new Date(booking.start), end: new Date(booking.end) };
    const rows: Array<Partial<WorkflowReminder>> = [];
    for (const workflow of workflows) {
      if (!workflow.isActiveOnAllEventTypes && !workflow.activeOnEventTypeIds.includes(eventTypeId)) continue;
      const due = dueTime({ type: workflow.triggerType, offsetValue: workflow.offsetValue, offsetUnit: workflow.offsetUnit }, event, times, now);
      if (!due || due.getTime() < now.getTime() - 60_000) continue;
      for (const step of workflow.steps) rows.push({ workflowStepId: step.id, bookingUid: booking.uid, dueAt: due, payload: booking });
    }
    if (!rows.length) return 0;
    // The rows and their jobs in one transaction; a row that already exists (a retried hook) gets no second job.
    await this.db.transaction(async (tx) => {
      const inserted = await tx.createQueryBuilder().insert().into(WorkflowReminder).values(rows).orIgnore().returning(['id', 'dueAt']).execute();
      await enqueueReminders(
        tx,
        (inserted.raw as Array<{ id: string; due_at: Date }>).map((r) => ({ id: r.id, dueAt: r.due_at })),
      );
    });
    return rows.length;
  }

  /** Drops the reminders of a booking not sent yet (it was cancelled, rejected or moved); answers how many. */
  async cancelForBooking(bookingUid: string): Promise<number> {
    const result = await this.db
      .getRepository(WorkflowReminder)
      .createQueryBuilder()
      .delete()
      .where('booking_uid = :bookingUid AND sent_at IS NULL', { bookingUid })
      .execute();
    return result.affected ?? 0;
  }
}
