import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, PageOf, paginationOf } from '../../../platform/pagination';
import { roleById } from '../role/role.loaders';
import { teamById } from '../team/team.loaders';
import { userById } from '../user/user.loaders';
import { Team } from '../team/team.entity';
import { TeamRosterChangeService } from '../team-roster-change/team-roster-change.service';
import { User } from '../user/user.entity';
import { Membership } from '../team/membership.entity';
import { CreateMembershipInput, MembershipFilterArgs, UpdateMembershipInput } from './membership.inputs';
import { actorOf } from './consent';
import { sendInvitation } from './invitation-notice';
import { MembershipAddress, MembershipChange, MembershipService } from './membership.service';

@ObjectType()
export class MembershipPage extends PageOf(Membership) {}

/**
 * The changed members' cached principals must not keep the old role; the team's event types that
 * follow its members (assignAllTeamMembers) are told before the answer (team roster outbox).
 */
export async function changed(ctx: SubgraphContext, change: Promise<MembershipChange>): Promise<Membership> {
  const { membership, userIds, invitation } = await change;
  for (const id of userIds) ctx.principalsChanged.add(id);
  await new TeamRosterChangeService(ctx.db, ctx.graph).dispatchAround(membership.teamId);
  if (invitation) {
    const [invitee, inviter] = await Promise.all([
      userById(ctx).load(membership.userId),
      invitation.invitedBy == null ? null : userById(ctx).load(invitation.invitedBy),
    ]);
    sendInvitation(invitee, invitation.team, membership.role, inviter);
  }
  return membership;
}

/** A membership created with an Idempotency-Key is created once: sent again, the same membership (platform/keyed-writes.ts). */
export function createdOnce(ctx: SubgraphContext, info: GraphQLResolveInfo, address: MembershipAddress, input: CreateMembershipInput): Promise<Membership> {
  const memberships = new MembershipService(ctx.db);
  return changed(
    ctx,
    keyedWrite(
      ctx,
      info,
      (reference) => memberships.recalled(reference),
      () => memberships.create(address, input, actorOf(ctx.principal)),
    ),
  );
}

export async function pageOf(ctx: SubgraphContext, address: MembershipAddress, page: PageArgs, filter: MembershipFilterArgs = {}): Promise<MembershipPage> {
  const [items, total] = await new MembershipService(ctx.db).list(address, page, filter);
  return { items, pagination: paginationOf(total, page) };
}

/** Memberships of a team (`/v2/teams/{teamId}/memberships`) and of a team of an organization (`/v2/organizations/{orgId}/teams/{teamId}/memberships`). Spec 4.12: team admin. */
@Resolver(() => Membership)
export class MembershipResolver {
  @Query(() => MembershipPage, { description: 'Members of a team (GET /v2/teams/{teamId}/memberships).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "team.readMemberships", team: "args.teamId")')
  teamMemberships(
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Args() filter: MembershipFilterArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MembershipPage> {
    return pageOf(ctx, { teamId, orgId: null }, page, filter);
  }

  @Query(() => Membership, { description: 'One membership of a team.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "team.readMemberships", team: "args.teamId")')
  teamMembership(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return new MembershipService(ctx.db).get({ teamId, orgId: null }, membershipId);
  }

  @Mutation(() => Membership, { description: 'Adds a user to a team (POST /v2/teams/{teamId}/memberships).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId", grantsRole: "args.input.role")')
  createTeamMembership(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateMembershipInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Membership> {
    return createdOnce(ctx, info, { teamId, orgId: null }, input);
  }

  @Mutation(() => Membership, {
    description: 'Changes the role, acceptance or impersonation setting of a team membership; the last owner cannot be demoted (CONFLICT).',
  })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.changeMemberRole", team: "args.teamId", grantsRole: "args.input.role")')
  updateTeamMembership(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Arg('input') input: UpdateMembershipInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).update({ teamId, orgId: null }, membershipId, input, actorOf(ctx.principal)));
  }

  @Mutation(() => Membership, { description: 'Removes a member from a team; answers the removed membership. The last owner cannot be removed (CONFLICT).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.remove", team: "args.teamId")')
  removeTeamMembership(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).remove({ teamId, orgId: null }, membershipId));
  }

  @Query(() => MembershipPage, { description: 'Members of a team of an organization (GET /v2/organizations/{orgId}/teams/{teamId}/memberships).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "team.readMemberships", team: "args.teamId", org: "args.orgId")')
  organizationTeamMemberships(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Args() filter: MembershipFilterArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MembershipPage> {
    return pageOf(ctx, { teamId, orgId }, page, filter);
  }

  @Query(() => Membership, { description: 'One membership of a team of an organization.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "team.readMemberships", team: "args.teamId", org: "args.orgId")')
  organizationTeamMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return new MembershipService(ctx.db).get({ teamId, orgId }, membershipId);
  }

  @Mutation(() => Membership, { description: 'Adds a member of the organization to one of its teams.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId", org: "args.orgId", grantsRole: "args.input.role")')
  createOrganizationTeamMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateMembershipInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Membership> {
    return createdOnce(ctx, info, { teamId, orgId }, input);
  }

  @Mutation(() => Membership, { description: 'Changes a membership of a team of an organization; the last owner cannot be demoted (CONFLICT).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.changeMemberRole", team: "args.teamId", org: "args.orgId", grantsRole: "args.input.role")')
  updateOrganizationTeamMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Arg('input') input: UpdateMembershipInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).update({ teamId, orgId }, membershipId, input, actorOf(ctx.principal)));
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
    return changed(ctx, new MembershipService(ctx.db).remove({ teamId, orgId }, membershipId));
  }

  @FieldResolver(() => [String], { nullable: true, description: "Permissions of the member's custom role; null when the membership role decides." })
  async permissions(@Root() membership: Membership, @Ctx() ctx: SubgraphContext): Promise<string[] | null> {
    return membership.customRoleId ? ((await roleById(ctx).load(membership.customRoleId))?.permissions ?? []) : null;
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: 'The member; null for anybody but the member while the membership is an invitation (not accepted).',
  })
  @Directive('@consented(userId: "parent.userId", accepted: "parent.accepted")')
  user(@Root() membership: Membership, @Ctx() ctx: SubgraphContext) {
    return userById(ctx).load(membership.userId);
  }

  @FieldResolver(() => Team)
  team(@Root() membership: Membership, @Ctx() ctx: SubgraphContext) {
    return teamById(ctx).load(membership.teamId);
  }
}
