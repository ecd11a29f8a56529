import { Arg, Ctx, Directive, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
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
  ): Promise<DelegationCredential> {
    return new DelegationCredentialService(ctx.db).create(orgId, input);
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
