import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { conflictOfCall, keyedWrite, writeKeyForCall } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { UpdateManagedOrganizationInput, CreateManagedOrganizationInput } from './managed-organization.inputs';
import { IssueApiKey, MANAGED_ORGANIZATIONS_TAKE, ManagedOrganizationService } from './managed-organization.service';
import { ManagedOrganization, ManagedOrganizationPage, ManagedOrganizationWithApiKey } from './managed-organization.types';
import { IssueApiKeyDocument } from '../contracts/generated';

/** The reference's "Managed Orgs": ORG_ADMIN of the managing organization; no OAuth scope of 5.3 covers them (API keys only). */
const rule = (action: string) => `@pbac(permission: "managedOrganization.${action}", org: "args.orgId")`;

/** Keys are the oauth subgraph's: in a keyed creation (Idempotency-Key), the call is keyed too, for the API user. */
function issuer(ctx: SubgraphContext): IssueApiKey {
  return async (userId, expiresAt, note) => {
    const variables = { userId, expiresAt: expiresAt?.toISOString() ?? null, note };
    const issued = await ctx.graph.call(IssueApiKeyDocument, variables, { writeKey: writeKeyForCall(`user ${userId}`) }).catch((error: unknown) => {
      throw conflictOfCall(error, 'The API key this Idempotency-Key created was revoked or has expired since');
    });
    return issued.issueApiKey;
  };
}

@Resolver()
export class ManagedOrganizationResolver {
  @Mutation(() => ManagedOrganizationWithApiKey, {
    description: 'Creates an organization managed by this one, with an API key of its own (POST /v2/organizations/{orgId}/organizations).',
  })
  @Directive(rule('create'))
  async createManagedOrganization(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateManagedOrganizationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ManagedOrganizationWithApiKey> {
    const organizations = new ManagedOrganizationService(ctx.db);
    const { org, apiKey, expiresAt } = await keyedWrite(
      ctx,
      info,
      (reference) => organizations.recalled(orgId, reference, issuer(ctx)),
      () => organizations.create(orgId, input, issuer(ctx)),
    );
    return Object.assign(new ManagedOrganizationWithApiKey(), ManagedOrganization.of(org), { apiKey, apiKeyExpiresAt: expiresAt });
  }

  @Query(() => ManagedOrganizationPage, {
    description: 'Organizations managed by this one (GET /v2/organizations/{orgId}/organizations); take defaults to 250 here, as the reference.',
  })
  @Directive(rule('read'))
  async managedOrganizations(
    @Arg('orgId', () => Int) orgId: number,
    @Args() page: PageArgs,
    @Arg('slug', () => String, { nullable: true }) slug: string | null,
    @Arg('metadataKey', () => String, { nullable: true }) metadataKey: string | null,
    @Arg('metadataValue', () => String, { nullable: true }) metadataValue: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedOrganizationPage> {
    const window = { take: page.take ?? MANAGED_ORGANIZATIONS_TAKE, skip: page.skip };
    const [items, total] = await new ManagedOrganizationService(ctx.db).list(orgId, window, { slug, metadataKey, metadataValue });
    return { items: items.map(ManagedOrganization.of), pagination: paginationOf(total, window) };
  }

  @Query(() => ManagedOrganization, { description: 'One organization managed by this one.' })
  @Directive(rule('read'))
  async managedOrganization(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('managedOrganizationId', () => Int) managedOrganizationId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedOrganization> {
    return ManagedOrganization.of(await new ManagedOrganizationService(ctx.db).get(orgId, managedOrganizationId));
  }

  @Mutation(() => ManagedOrganization, { description: 'Renames a managed organization or replaces its metadata.' })
  @Directive(rule('update'))
  async updateManagedOrganization(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('managedOrganizationId', () => Int) managedOrganizationId: number,
    @Arg('input') input: UpdateManagedOrganizationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedOrganization> {
    return ManagedOrganization.of(await new ManagedOrganizationService(ctx.db).update(orgId, managedOrganizationId, input));
  }

  @Mutation(() => ManagedOrganization, { description: 'Deletes a managed organization (without teams) and its API user; answers it as it was.' })
  @Directive(rule('delete'))
  async deleteManagedOrganization(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('managedOrganizationId', () => Int) managedOrganizationId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedOrganization> {
    const { org, apiUserId } = await new ManagedOrganizationService(ctx.db).remove(orgId, managedOrganizationId);
    if (apiUserId != null) ctx.principalsChanged.add(apiUserId);
    return ManagedOrganization.of(org);
  }
}
