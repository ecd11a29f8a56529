import { Arg, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { SignUpInvitationService } from './sign-up-invitation.service';
import { SignUpLink } from './sign-up-link.type';

/**
 * The link of the sign-up e-mail to an account an organization made, for the set-password page under /auth, which the
 * oauth subgraph serves through these @internal fields (users and their passwords are owned here).
 */
@Resolver(() => SignUpLink)
export class SignUpInvitationResolver {
  @Query(() => SignUpLink, { description: 'What a sign-up link stands for (the set-password page). For other subgraphs only.' })
  @Directive('@internal')
  signUpLink(@Arg('token') token: string, @Ctx() ctx: SubgraphContext): Promise<SignUpLink> {
    return new SignUpInvitationService(ctx.db).inspect(token);
  }

  @Mutation(() => SignUpLink, {
    description:
      "Sets the account's password with its sign-up link when the link is VALID, and uses the link up; answers the link as it was found (password rule broken: BAD_USER_INPUT, the link stays valid). For other subgraphs only.",
  })
  @Directive('@internal')
  useSignUpLink(@Arg('token') token: string, @Arg('password') password: string, @Ctx() ctx: SubgraphContext): Promise<SignUpLink> {
    return new SignUpInvitationService(ctx.db).redeem(token, password);
  }
}
