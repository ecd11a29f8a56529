import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { forbidden, notFound } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { organizationRosterOf, teamDirectoryOf, teamRosterOf } from '../team/team-directory';
import { OutOfOfficeEntry } from './out-of-office.entity';
import { CreateOutOfOfficeInput, OutOfOfficePage, OutOfOfficeSort, UpdateOutOfOfficeInput } from './out-of-office.inputs';
import { CoverCheck, OutOfOfficeService } from './out-of-office.service';
import { UserEmailsDocument } from '../contracts/generated';

const ORG_READ = '@pbac(permission: "ooo.read", org: "args.orgId")';
const ORG_WRITE = '@pbac(permission: "ooo.update", org: "args.orgId")';
const TEAM_READ = '@pbac(permission: "ooo.read", team: "args.teamId", org: "args.orgId")';
const TEAM_WRITE = '@pbac(permission: "ooo.update", team: "args.teamId", org: "args.orgId")';

const service = (ctx: SubgraphContext) => new OutOfOfficeService(ctx.db);

/** The caller may be covered by anyone accepted in one of the teams or organizations they belong to. */
function colleaguesOfCaller(ctx: SubgraphContext): CoverCheck {
  return async (toUserId) => {
    const teams = ctx.principal.memberships.filter((m) => m.accepted).map((m) => m.teamId);
    const rosters = await Promise.all(teams.map((teamId) => teamDirectoryOf(ctx).roster(teamId)));
    return rosters.some((r) => r?.acceptedMemberIds.includes(toUserId));
  };
}

/** The accepted members of the organization; NOT_FOUND when it is none. */
async function membersOf(ctx: SubgraphContext, orgId: number): Promise<number[]> {
  return (await organizationRosterOf(ctx, orgId)).acceptedMemberIds;
}

/** The cover check of a user who is an accepted member (a cover must be one too); `refuse` otherwise. */
function memberOf(members: number[], userId: number, refuse: () => Error): CoverCheck {
  if (!members.includes(userId)) throw refuse();
  return async (toUserId) => members.includes(toUserId);
}

async function organizationMember(ctx: SubgraphContext, orgId: number, userId: number): Promise<CoverCheck> {
  return memberOf(await membersOf(ctx, orgId), userId, () => notFound(`User in organization ${orgId}`, userId));
}

/**
 * A member of the team (of the organization, on the organization's path). Anybody else is a 403, as in the real
 * service (teams-ooo.controller.e2e-spec.ts, "should fail when target user is not in the team"): the same answer
 * whether the user exists or not.
 */
async function teamMember(ctx: SubgraphContext, teamId: number, orgId: number | null | undefined, userId: number): Promise<CoverCheck> {
  const members = (await teamRosterOf(ctx, teamId, orgId)).acceptedMemberIds;
  return memberOf(members, userId, () => forbidden(`User ${userId} is not an accepted member of team ${teamId}`));
}

/**
 * An entry created with an Idempotency-Key is created once: sent again after a lost answer, the same entry, not a 409
 * for its own period (platform/keyed-writes.ts).
 */
function createdOnce(
  ctx: SubgraphContext,
  info: GraphQLResolveInfo,
  userId: number,
  input: CreateOutOfOfficeInput,
  mayCover: CoverCheck,
): Promise<OutOfOfficeEntry> {
  return keyedWrite(
    ctx,
    info,
    (reference) => service(ctx).get(userId, reference.oooId as number),
    () => service(ctx).create(userId, input, mayCover),
  );
}

