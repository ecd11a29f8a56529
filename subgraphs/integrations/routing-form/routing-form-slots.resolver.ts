import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Directive, Field, FieldResolver, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { RoutingFormService } from './routing-form.service';

/** A routing form addressed by its id alone (POST /v2/routing-forms/{routingFormId}/…): who owns it, for the nested field's PBAC. */
@ObjectType({ description: "A routing form addressed by id; the fields below it check the caller's role on its team or organization." })
export class RoutingFormTarget {
  @Field() id: string;
  /** Read by the nested fields' @pbac (parent.teamId, parent.organizationId); not GraphQL fields. */
  teamId: number | null;
  organizationId: number | null;
}

@ObjectType({ description: "The event type a response is routed to and its slots (the reference's ResponseSlotsOutputData)." })
export class RoutingFormSlots {
  @Field(() => Int) eventTypeId: number;
  @Field(() => GraphQLJSONObject, { description: 'Slots by date, as GET /v2/slots answers them (format time or range).' }) slots: Record<string, unknown>;
}

const WRITE = '@scopes(anyOf: [["TEAM_ROUTING_FORM_WRITE"]])';

/** POST /v2/routing-forms/{routingFormId}/calculate-slots: the form's owners (team admins, org admins) evaluate a response without storing it. */
@Resolver(() => RoutingFormTarget)
export class RoutingFormSlotsResolver {
  @Mutation(() => RoutingFormTarget, { description: 'A routing form by id; its fields check who may use it.' })
  @Directive(WRITE)
  routingFormById(@Arg('routingFormId') routingFormId: string, @Ctx() ctx: SubgraphContext): Promise<RoutingFormTarget> {
    return new RoutingFormService(ctx).target(routingFormId, ctx.principal.memberships);
  }

  @FieldResolver(() => RoutingFormSlots, {
    description:
      "Evaluates the routes for the response (nothing is stored) and answers the routed event type's slots (POST /v2/routing-forms/{routingFormId}/calculate-slots).",
  })
  @Directive(WRITE)
  @Directive('@pbac(permission: "routingForm.create", team: "parent.teamId", org: "parent.organizationId")')
  calculateSlots(
    @Root() form: RoutingFormTarget,
    @Arg('input', () => GraphQLJSONObject, { nullable: true, description: 'The answers, by field id or identifier.' }) input: Record<string, unknown> | null,
    @Arg('start', () => String, { nullable: true, description: 'Required: YYYY-MM-DD or ISO 8601 (UTC).' }) start: string | null,
    @Arg('end', () => String, { nullable: true, description: 'Required: YYYY-MM-DD or ISO 8601 (UTC).' }) end: string | null,
    @Arg('timeZone', () => String, { nullable: true }) timeZone: string | null,
    @Arg('duration', () => Int, { nullable: true }) duration: number | null,
    @Arg('format', () => String, { nullable: true, description: 'time (default) or range.' }) format: string | null,
    @Arg('bookingUidToReschedule', () => String, { nullable: true }) bookingUidToReschedule: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RoutingFormSlots> {
    return new RoutingFormService(ctx).calculateSlots(form.id, input ?? {}, { start, end, timeZone, duration, format, bookingUidToReschedule });
  }
}
