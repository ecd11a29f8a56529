import { DataSource, In, Not } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { badInput, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { checkOrgTeam } from '../team-address';
import { ReminderBooking, WorkflowReminder } from '../workflow-record/workflow-reminder.entity';
import { enqueueReminders } from '../workflow-record/workflow-dispatcher';
import { WorkflowStep } from '../workflow-record/workflow-step.entity';
import { Workflow, WorkflowKind } from '../workflow-record/workflow.entity';
import {
  CreateRoutingFormWorkflowInput,
  CreateWorkflowInput,
  UpdateRoutingFormWorkflowInput,
  UpdateWorkflowInput,
  WorkflowActivationInput,
  WorkflowFormActivationInput,
  WorkflowStepInput,
  WorkflowTriggerInput,
} from './workflow.inputs';
import { checkSteps, checkTrigger, dueTime } from './workflow.rules';
import { VerifiedEmail, VerifiedPhone } from '../verified-resource/verified-resource.entity';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { WorkflowTeamEventTypesDocument } from '../contracts/generated';
import { RoutingForm } from '../routing-form/routing-form.entity';
import { UUID } from '../../../platform/uuid';

export interface TeamAddress {
  orgId: number;
  teamId: number;
}

function stepOf(s: WorkflowStepInput): WorkflowStep {
  return Object.assign(new WorkflowStep(), {
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
  });
}

/** The columns of where a workflow applies. */
type ActivationColumns = Pick<Workflow, 'isActiveOnAllEventTypes' | 'activeOnEventTypeIds' | 'isActiveOnAllRoutingForms' | 'activeOnRoutingFormIds'>;

/** What the bodies of both kinds send besides the activation. */
interface WorkflowChanges {
  name?: string;
  trigger?: WorkflowTriggerInput;
  steps?: WorkflowStepInput[];
}

/** The name and trigger a body sends, checked against the rules of the workflow's kind. */
function checkNameAndTrigger(kind: WorkflowKind, changes: WorkflowChanges): void {
  if (changes.name !== undefined && !changes.name?.trim()) throw badInput('name', 'name must not be empty');
  if (changes.trigger) checkTrigger(changes.trigger, kind);
}

/**
 * Workflows of an organization's team (spec 4.11, reference "Orgs / Teams / Workflows"), of two kinds: event-type
 * workflows (…/workflows) and routing-form workflows (…/workflows/routing-form). Each path serves its own kind: a
 * workflow of the other kind is not found there.
 */
export class WorkflowService {
  private readonly db: DataSource;

  constructor(private readonly ctx: SubgraphContext) {
    this.db = ctx.db;
  }

  /** The event types must be the team's own (asked of the scheduling subgraph). */
  private async eventTypeActivation(teamId: number, activation: WorkflowActivationInput): Promise<ActivationColumns> {
    const all = activation.isActiveOnAllEventTypes ?? false;
    const ids = all ? [] : [...new Set(activation.activeOnEventTypeIds ?? [])];
    if (ids.length) {
      const data = await this.ctx.graph.call(WorkflowTeamEventTypesDocument, { teamId });
      const own = new Set(data.teamEventTypes.items.map((e) => e.id));
      const foreign = ids.find((id) => !own.has(id));
      if (foreign !== undefined)
        throw badInput('activation.activeOnEventTypeIds', `activation.activeOnEventTypeIds: ${foreign} is not an event type of the team`);
    }
    return { isActiveOnAllEventTypes: all, activeOnEventTypeIds: ids, isActiveOnAllRoutingForms: false, activeOnRoutingFormIds: [] };
  }

  /** The routing forms must be the team's own. */
  private async routingFormActivation(teamId: number, activation: WorkflowFormActivationInput): Promise<ActivationColumns> {
    const all = activation.isActiveOnAllRoutingForms ?? false;
    const ids = all ? [] : [...new Set(activation.activeOnRoutingFormIds ?? [])];
    const uuids = ids.filter((id) => UUID.test(id));
    const own = new Set(uuids.length ? (await this.db.getRepository(RoutingForm).findBy({ id: In(uuids), teamId })).map((f) => f.id) : []);
    const foreign = ids.find((id) => !own.has(id));
    if (foreign !== undefined)
      throw badInput('activation.activeOnRoutingFormIds', `activation.activeOnRoutingFormIds: ${JSON.stringify(foreign)} is not a routing form of the team`);
    return { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [], isActiveOnAllRoutingForms: all, activeOnRoutingFormIds: ids };
  }

  async list(address: TeamAddress, kind: WorkflowKind, page: PageArgs): Promise<[Workflow[], number]> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    const { take, skip } = pageWindow(page);
    // Ordered by id alone: with the steps' order in it, TypeORM pages over (workflow, step) pairs and a workflow of
    // several steps fills several places of the page. The steps are put in order afterwards.
    const [workflows, total] = await this.db
      .getRepository(Workflow)
      .findAndCount({ where: { teamId: address.teamId, type: kind }, order: { id: 'ASC' }, take, skip });
    for (const workflow of workflows) workflow.steps.sort((a, b) => a.stepNumber - b.stepNumber);
    return [workflows, total];
  }

  async get(address: TeamAddress, kind: WorkflowKind, id: number): Promise<Workflow> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    const workflow = await this.db
      .getRepository(Workflow)
      .findOne({ where: { id, teamId: address.teamId, type: kind }, order: { steps: { stepNumber: 'ASC' } } });
    if (!workflow) throw notFound(kind === 'routing-form' ? 'Routing form workflow' : 'Workflow', id);
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

  /** Steps sent with a new workflow carry no id (ids are the steps' of a PATCH). */
  private static checkNoIds(steps: WorkflowStepInput[]): void {
    const at = steps.findIndex((step) => step.id != null);
    if (at >= 0) throw badInput(`steps[${at}].id`, `steps[${at}].id is for changing a step of an existing workflow (PATCH); a new workflow's steps have none`);
  }

  /** The ids sent name steps of this workflow, each once. */
  private static checkStepIds(workflow: Workflow, steps: WorkflowStepInput[]): void {
    const own = new Set(workflow.steps.map((step) => step.id));
    const seen = new Set<number>();
    steps.forEach((step, i) => {
      if (step.id == null) return;
      if (!own.has(step.id)) throw badInput(`steps[${i}].id`, `steps[${i}].id ${step.id} is not a step of workflow ${workflow.id}`);
      if (seen.has(step.id)) throw badInput(`steps[${i}].id`, `steps[${i}].id ${step.id} repeats another step's id`);
      seen.add(step.id);
    });
  }

  async create(address: TeamAddress, userId: number, input: CreateWorkflowInput): Promise<Workflow> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    checkNameAndTrigger('event-type', input);
    return this.insert(address, userId, 'event-type', input, await this.eventTypeActivation(address.teamId, input.activation));
  }

  async createForRoutingForms(address: TeamAddress, userId: number, input: CreateRoutingFormWorkflowInput): Promise<Workflow> {
    await checkOrgTeam(this.ctx, address.orgId, address.teamId);
    checkNameAndTrigger('routing-form', input);
    return this.insert(address, userId, 'routing-form', input, await this.routingFormActivation(address.teamId, input.activation));
  }

  private async insert(
    address: TeamAddress,
    userId: number,
    kind: WorkflowKind,
    input: Required<WorkflowChanges>,
    activation: ActivationColumns,
  ): Promise<Workflow> {
    WorkflowService.checkNoIds(input.steps);
    await this.resolveVerified(address.teamId, input.steps);
    checkSteps(input.steps, kind);
    const workflow = Object.assign(new Workflow(), {
      name: input.name.trim(),
      type: kind,
      userId,
      teamId: address.teamId,
      ...activation,
      triggerType: input.trigger.type,
      offsetValue: input.trigger.offset?.value ?? null,
      offsetUnit: input.trigger.offset?.unit ?? null,
      steps: input.steps.map(stepOf),
    });
    const saved = await this.db.transaction(async (tx) => {
      const written = await tx.save(workflow);
      // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this workflow.
      await recordKeyedWrite(tx, { workflowId: written.id });
      return written;
    });
    return this.get(address, kind, saved.id);
  }

  /** The workflow a keyed creation made before (create's record), as it is now. */
  recalled(address: TeamAddress, kind: WorkflowKind, reference: KeyedWriteReference): Promise<Workflow> {
    return this.get(address, kind, reference.workflowId as number);
  }

  async update(address: TeamAddress, id: number, input: UpdateWorkflowInput): Promise<Workflow> {
    const workflow = await this.get(address, 'event-type', id);
    checkNameAndTrigger('event-type', input);
    const activation = input.activation ? await this.eventTypeActivation(address.teamId, input.activation) : undefined;
    return this.change(address, workflow, input, activation);
  }

  async updateForRoutingForms(address: TeamAddress, id: number, input: UpdateRoutingFormWorkflowInput): Promise<Workflow> {
    const workflow = await this.get(address, 'routing-form', id);
    checkNameAndTrigger('routing-form', input);
    const activation = input.activation ? await this.routingFormActivation(address.teamId, input.activation) : undefined;
    return this.change(address, workflow, input, activation);
  }

  /**
   * Fields left out are kept. `steps` replaces the steps: a step sent with the id of one of the workflow's steps
   * changes that step in place (it keeps its id and the reminders it has pending), a step without an id is added,
   * and the steps not sent are removed with their pending reminders.
   */
  private async change(address: TeamAddress, workflow: Workflow, input: WorkflowChanges, activation: ActivationColumns | undefined): Promise<Workflow> {
    const kind = workflow.type;
    if (input.steps) {
      WorkflowService.checkStepIds(workflow, input.steps);
      await this.resolveVerified(address.teamId, input.steps);
      checkSteps(input.steps, kind);
    }
    const id = workflow.id;
    await this.db.transaction(async (tx) => {
      await tx.update(
        Workflow,
        { id },
        {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.trigger
            ? { triggerType: input.trigger.type, offsetValue: input.trigger.offset?.value ?? null, offsetUnit: input.trigger.offset?.unit ?? null }
            : {}),
          ...(activation ?? {}),
          updatedAt: new Date(),
        },
      );
      if (!input.steps) return;
      const kept = input.steps.flatMap((step) => (step.id != null ? [step.id] : []));
      await tx.delete(WorkflowStep, kept.length ? { workflowId: id, id: Not(In(kept)) } : { workflowId: id });
      for (const step of input.steps) {
        const written = Object.assign(stepOf(step), { workflowId: id, workflow: { id } as Workflow });
        // A step sent with its id is saved over that row (checkStepIds: one of this workflow's steps).
        await tx.save(step.id != null ? Object.assign(written, { id: step.id }) : written);
      }
    });
    return this.get(address, kind, id);
  }

  async remove(address: TeamAddress, kind: WorkflowKind, id: number): Promise<Workflow> {
    const workflow = await this.get(address, kind, id);
    await this.db.getRepository(Workflow).delete({ id });
    return workflow;
  }

  /**
   * Schedules the steps of the team's active workflows for a booking event (newEvent, eventCancelled,
   * rescheduleEvent, …): one due-time row per step; the dispatcher sends them when due. Steps whose time
   * has already passed (a reminder 24 h before a booking made 1 h ahead) are not scheduled.
   */
  async scheduleForBooking(event: string, teamId: number, eventTypeId: number, booking: ReminderBooking, now = new Date()): Promise<number> {
    const workflows = await this.db.getRepository(Workflow).findBy({ teamId, type: 'event-type' });
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
