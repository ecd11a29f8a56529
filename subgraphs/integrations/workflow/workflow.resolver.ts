import { GraphQLResolveInfo } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { ReminderBooking } from '../workflow-record/workflow-reminder.entity';
import { Workflow } from '../workflow-record/workflow.entity';
import { CreateWorkflowInput, UpdateWorkflowInput, WorkflowPage } from './workflow.inputs';
import { WorkflowService } from './workflow.service';

export const workflowsOf = (ctx: SubgraphContext) => new WorkflowService(ctx);
/** The @pbac rule of a team's workflows (both kinds): the permission on the team, or on its organization. */
export const teamWorkflowPbac = (permission: string) => `@pbac(permission: "${permission}", team: "args.teamId", org: "args.orgId")`;

/** Event-type workflows of an organization's team: /v2/organizations/{orgId}/teams/{teamId}/workflows (team admins, org admins). */
@Resolver()
export class TeamWorkflowResolver {
  @Query(() => WorkflowPage, { description: 'Event-type workflows of an organization team (GET /v2/organizations/{orgId}/teams/{teamId}/workflows).' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_READ"]])')
  @Directive(teamWorkflowPbac('workflow.readTeamWorkflows'))
  async teamWorkflows(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WorkflowPage> {
    const [items, total] = await workflowsOf(ctx).list({ orgId, teamId }, 'event-type', page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Workflow, { description: 'One event-type workflow of an organization team.' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_READ"]])')
  @Directive(teamWorkflowPbac('workflow.readTeamWorkflows'))
  teamWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).get({ orgId, teamId }, 'event-type', workflowId);
  }

  @Mutation(() => Workflow, { description: 'Creates an event-type workflow of an organization team.' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.create'))
  createTeamWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateWorkflowInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Workflow> {
    const workflows = workflowsOf(ctx);
    return keyedWrite(
      ctx,
      info,
      (reference) => workflows.recalled({ orgId, teamId }, 'event-type', reference),
      () => workflows.create({ orgId, teamId }, ctx.principal.userId!, input),
    );
  }

  @Mutation(() => Workflow, {
    description: 'Changes an event-type workflow of an organization team; `steps` replaces the steps (a step sent with its id is changed in place).',
  })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.update'))
  updateTeamWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Arg('input') input: UpdateWorkflowInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).update({ orgId, teamId }, workflowId, input);
  }

  @Mutation(() => Workflow, { description: 'Deletes an event-type workflow of an organization team and answers it as it was.' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.delete'))
  deleteTeamWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).remove({ orgId, teamId }, 'event-type', workflowId);
  }

  @Mutation(() => Int, {
    description:
      "Schedules the steps of the team's workflows for a booking event (newEvent, eventCancelled, …); answers how many reminders were scheduled. Called by the booking side.",
  })
  @Directive('@internal')
  scheduleWorkflowReminders(
    @Arg('event') event: string,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('booking', () => GraphQLJSONObject, {
      description: '{uid, title, start, end, timeZone, location, meetingUrl, organizer: {name, email}, attendees: [{name, email, phoneNumber}]}',
    })
    booking: ReminderBooking,
    @Ctx() ctx: SubgraphContext,
  ): Promise<number> {
    return workflowsOf(ctx).scheduleForBooking(event, teamId, eventTypeId, booking);
  }

  @Mutation(() => Int, {
    description: 'Drops the reminders of a booking not sent yet (cancelled, rejected or rescheduled); answers how many. Called by the booking side.',
  })
  @Directive('@internal')
  cancelWorkflowReminders(@Arg('bookingUid') bookingUid: string, @Ctx() ctx: SubgraphContext): Promise<number> {
    return workflowsOf(ctx).cancelForBooking(bookingUid);
  }
}
