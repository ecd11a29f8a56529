import { Arg, Args, Ctx, Directive, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { PageArgs, PageOf, paginationOf } from '../../kit/pagination';
import { roleById, teamById, userById } from '../loaders';
import { Team } from '../team/team.entity';
import { User } from '../user/user.entity';
import { Membership } from './membership.entity';
import { MembershipService } from './membership.service';

@ObjectType()
export class MembershipPage extends PageOf(Membership) {}

/** The removed member's cached principal must not keep the role. */
async function removed(ctx: SubgraphContext, removal: Promise<Membership>): Promise<Membership> {
  const membership = await removal;
  ctx.principalsChanged.add(membership.userId);
  return membership;
}

@Resolver(() => Membership)
export class MembershipResolver {
  @Query(() => MembershipPage, { description: 'Members of a team of an organization (GET /v2/organizations/{orgId}/teams/{teamId}/memberships).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "team.readMemberships", team: "args.teamId", org: "args.orgId")')
  async organizationTeamMemberships(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MembershipPage> {
    const [items, total] = await new MembershipService(ctx.db).listForTeam(teamId, orgId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => Membership, { description: 'Removes a member from a team; answers the removed membership.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.remove", team: "args.teamId")')
  removeTeamMembership(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return removed(ctx, new MembershipService(ctx.db).remove(teamId, membershipId, null));
  }

  @Mutation(() => Membership, { description: 'Removes a member from a team of an organization; answers the removed membership.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.remove", team: "args.teamId", org: "args.orgId")')
  removeOrganizationTeamMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return removed(ctx, new MembershipService(ctx.db).remove(teamId, membershipId, orgId));
  }

  @FieldResolver(() => [String], { nullable: true, description: "Permissions of the member's custom role; null when the membership role decides." })
  async permissions(@Root() membership: Membership, @Ctx() ctx: SubgraphContext): Promise<string[] | null> {
    return membership.customRoleId ? ((await roleById(ctx).load(membership.customRoleId))?.permissions ?? []) : null;
  }

  @FieldResolver(() => User)
  user(@Root() membership: Membership, @Ctx() ctx: SubgraphContext) {
    return userById(ctx).load(membership.userId);
  }

  @FieldResolver(() => Team)
  team(@Root() membership: Membership, @Ctx() ctx: SubgraphContext) {
    return teamById(ctx).load(membership.teamId);
  }
}
