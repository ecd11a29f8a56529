import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { PageArgs } from '../../../platform/pagination';
import { Membership } from '../team/membership.entity';
import { CreateMembershipInput, UpdateMembershipInput } from './membership.inputs';
import { changed, createdOnce, MembershipPage, pageOf } from './membership.resolver';
import { actorOf } from './consent';
import { MembershipService } from './membership.service';

/** Memberships of an organization itself (`/v2/organizations/{orgId}/memberships`): organization admins. */
@Resolver(() => Membership)
export class OrganizationMembershipResolver {
  @Query(() => MembershipPage, { description: 'Members of an organization (GET /v2/organizations/{orgId}/memberships).' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "organization.listMembers", org: "args.orgId")')
  organizationMemberships(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<MembershipPage> {
    return pageOf(ctx, { organizationId: orgId }, page);
  }

  @Query(() => Membership, { description: 'One membership of an organization.' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "organization.listMembers", org: "args.orgId")')
  organizationMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return new MembershipService(ctx.db).get({ organizationId: orgId }, membershipId);
  }

  @Mutation(() => Membership, { description: 'Adds an existing user to an organization.' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.invite", org: "args.orgId", grantsRole: "args.input.role")')
  createOrganizationMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateMembershipInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Membership> {
    return createdOnce(ctx, info, { organizationId: orgId }, input);
  }

  @Mutation(() => Membership, { description: 'Changes an organization membership; the last owner cannot be demoted (CONFLICT).' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.changeMemberRole", org: "args.orgId", grantsRole: "args.input.role")')
  updateOrganizationMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Arg('input') input: UpdateMembershipInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).update({ organizationId: orgId }, membershipId, input, actorOf(ctx.principal)));
  }

  @Mutation(() => Membership, {
    description: 'Removes a user from an organization and its teams; answers the removed membership. The last owner cannot be removed (CONFLICT).',
  })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.remove", org: "args.orgId")')
  removeOrganizationMembership(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).remove({ organizationId: orgId }, membershipId));
  }
}
