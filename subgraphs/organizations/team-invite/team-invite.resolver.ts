import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { TeamRosterChangeService } from '../team-roster-change/team-roster-change.service';
import { Membership } from '../team/membership.entity';
import { TeamInviteService } from './team-invite.service';
import { AcceptTeamInviteInput, RevokedTeamInvites, TeamInviteLink } from './team-invite.types';

/** A link created with an Idempotency-Key is created once: sent again, the same link (platform/keyed-writes.ts). */
function once(ctx: SubgraphContext, info: GraphQLResolveInfo, create: (invites: TeamInviteService) => Promise<TeamInviteLink>): Promise<TeamInviteLink> {
  const invites = new TeamInviteService(ctx.db);
  return keyedWrite(
    ctx,
    info,
    (reference) => Promise.resolve(invites.recalled(reference)),
    () => create(invites),
  );
}

/** Invite links of teams (POST …/invite), their revocation, and joining through one. */
@Resolver()
export class TeamInviteResolver {
  @Mutation(() => TeamInviteLink, { description: 'Creates an invite link for a team (POST /v2/teams/{teamId}/invite): team admins.' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId")')
  createTeamInvite(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<TeamInviteLink> {
    return once(ctx, info, (invites) => invites.create(teamId, null, ctx.principal.userId));
  }

  @Mutation(() => TeamInviteLink, {
    description: 'Creates an invite link for a team of an organization (POST /v2/organizations/{orgId}/teams/{teamId}/invite).',
  })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId", org: "args.orgId")')
  createOrganizationTeamInvite(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TeamInviteLink> {
    return once(ctx, info, (invites) => invites.create(teamId, orgId, ctx.principal.userId));
  }

  @Mutation(() => RevokedTeamInvites, { description: 'Revokes every usable invite link of a team (DELETE /v2/teams/{teamId}/invite).' })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId")')
  async revokeTeamInvites(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<RevokedTeamInvites> {
    return { revoked: await new TeamInviteService(ctx.db).revokeAll(teamId, null) };
  }

  @Mutation(() => RevokedTeamInvites, {
    description: 'Revokes every usable invite link of a team of an organization (DELETE /v2/organizations/{orgId}/teams/{teamId}/invite).',
  })
  @Directive('@scopes(anyOf: [["TEAM_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "team.invite", team: "args.teamId", org: "args.orgId")')
  async revokeOrganizationTeamInvites(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RevokedTeamInvites> {
    return { revoked: await new TeamInviteService(ctx.db).revokeAll(teamId, orgId) };
  }

  @Mutation(() => Membership, {
    description: "Joins the team of an invite link as an accepted MEMBER (POST /v2/teams/invite/accept); answers the caller's membership.",
  })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  async acceptTeamInvite(@Arg('input') input: AcceptTeamInviteInput, @Ctx() ctx: SubgraphContext): Promise<Membership> {
    const { membership, team } = await new TeamInviteService(ctx.db).accept(input.token, ctx.principal.userId!);
    ctx.principalsChanged.add(membership.userId);
    await new TeamRosterChangeService(ctx.db, ctx.graph).dispatchAround(team.parentId ?? team.id);
    return membership;
  }
}
