import { Arg, Ctx, Directive, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { ResolvedCredential } from './credential.type';
import { CredentialService } from './credential.service';
import { User } from '../user/user.stub';

@Resolver(() => ResolvedCredential)
export class CredentialResolver {
  @Query(() => ResolvedCredential, {
    nullable: true,
    description: 'Resolves `Authorization: Bearer <secret>` (API key or OAuth access token); null for an unknown, revoked or expired secret.',
  })
  @Directive('@internal')
  credential(@Arg('secret') secret: string, @Ctx() ctx: SubgraphContext): Promise<ResolvedCredential | null> {
    return new CredentialService(ctx.db).resolve(secret);
  }

  @Query(() => ResolvedCredential, {
    nullable: true,
    description: 'Resolves the platform headers x-svc-client-id + x-svc-secret-key; null unless they name an approved confidential client and its secret.',
  })
  @Directive('@internal')
  platformCredential(@Arg('clientId') clientId: string, @Arg('secretKey') secretKey: string, @Ctx() ctx: SubgraphContext): Promise<ResolvedCredential | null> {
    return new CredentialService(ctx.db).resolvePlatform(clientId, secretKey);
  }

  @FieldResolver(() => User)
  user(@Root() credential: ResolvedCredential): User {
    return { id: credential.userId };
  }
}
