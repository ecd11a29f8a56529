import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Int, Mutation, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { EventType } from './event-type.entity';
import { teamDirectoryOf } from '../team/team-directory';
import { BookingFieldService } from './booking-field.service';
import { BookingField, BookingFieldsInput, BookingFieldSourceKind } from '../booking-field/booking-field.type';

const service = (ctx: SubgraphContext) => new BookingFieldService(ctx.db, teamDirectoryOf(ctx));
const ORG_ID = { nullable: true, description: 'The organization, when the team is addressed inside it.' };

/** Booking fields of a team event type (spec 4.4, svc-api-version 2026-06-12): team admins. */
@Resolver(() => BookingField)
export class BookingFieldResolver {
  @Mutation(() => EventType, {
    description: 'Adds custom booking fields to a team event type (POST /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields).',
  })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  addTeamEventTypeBookingFields(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: BookingFieldsInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EventType> {
    // Sent again with its Idempotency-Key after a lost answer: the event type with the fields it added, not a 409 for them.
    return keyedWrite(
      ctx,
      info,
      () => service(ctx).recalled({ teamId, orgId }, eventTypeId),
      () => service(ctx).add({ teamId, orgId }, eventTypeId, input.bookingFields),
    );
  }

  @Mutation(() => EventType, {
    description: 'Replaces the booking fields of a team event type (PUT /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields).',
  })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  replaceTeamEventTypeBookingFields(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: BookingFieldsInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    return service(ctx).replace({ teamId, orgId }, eventTypeId, input.bookingFields);
  }

  @FieldResolver(() => Boolean, { description: 'True for the default fields every booking form has.' })
  isDefault(@Root() field: BookingField): boolean {
    return field.source === BookingFieldSourceKind.DEFAULT;
  }
}
