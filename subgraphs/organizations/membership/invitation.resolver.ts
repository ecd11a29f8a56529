import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Membership } from '../team/membership.entity';
import { changed } from './membership.resolver';
import { MembershipService } from './membership.service';

/**
 * A person's answer to the memberships others gave them (consent.ts): with their own credential
 * (`/v2/me/memberships/{membershipId}/accept|decline`), or on the invitations page under /auth, which
 * the oauth subgraph serves for the signed-in user through the @internal fields.
 */
@Resolver(() => Membership)
export class InvitationResolver {
  @Mutation(() => Membership, {
    description: 'Accepts one of my memberships that waits for my answer (POST /v2/me/memberships/{membershipId}/accept); from then on the team sees my data.',
  })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  acceptMyMembership(@Arg('membershipId', () => Int) membershipId: number, @Ctx() ctx: SubgraphContext): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).answerInvitation(ctx.principal.userId!, membershipId, true));
  }

  @Mutation(() => Membership, {
    description: 'Declines (removes) one of my memberships that waits for my answer (POST /v2/me/memberships/{membershipId}/decline).',
  })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  declineMyMembership(@Arg('membershipId', () => Int) membershipId: number, @Ctx() ctx: SubgraphContext): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).answerInvitation(ctx.principal.userId!, membershipId, false));
  }

  @Query(() => [Membership], { description: "The user's memberships waiting for their answer (the invitations page). For other subgraphs only." })
  @Directive('@internal')
  membershipInvitations(@Arg('userId', () => Int) userId: number, @Ctx() ctx: SubgraphContext): Promise<Membership[]> {
    return new MembershipService(ctx.db).invitationsOf(userId);
  }

  @Mutation(() => Membership, {
    description: "The signed-in user's answer on the invitations page (the oauth subgraph has checked the session). For other subgraphs only.",
  })
  @Directive('@internal')
  answerMembershipInvitation(
    @Arg('userId', () => Int) userId: number,
    @Arg('membershipId', () => Int) membershipId: number,
    @Arg('accept') accept: boolean,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    return changed(ctx, new MembershipService(ctx.db).answerInvitation(userId, membershipId, accept));
  }
}
