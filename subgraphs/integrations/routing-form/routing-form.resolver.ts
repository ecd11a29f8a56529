import { GraphQLResolveInfo } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { paginationOf } from '../../../platform/pagination';
import { RoutingFormResponse } from './routing-form-response.entity';
import { RoutingForm } from './routing-form.entity';
import {
  CreateRoutingFormInput,
  RoutingFormFilterArgs,
  RoutingFormListArgs,
  RoutingFormPage,
  RoutingFormResponsePage,
  RoutingFormResult,
  UpdateRoutingFormResponseInput,
} from './routing-form.inputs';
import { FormScope, RoutingFormService, SlotsQuery } from './routing-form.service';

const service = (ctx: SubgraphContext) => new RoutingFormService(ctx);

/** A submission sent with an Idempotency-Key is stored once: sent again, it answers the response stored (platform/keyed-writes.ts). */
function submittedOnce(
  ctx: SubgraphContext,
  info: GraphQLResolveInfo,
  scope: FormScope,
  formId: string,
  input: Record<string, unknown>,
  slotsQuery: SlotsQuery,
): Promise<RoutingFormResult> {
  const forms = service(ctx);
  return keyedWrite(
    ctx,
    info,
    (reference) => forms.recalledResponse(scope, formId, reference, slotsQuery),
    () => forms.createResponse(scope, formId, input, slotsQuery),
  );
}
const pbac = (permission: string) => `@pbac(permission: "${permission}", team: "args.teamId", org: "args.orgId")`;
const READ = '@scopes(anyOf: [["TEAM_ROUTING_FORM_READ"]])';
const WRITE = '@scopes(anyOf: [["TEAM_ROUTING_FORM_WRITE"]])';
const ORG_READ = '@scopes(anyOf: [["ORG_ROUTING_FORM_READ"]])';
const ORG_WRITE = '@scopes(anyOf: [["ORG_ROUTING_FORM_WRITE"]])';
const orgPbac = (permission: string) => `@pbac(permission: "${permission}", org: "args.orgId")`;

