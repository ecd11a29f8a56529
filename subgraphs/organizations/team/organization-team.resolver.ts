import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Team } from './team.entity';
import { CreateOrganizationTeamInput, TeamPage, UpdateTeamInput } from './team.inputs';
import { TeamService } from './team.service';

/** Teams of an organization (`/v2/organizations/{orgId}/teams…`): organization admins manage them, team admins their own. */
@Resolver(() => Team)
export class OrganizationTeamResolver {
  @Query(() => TeamPage, { description: 'Every team of the organization (GET /v2/organizations/{orgId}/teams): organization admins.' })
  @Directive('@scopes(anyOf: [["ORG_PROFILE_READ"]])')
  @Directive('@pbac(permission: "team.read", org: "args.orgId")')
  async organizationTeams(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<TeamPage> {
    const teams = new TeamService(ctx.db);
    await teams.getOrganization(orgId);
    const [items, total] = await teams.listForOrganization(orgId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => TeamPage, { description: 'Teams of the organization the caller is an accepted member of (GET /v2/organizations/{orgId}/teams/me).' })
  @Directive('@scopes(anyOf: [["ORG_PROFILE_READ"]])')
  @Directive('@pbac(permission: "organization.read", roles: ["MEMBER", "ADMIN", "OWNER"], org: "args.orgId")')
  async myOrganizationTeams(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<TeamPage> {
    const teams = new TeamService(ctx.db);
    await teams.getOrganization(orgId);
    const [items, total] = await teams.listForOrganization(orgId, page, ctx.principal.userId!);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Team, {
    description:
      'A team of the organization (GET /v2/organizations/{orgId}/teams/{teamId}): its members, or organization ADMIN/OWNER (not every organization member).',
  })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_READ"]])')
  @Directive('@pbac(permission: "team.read", roles: ["MEMBER", "ADMIN", "OWNER"], orgRoles: ["ADMIN", "OWNER"], team: "args.teamId", org: "args.orgId")')
  organizationTeam(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<Team> {
    return new TeamService(ctx.db).getInOrganization(teamId, orgId);
  }

  @Mutation(() => Team, { description: 'Creates a team in the organization; the caller becomes its OWNER (POST /v2/organizations/{orgId}/teams).' })
  @Directive('@scopes(anyOf: [["ORG_PROFILE_WRITE"]])')
  @Directive('@pbac(permission: "team.create", org: "args.orgId")')
  async createOrganizationTeam(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateOrganizationTeamInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Team> {
    const { autoAcceptCreator, ...fields } = input;
    const teams = new TeamService(ctx.db);
    const create = () =>
      teams.create({
        ...fields,
        bio: fields.bio ?? null,
        parentId: orgId,
        ownerId: ctx.principal.userId,
        ownerAccepted: autoAcceptCreator ?? true,
      });
    const team = await keyedWrite(ctx, info, (reference) => teams.recalled(reference), create);
    ctx.principalsChanged.add(ctx.principal.userId!);
    return team;
  }

  @Mutation(() => Team, { description: 'Changes a team of the organization (PATCH /v2/organizations/{orgId}/teams/{teamId}): organization ADMIN/OWNER.' })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_WRITE"]])')
  @Directive('@pbac(permission: "team.update", org: "args.orgId")')
  async updateOrganizationTeam(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: UpdateTeamInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Team> {
    const teams = new TeamService(ctx.db);
    return teams.update(await teams.getInOrganization(teamId, orgId), input);
  }
}