@Resolver(() => OutOfOfficeEntry)
export class OutOfOfficeResolver {
  @Query(() => OutOfOfficePage, { description: "The caller's out-of-office entries (GET /v2/me/ooo)." })
  @Directive('@scopes(anyOf: [["SCHEDULE_READ"]])')
  async myOutOfOffice(@Args() sort: OutOfOfficeSort, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<OutOfOfficePage> {
    const [items, total] = await service(ctx).list([ctx.principal.userId!], sort, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => OutOfOfficeEntry, { description: 'Creates an out-of-office entry of the caller (POST /v2/me/ooo).' })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  createMyOutOfOffice(@Arg('input') input: CreateOutOfOfficeInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<OutOfOfficeEntry> {
    return createdOnce(ctx, info, ctx.principal.userId!, input, colleaguesOfCaller(ctx));
  }

  @Mutation(() => OutOfOfficeEntry, { description: "Changes one of the caller's out-of-office entries (PATCH /v2/me/ooo/{oooId})." })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  updateMyOutOfOffice(
    @Arg('oooId', () => Int) oooId: number,
    @Arg('input') input: UpdateOutOfOfficeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficeEntry> {
    return service(ctx).update(ctx.principal.userId!, oooId, input, colleaguesOfCaller(ctx));
  }

  @Mutation(() => OutOfOfficeEntry, { description: "Deletes one of the caller's out-of-office entries; answers it as it was (DELETE /v2/me/ooo/{oooId})." })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  deleteMyOutOfOffice(@Arg('oooId', () => Int) oooId: number, @Ctx() ctx: SubgraphContext): Promise<OutOfOfficeEntry> {
    return service(ctx).remove(ctx.principal.userId!, oooId);
  }

  @Query(() => OutOfOfficePage, { description: 'Out-of-office entries of a member of the organization (GET /v2/organizations/{orgId}/users/{userId}/ooo).' })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_READ"]])')
  @Directive(ORG_READ)
  async organizationUserOutOfOffice(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Args() sort: OutOfOfficeSort,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficePage> {
    await organizationMember(ctx, orgId, userId);
    const [items, total] = await service(ctx).list([userId], sort, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => OutOfOfficePage, {
    description: 'Out-of-office entries of every member of the organization, optionally of the member with one e-mail (GET /v2/organizations/{orgId}/ooo).',
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_READ"]])')
  @Directive(ORG_READ)
  async organizationOutOfOffice(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('email', () => String, { nullable: true }) email: string | null | undefined,
    @Args() sort: OutOfOfficeSort,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficePage> {
    let members = await membersOf(ctx, orgId);
    if (email != null && members.length) {
      const { usersById } = await ctx.graph.call(UserEmailsDocument, { ids: members });
      const wanted = email.trim().toLowerCase();
      members = usersById.filter((u) => u.email.toLowerCase() === wanted).map((u) => u.id);
    }
    const [items, total] = await service(ctx).list(members, sort, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => OutOfOfficeEntry, {
    description: 'Creates an out-of-office entry of a member of the organization (POST /v2/organizations/{orgId}/users/{userId}/ooo).',
  })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async createOrganizationUserOutOfOffice(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: CreateOutOfOfficeInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<OutOfOfficeEntry> {
    return createdOnce(ctx, info, userId, input, await organizationMember(ctx, orgId, userId));
  }

  @Mutation(() => OutOfOfficeEntry, { description: 'Changes an out-of-office entry of a member of the organization.' })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async updateOrganizationUserOutOfOffice(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('oooId', () => Int) oooId: number,
    @Arg('input') input: UpdateOutOfOfficeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficeEntry> {
    return service(ctx).update(userId, oooId, input, await organizationMember(ctx, orgId, userId));
  }

  @Mutation(() => OutOfOfficeEntry, { description: 'Deletes an out-of-office entry of a member of the organization; answers it as it was.' })
  @Directive('@scopes(anyOf: [["ORG_SCHEDULE_WRITE"]])')
  @Directive(ORG_WRITE)
  async deleteOrganizationUserOutOfOffice(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('oooId', () => Int) oooId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficeEntry> {
    await organizationMember(ctx, orgId, userId);
    return service(ctx).remove(userId, oooId);
  }

  @Query(() => OutOfOfficePage, {
    description:
      'Out-of-office entries of a member of the team (GET /v2/teams/{teamId}/users/{userId}/ooo, /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo). Team ADMIN/OWNER, or organization ADMIN/OWNER on the organization path.',
  })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_READ"]])')
  @Directive(TEAM_READ)
  async teamUserOutOfOffice(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('userId', () => Int) userId: number,
    @Args() sort: OutOfOfficeSort,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficePage> {
    await teamMember(ctx, teamId, orgId, userId);
    const [items, total] = await service(ctx).list([userId], sort, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => OutOfOfficeEntry, {
    description: 'Creates an out-of-office entry of a member of the team; the cover must be a member of the team (POST /v2/teams/{teamId}/users/{userId}/ooo).',
  })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_WRITE"]])')
  @Directive(TEAM_WRITE)
  async createTeamUserOutOfOffice(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: CreateOutOfOfficeInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<OutOfOfficeEntry> {
    return createdOnce(ctx, info, userId, input, await teamMember(ctx, teamId, orgId, userId));
  }

  @Mutation(() => OutOfOfficeEntry, { description: 'Changes an out-of-office entry of a member of the team.' })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_WRITE"]])')
  @Directive(TEAM_WRITE)
  async updateTeamUserOutOfOffice(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('oooId', () => Int) oooId: number,
    @Arg('input') input: UpdateOutOfOfficeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficeEntry> {
    return service(ctx).update(userId, oooId, input, await teamMember(ctx, teamId, orgId, userId));
  }

  @Mutation(() => OutOfOfficeEntry, { description: 'Deletes an out-of-office entry of a member of the team; answers it as it was.' })
  @Directive('@scopes(anyOf: [["TEAM_SCHEDULE_WRITE"]])')
  @Directive(TEAM_WRITE)
  async deleteTeamUserOutOfOffice(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('oooId', () => Int) oooId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OutOfOfficeEntry> {
    await teamMember(ctx, teamId, orgId, userId);
    return service(ctx).remove(userId, oooId);
  }
}
