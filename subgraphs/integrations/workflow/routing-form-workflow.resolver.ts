import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Workflow } from '../workflow-record/workflow.entity';
import { CreateRoutingFormWorkflowInput, UpdateRoutingFormWorkflowInput, WorkflowPage } from './workflow.inputs';
import { teamWorkflowPbac, workflowsOf } from './workflow.resolver';

/**
 * Routing-form workflows of an organization's team: /v2/organizations/{orgId}/teams/{teamId}/workflows/routing-form
 * and …/workflows/{workflowId}/routing-form (team admins, org admins; the scopes and permissions of the event-type ones).
 */
@Resolver()
export class TeamRoutingFormWorkflowResolver {
  @Query(() => WorkflowPage, { description: 'Routing-form workflows of an organization team (GET …/teams/{teamId}/workflows/routing-form).' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_READ"]])')
  @Directive(teamWorkflowPbac('workflow.readTeamWorkflows'))
  async teamRoutingFormWorkflows(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WorkflowPage> {
    const [items, total] = await workflowsOf(ctx).list({ orgId, teamId }, 'routing-form', page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Workflow, { description: 'One routing-form workflow of an organization team.' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_READ"]])')
  @Directive(teamWorkflowPbac('workflow.readTeamWorkflows'))
  teamRoutingFormWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).get({ orgId, teamId }, 'routing-form', workflowId);
  }

  @Mutation(() => Workflow, { description: 'Creates a routing-form workflow of an organization team (trigger formSubmitted or formSubmittedNoEvent).' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.create'))
  createTeamRoutingFormWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateRoutingFormWorkflowInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Workflow> {
    const workflows = workflowsOf(ctx);
    return keyedWrite(
      ctx,
      info,
      (reference) => workflows.recalled({ orgId, teamId }, 'routing-form', reference),
      () => workflows.createForRoutingForms({ orgId, teamId }, ctx.principal.userId!, input),
    );
  }

  @Mutation(() => Workflow, {
    description: 'Changes a routing-form workflow of an organization team; `steps` replaces the steps (a step sent with its id is changed in place).',
  })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.update'))
  updateTeamRoutingFormWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Arg('input') input: UpdateRoutingFormWorkflowInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).updateForRoutingForms({ orgId, teamId }, workflowId, input);
  }

  @Mutation(() => Workflow, { description: 'Deletes a routing-form workflow of an organization team and answers it as it was.' })
  @Directive('@scopes(anyOf: [["TEAM_WORKFLOW_WRITE"]])')
  @Directive(teamWorkflowPbac('workflow.delete'))
  deleteTeamRoutingFormWorkflow(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('workflowId', () => Int) workflowId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Workflow> {
    return workflowsOf(ctx).remove({ orgId, teamId }, 'routing-form', workflowId);
  }
}
