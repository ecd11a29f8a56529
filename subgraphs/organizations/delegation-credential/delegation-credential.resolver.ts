import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Int, Mutation, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { DelegationCredential, WorkspacePlatform } from './delegation-credential.entity';
import { CreateDelegationCredentialInput, UpdateDelegationCredentialInput } from './delegation-credential.inputs';
import { DelegationCredentialService, workspacePlatformOf } from './delegation-credential.service';

/** Spec 4.3: role org admin, PBAC organization.update; no OAuth scope of 5.3 covers it. */
const RULE = '@pbac(permission: "organization.update", org: "args.orgId")';

@Resolver(() => DelegationCredential)
export class DelegationCredentialResolver {
  @Mutation(() => DelegationCredential, { description: 'Creates a delegation credential, disabled (POST /v2/organizations/{orgId}/delegation-credentials).' })
  @Directive(RULE)
  createDelegationCredential(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateDelegationCredentialInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<DelegationCredential> {
    const credentials = new DelegationCredentialService(ctx.db);
    // Sent again with its Idempotency-Key after a lost answer: the credential it made, not a 409 for its domain. The
    // answer shows no key (it is kept sealed, never answered), so the recall has no secret to give back.
    return keyedWrite(
      ctx,
      info,
      (reference) => credentials.get(orgId, reference.credentialId as string),
      () => credentials.create(orgId, input),
    );
  }

  @Mutation(() => DelegationCredential, {
    description: 'Enables, disables or gives a new key to a delegation credential (PATCH /v2/organizations/{orgId}/delegation-credentials/{credentialId}).',
  })
  @Directive(RULE)
  updateDelegationCredential(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('credentialId') credentialId: string,
    @Arg('input') input: UpdateDelegationCredentialInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DelegationCredential> {
    return new DelegationCredentialService(ctx.db).update(orgId, credentialId, input);
  }

  @FieldResolver(() => WorkspacePlatform)
  workspacePlatform(@Root() credential: DelegationCredential): WorkspacePlatform {
    return workspacePlatformOf(credential);
  }
}
