import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { badInput } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { membershipsByTeamId } from './team.loaders';
import { Membership, MembershipRole } from './membership.entity';
import { Team } from './team.entity';
import { CreateTeamInput, TeamPage, UpdateTeamInput } from './team.inputs';
import { TeamService } from './team.service';

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => TeamPage, { description: 'Teams the caller is a member of (GET /v2/teams).' })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_READ"]])')
  async teams(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<TeamPage> {
    const [items, total] = await new TeamService(ctx.db).listForUser(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Team, { description: 'A team the caller belongs to.' })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_READ"]])')
  @Directive('@pbac(permission: "team.read", roles: ["MEMBER", "ADMIN", "OWNER"], team: "args.teamId")')
  team(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<Team> {
    return new TeamService(ctx.db).getInOrganization(teamId, null);
  }

  @Mutation(() => Team, { description: 'Creates a team; the caller becomes its OWNER (POST /v2/teams).' })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_WRITE"]])')
  async createTeam(@Arg('input') input: CreateTeamInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Team> {
    if (input.timeZone !== undefined && !isIanaTimeZone(input.timeZone)) throw badInput('timeZone', `"${input.timeZone}" is not an IANA time zone`);
    const teams = new TeamService(ctx.db);
    const team = await keyedWrite(
      ctx,
      info,
      (reference) => teams.recalled(reference),
      () => teams.create({ ...input, ownerId: ctx.principal.userId }),
    );
    // Also when the team is recalled: the first run's news of the caller's new membership may have been lost with its answer.
    ctx.principalsChanged.add(ctx.principal.userId!);
    return team;
  }

  @Mutation(() => Team, { description: 'Changes a team (PATCH /v2/teams/{teamId}): team admins.' })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_WRITE"]])')
  @Directive('@pbac(permission: "team.update", team: "args.teamId")')
  async updateTeam(@Arg('teamId', () => Int) teamId: number, @Arg('input') input: UpdateTeamInput, @Ctx() ctx: SubgraphContext): Promise<Team> {
    const teams = new TeamService(ctx.db);
    return teams.update(await teams.getInOrganization(teamId, null), input);
  }

  /**
   * The rule of GET /v2/organizations/{orgId}/teams/{teamId}/memberships (spec 4.12), on every path to a team: an organization
   * MEMBER reaches its teams through `Organization.teams`, a team MEMBER through `team` and `organizationTeam`; neither may list
   * the members. Nullable: a refusal nulls this field only, not the team.
   */
  @FieldResolver(() => [Membership], {
    nullable: true,
    description: 'Members of the team (GET …/teams/{teamId}/memberships): ADMIN/OWNER of the team or of its organization; null with FORBIDDEN for anyone else.',
  })
  @Directive('@pbac(permission: "team.readMemberships", team: "parent.id", org: "parent.managingOrganizationId")')
  members(@Root() team: Team, @Ctx() ctx: SubgraphContext): Promise<Membership[]> {
    return membershipsByTeamId(ctx).load(team.id);
  }

  @FieldResolver(() => MembershipRole, {
    nullable: true,
    description: "The caller's role in this team (GET /v2/organizations/{orgId}/teams/me answers it as `role`); null for a non-member.",
  })
  myRole(@Root() team: Team, @Ctx() ctx: SubgraphContext): MembershipRole | null {
    const role = ctx.principal.memberships.find((m) => m.teamId === team.id)?.role;
    return role ? MembershipRole[role] : null;
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description: "Whether the caller's membership of this team is accepted (`accepted` of …/teams/me); null for a non-member.",
  })
  myMembershipAccepted(@Root() team: Team, @Ctx() ctx: SubgraphContext): boolean | null {
    return ctx.principal.memberships.find((m) => m.teamId === team.id)?.accepted ?? null;
  }
}
