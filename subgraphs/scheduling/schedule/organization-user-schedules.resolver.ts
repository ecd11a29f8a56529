import { Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { schedulesByOwnerId } from './schedule.loaders';
import { OrganizationUser } from '../organization/organization-user.stub';
import { Schedule } from './schedule.entity';

@Resolver(() => OrganizationUser)
export class OrganizationUserSchedulesResolver {
  @FieldResolver(() => [Schedule], { description: "The member's schedules (GET /v2/organizations/{orgId}/users/{userId}/schedules)." })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_READ"]])')
  @Directive('@pbac(permission: "availability.readOrgAvailability", org: "parent.orgId")')
  schedules(@Root() member: OrganizationUser, @Ctx() ctx: SubgraphContext): Promise<Schedule[]> {
    return schedulesByOwnerId(ctx).load(member.userId);
  }
}
