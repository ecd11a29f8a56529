import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { ApiKeyService } from './api-key.service';

/** Keys another subgraph hands out for a user it created (a managed organization's API user). */
@Resolver()
export class ApiKeyIssueResolver {
  @Mutation(() => String, {
    description: 'Creates an API key for the user and answers the key itself (shown once; only its hash is kept). For other subgraphs only.',
  })
  @Directive('@internal')
  issueApiKey(
    @Arg('userId', () => Int) userId: number,
    @Arg('expiresAt', () => Date, { nullable: true }) expiresAt: Date | null,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<string> {
    const keys = new ApiKeyService(ctx.db);
    // Keyed when the caller passed on its keyed write's key (a managed organization created with an Idempotency-Key).
    return keyedWrite(
      ctx,
      info,
      (reference) => keys.recalled(reference),
      () => keys.issue(userId, { expiresAt, note }),
    );
  }
}
