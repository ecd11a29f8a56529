import { Arg, Ctx, Directive, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { ApiKeyService } from './api-key.service';

/** Keys another subgraph hands out for a user it created (a managed organization's API user). */
@Resolver()
export class ApiKeyIssueResolver {
  @Mutation(() => String, {
    description: 'Creates an API key for the user and answers the key itself (shown once; only its hash is kept). For other subgraphs only.',
  })
  @Directive('@internal')
  async issueApiKey(
    @Arg('userId', () => Int) userId: number,
    @Arg('expiresAt', () => Date, { nullable: true }) expiresAt: Date | null,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string> {
    return (await new ApiKeyService(ctx.db).create(userId, { expiresAt, note })).key;
  }
}
