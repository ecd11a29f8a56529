import { Arg, Ctx, Directive, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { ResolvedCredential } from './credential.type';
import { CredentialService } from './credential.service';
import { User } from './user.stub';

@Resolver(() => ResolvedCredential)
export class CredentialResolver {
  @Query(() => ResolvedCredential, { nullable: true, description: 'Resolves `Authorization: Bearer <secret>`; null for an unknown, revoked or expired secret.' })
  @Directive('@internal')
  credential(@Arg('secret') secret: string, @Ctx() ctx: SubgraphContext): Promise<ResolvedCredential | null> {
    return new CredentialService(ctx.db).resolve(secret);
  }

  @FieldResolver(() => User)
  user(@Root() credential: ResolvedCredential): User {
    return { id: credential.userId };
  }
}
