import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PhoneCall } from './phone-call.entity';
import { CreatePhoneCallInput } from './phone-call.inputs';
import { PhoneCallService } from './phone-call.service';

/**
 * Spec 4.5: POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call, and the
 * reference's team path /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call (without `orgId`).
 */
@Resolver(() => PhoneCall)
export class PhoneCallResolver {
  @Mutation(() => PhoneCall, { description: 'Places a phone call for a team event type with the call provider (spec 4.5); answers its callId and agentId.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  createTeamEventTypePhoneCall(
    @Arg('orgId', () => Int, {
      nullable: true,
      description: 'The organization, on /v2/organizations/{orgId}/teams/{teamId}/…: its admins may act too, and the team must be one of its teams.',
    })
    orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: CreatePhoneCallInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PhoneCall> {
    const calls = new PhoneCallService(ctx);
    const address = { orgId, teamId, eventTypeId };
    // Sent again with its Idempotency-Key after a lost answer: the call placed, not a second call.
    return keyedWrite(
      ctx,
      info,
      (reference) => calls.recalled(address, reference),
      () => calls.create(address, input),
    );
  }
}