/** Routing forms of an organization's team and their responses: /v2/organizations/{orgId}/teams/{teamId}/routing-forms (team admins, org admins). */
@Resolver()
export class TeamRoutingFormResolver {
  @Query(() => RoutingFormPage, { description: "Routing forms of an organization's team (GET /v2/organizations/{orgId}/teams/{teamId}/routing-forms)." })
  @Directive(READ)
  @Directive(pbac('routingForm.read'))
  async routingForms(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() filters: RoutingFormListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormPage> {
    const [items, total] = await service(ctx).listForms({ orgId, teamId }, filters);
    return { items, pagination: paginationOf(total, filters) };
  }

  @Query(() => RoutingForm, { description: 'One routing form of an organization or of one of its teams.' })
  @Directive(READ)
  @Directive(pbac('routingForm.read'))
  routingForm(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('routingFormId') routingFormId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingForm> {
    return service(ctx).getForm({ orgId, teamId }, routingFormId);
  }

  @Mutation(() => RoutingForm, { description: "Creates a routing form of an organization's team (GraphQL only)." })
  @Directive(WRITE)
  @Directive(pbac('routingForm.create'))
  createRoutingForm(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateRoutingFormInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RoutingForm> {
    const forms = service(ctx);
    return keyedWrite(
      ctx,
      info,
      (reference) => forms.recalledForm({ orgId, teamId }, reference),
      () => forms.createForm({ orgId, teamId }, ctx.principal.userId!, input),
    );
  }

  @Query(() => RoutingFormResponsePage, { description: 'Responses of a routing form, filtered and sorted (GET …/routing-forms/{routingFormId}/responses).' })
  @Directive(READ)
  @Directive(pbac('routingForm.readResponsePii'))
  async routingFormResponses(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('routingFormId') routingFormId: string,
    @Args() filters: RoutingFormFilterArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormResponsePage> {
    const [items, total] = await service(ctx).listResponses({ orgId, teamId }, routingFormId, filters);
    return { items, pagination: paginationOf(total, filters) };
  }

  @Mutation(() => RoutingFormResponse, { description: 'Changes answers of a routing form response (PATCH …/responses/{responseId}).' })
  @Directive(WRITE)
  @Directive(pbac('routingForm.update'))
  updateRoutingFormResponse(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('routingFormId') routingFormId: string,
    @Arg('responseId', () => Int) responseId: number,
    @Arg('input') input: UpdateRoutingFormResponseInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormResponse> {
    return service(ctx).updateResponse({ orgId, teamId } as FormScope, routingFormId, responseId, input.response);
  }

  @Mutation(() => RoutingFormResult, {
    description:
      'Submits a routing form: stores the response, evaluates the routes, answers the event type and the routing (and slots with start and end) (POST …/responses).',
  })
  @Directive(WRITE)
  @Directive(pbac('routingForm.create'))
  createRoutingFormResponse(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('routingFormId') routingFormId: string,
    @Arg('input', () => GraphQLJSONObject, { description: 'The answers, by field id or identifier.' }) input: Record<string, unknown>,
    @Arg('start', () => String, { nullable: true }) start: string | null,
    @Arg('end', () => String, { nullable: true }) end: string | null,
    @Arg('timeZone', () => String, { nullable: true }) timeZone: string | null,
    @Arg('duration', () => Int, { nullable: true, description: "The slots' length: one of the event type's lengths (default its own)." })
    duration: number | null,
    @Arg('format', () => String, { nullable: true, description: 'time (default: each slot its start) or range (start and end).' }) format: string | null,
    @Arg('bookingUidToReschedule', () => String, { nullable: true, description: 'A booking being rescheduled: its own time is offered.' })
    bookingUidToReschedule: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RoutingFormResult> {
    return submittedOnce(ctx, info, { orgId, teamId }, routingFormId, input, { start, end, timeZone, duration, format, bookingUidToReschedule });
  }

  @Mutation(() => RoutingFormResponse, { description: 'Links a response to the booking it led to (routedToBookingUid); called by the booking side.' })
  @Directive('@internal')
  linkRoutingFormResponseToBooking(
    @Arg('responseId', () => Int) responseId: number,
    @Arg('bookingUid') bookingUid: string,
    @Arg('eventTypeId', () => Int, { nullable: true, description: "The booking's event type: it must be one the form routes to." }) eventTypeId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormResponse> {
    return service(ctx).linkToBooking(responseId, bookingUid, eventTypeId);
  }
}

/** Routing forms of a whole organization and their responses: /v2/organizations/{orgId}/routing-forms (org admins, ORG_ROUTING_FORM_* scopes). */
@Resolver()
export class OrganizationRoutingFormResolver {
  @Query(() => RoutingFormPage, { description: "Routing forms of an organization, its teams' included (GET /v2/organizations/{orgId}/routing-forms)." })
  @Directive(ORG_READ)
  @Directive(orgPbac('routingForm.read'))
  async organizationRoutingForms(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamIds', () => [Int], { nullable: true, description: 'Only forms of these teams.' }) teamIds: number[] | null,
    @Args() filters: RoutingFormListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormPage> {
    const [items, total] = await service(ctx).listForms({ orgId }, filters, teamIds);
    return { items, pagination: paginationOf(total, filters) };
  }

  @Query(() => RoutingForm, { description: 'One routing form of an organization or of one of its teams.' })
  @Directive(ORG_READ)
  @Directive(orgPbac('routingForm.read'))
  organizationRoutingForm(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('routingFormId') routingFormId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingForm> {
    return service(ctx).getForm({ orgId }, routingFormId);
  }

  @Query(() => RoutingFormResponsePage, { description: 'Responses of a routing form, filtered and sorted (GET …/routing-forms/{routingFormId}/responses).' })
  @Directive(ORG_READ)
  @Directive(orgPbac('routingForm.readResponsePii'))
  async organizationRoutingFormResponses(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('routingFormId') routingFormId: string,
    @Args() filters: RoutingFormFilterArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormResponsePage> {
    const [items, total] = await service(ctx).listResponses({ orgId }, routingFormId, filters);
    return { items, pagination: paginationOf(total, filters) };
  }

  @Mutation(() => RoutingFormResponse, { description: 'Changes answers of a routing form response (PATCH …/responses/{responseId}).' })
  @Directive(ORG_WRITE)
  @Directive(orgPbac('routingForm.update'))
  updateOrganizationRoutingFormResponse(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('routingFormId') routingFormId: string,
    @Arg('responseId', () => Int) responseId: number,
    @Arg('input') input: UpdateRoutingFormResponseInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormResponse> {
    return service(ctx).updateResponse({ orgId }, routingFormId, responseId, input.response);
  }

  @Mutation(() => RoutingFormResult, {
    description:
      'Submits a routing form: stores the response, evaluates the routes, answers the event type and the routing (and slots with start and end) (POST …/responses).',
  })
  @Directive(ORG_WRITE)
  @Directive(orgPbac('routingForm.create'))
  createOrganizationRoutingFormResponse(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('routingFormId') routingFormId: string,
    @Arg('input', () => GraphQLJSONObject, { description: 'The answers, by field id or identifier.' }) input: Record<string, unknown>,
    @Arg('start', () => String, { nullable: true }) start: string | null,
    @Arg('end', () => String, { nullable: true }) end: string | null,
    @Arg('timeZone', () => String, { nullable: true }) timeZone: string | null,
    @Arg('duration', () => Int, { nullable: true, description: "The slots' length: one of the event type's lengths (default its own)." })
    duration: number | null,
    @Arg('format', () => String, { nullable: true, description: 'time (default: each slot its start) or range (start and end).' }) format: string | null,
    @Arg('bookingUidToReschedule', () => String, { nullable: true, description: 'A booking being rescheduled: its own time is offered.' })
    bookingUidToReschedule: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RoutingFormResult> {
    return submittedOnce(ctx, info, { orgId }, routingFormId, input, { start, end, timeZone, duration, format, bookingUidToReschedule });
  }
}
