import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { OrganizationUser } from '../organization/organization-user.stub';
import { organizationRosterOf, teamRosterOf } from '../team/team-directory';
import { Schedule } from './schedule.entity';
import { CreateScheduleInput, SchedulePage, UpdateScheduleInput, weeklyHoursOf } from './schedule.inputs';
import { ScheduleService } from './schedule.service';
import { scheduleCreatedOnce } from './schedule.resolver';

const ORG_READ = '@pbac(permission: "availability.readOrgAvailability", org: "args.orgId")';
const ORG_WRITE = '@pbac(permission: "availability.updateOrgAvailability", org: "args.orgId")';
const TEAM_READ = '@pbac(permission: "availability.readTeamAvailability", team: "args.teamId", org: "args.orgId")';

/** The user, who must be an accepted member of the organization (404 otherwise: non-members' schedules are not the org's). */
async function organizationMember(ctx: SubgraphContext, orgId: number, userId: number): Promise<number> {
  const roster = await organizationRosterOf(ctx, orgId);
  if (!roster.acceptedMemberIds.includes(userId)) throw notFound('User', userId);
  return userId;
}

/**
 * Schedules of other users, for the admins of their organization or team (spec 4.13, 5.3
 * ORG_SCHEDULE_READ/WRITE, TEAM_SCHEDULE_READ): only the schedules of accepted members are reached.
 */
@Resolver(() => OrganizationUser)
export class MemberSchedulesResolver {
  @Query(() => SchedulePage, {
    description: 'Schedules of every member of the organization (GET /v2/organizations/{orgId}/schedules). Organization ADMIN/OWNER.',
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_READ"]])')
  @Directive(ORG_READ)
  async organizationSchedules(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<SchedulePage> {
    const roster = await organizationRosterOf(ctx, orgId);
    const [items, total] = await new ScheduleService(ctx.db).listForOwners(roster.acceptedMemberIds, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => SchedulePage, {
    description:
      'Schedules of every member of the team (GET /v2/teams/{teamId}/schedules, /v2/organizations/{orgId}/teams/{teamId}/schedules). Team ADMIN/OWNER, or organization ADMIN/OWNER on the organization path.',
  })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_READ"]])')
  @Directive(TEAM_READ)
  async teamSchedules(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SchedulePage> {
    const roster = await teamRosterOf(ctx, teamId, orgId);
    const [items, total] = await new ScheduleService(ctx.db).listForOwners(roster.acceptedMemberIds, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => [Schedule], {
    description:
      'Schedules of one member of the team (GET /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules). Team or organization ADMIN/OWNER.',
  })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_READ"]])')
  @Directive(TEAM_READ)
  async teamMemberSchedules(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Schedule[]> {
    const roster = await teamRosterOf(ctx, teamId, orgId);
    if (!roster.acceptedMemberIds.includes(userId)) throw notFound('User', userId);
    return new ScheduleService(ctx.db).forOwners([userId]);
  }

  @FieldResolver(() => Schedule, { description: "One of the member's schedules (GET /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId})." })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_READ"]])')
  @Directive('@pbac(permission: "availability.readOrgAvailability", org: "parent.orgId")')
  schedule(@Root() member: OrganizationUser, @Arg('scheduleId', () => Int) scheduleId: number, @Ctx() ctx: SubgraphContext): Promise<Schedule> {
    return new ScheduleService(ctx.db).getOwned(scheduleId, member.userId);
  }

  @Mutation(() => Schedule, {
    description: 'Creates a schedule for a member of the organization (POST /v2/organizations/{orgId}/users/{userId}/schedules). Organization ADMIN/OWNER.',
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async createOrganizationUserSchedule(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: CreateScheduleInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Schedule> {
    const ownerId = await organizationMember(ctx, orgId, userId);
    return scheduleCreatedOnce(ctx, info, { ...input, availability: weeklyHoursOf(input) ?? undefined, ownerId });
  }

  @Mutation(() => Schedule, {
    description:
      "Changes a member's schedule; omitted fields keep their value (PATCH /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}). Organization ADMIN/OWNER.",
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async updateOrganizationUserSchedule(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('scheduleId', () => Int) scheduleId: number,
    @Arg('input') input: UpdateScheduleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Schedule> {
    const ownerId = await organizationMember(ctx, orgId, userId);
    const { name, timeZone, isDefault, overrides } = input;
    return new ScheduleService(ctx.db).update(scheduleId, ownerId, { name, timeZone, isDefault, overrides, availability: weeklyHoursOf(input) });
  }

  @Mutation(() => Schedule, {
    description:
      "Deletes a member's schedule and answers it (DELETE /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}). Organization ADMIN/OWNER.",
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async deleteOrganizationUserSchedule(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('scheduleId', () => Int) scheduleId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Schedule> {
    const ownerId = await organizationMember(ctx, orgId, userId);
    return new ScheduleService(ctx.db).remove(scheduleId, ownerId);
  }
}
