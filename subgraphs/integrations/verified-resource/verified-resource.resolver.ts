import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { notFound } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { VerifiedEmail, VerifiedPhone } from './verified-resource.entity';
import {
  RequestEmailVerificationInput,
  RequestPhoneVerificationInput,
  VerifiedEmailPage,
  VerifiedPhonePage,
  VerifyEmailInput,
  VerifyPhoneInput,
} from './verified-resource.inputs';
import { normalisedEmail, normalisedPhone, ResourceOwner, VerifiedResourceService } from './verified-resource.service';
import { VerifiedResourcesTeamDocument } from '../contracts/generated';

const service = (ctx: SubgraphContext) => new VerifiedResourceService(ctx.db);
/** A code requested with an Idempotency-Key is sent once: sent again, the request answers true without a second message (platform/keyed-writes.ts). */
const requestedOnce = (ctx: SubgraphContext, info: GraphQLResolveInfo, request: () => Promise<boolean>) =>
  keyedWrite(ctx, info, () => Promise.resolve(true), request);
const me = (ctx: SubgraphContext): ResourceOwner => ({ userId: ctx.principal.userId! });

const USER_READ = '@scopes(anyOf: [["VERIFIED_RESOURCES_READ"]])';
const USER_WRITE = '@scopes(anyOf: [["VERIFIED_RESOURCES_WRITE"]])';
const TEAM_READ = '@scopes(anyOf: [["TEAM_VERIFIED_RESOURCES_READ"]])';
const TEAM_WRITE = '@scopes(anyOf: [["TEAM_VERIFIED_RESOURCES_WRITE"]])';
const TEAM_PBAC_READ = '@pbac(permission: "verifiedResource.read", team: "args.teamId")';
const TEAM_PBAC_WRITE = '@pbac(permission: "verifiedResource.create", team: "args.teamId")';
/** An org admin manages the organization's teams (decisions: either role suffices under /organizations/{orgId}/teams/{teamId}). */
const ORG_TEAM_PBAC_READ = '@pbac(permission: "verifiedResource.read", team: "args.teamId", org: "args.orgId")';
const ORG_TEAM_PBAC_WRITE = '@pbac(permission: "verifiedResource.create", team: "args.teamId", org: "args.orgId")';

/** The team as an owner, once it is known to belong to the organization of the path (else NOT_FOUND). */
async function orgTeam(ctx: SubgraphContext, orgId: number, teamId: number): Promise<ResourceOwner> {
  const { teamRoster } = await ctx.graph.call(VerifiedResourcesTeamDocument, { teamId });
  if (!teamRoster || teamRoster.parentId !== orgId) throw notFound(`Team in organization ${orgId}`, teamId);
  return { teamId };
}

/** /v2/verified-resources/…: the caller's own e-mails and phone numbers. */
@Resolver()
export class UserVerifiedResourceResolver {
  @Mutation(() => Boolean, { description: 'Sends a verification code to an e-mail address of the caller.' })
  @Directive(USER_WRITE)
  requestMyEmailVerificationCode(
    @Arg('input') input: RequestEmailVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, () => service(ctx).requestCode(me(ctx), 'email', normalisedEmail(input.email)));
  }

  @Mutation(() => Boolean, { description: 'Sends a verification code by text message to a phone number of the caller.' })
  @Directive(USER_WRITE)
  requestMyPhoneVerificationCode(
    @Arg('input') input: RequestPhoneVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, () => service(ctx).requestCode(me(ctx), 'phone', normalisedPhone(input.phone)));
  }

  @Mutation(() => VerifiedEmail, { description: 'Verifies an e-mail address with the code sent to it.' })
  @Directive(USER_WRITE)
  async verifyMyEmail(@Arg('input') input: VerifyEmailInput, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmail> {
    return (await service(ctx).verify(me(ctx), 'email', normalisedEmail(input.email), input.code)) as VerifiedEmail;
  }

  @Mutation(() => VerifiedPhone, { description: 'Verifies a phone number with the code sent to it.' })
  @Directive(USER_WRITE)
  async verifyMyPhone(@Arg('input') input: VerifyPhoneInput, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhone> {
    return (await service(ctx).verify(me(ctx), 'phone', normalisedPhone(input.phone), input.code)) as VerifiedPhone;
  }

  @Query(() => VerifiedEmailPage, { description: "The caller's verified e-mail addresses." })
  @Directive(USER_READ)
  async myVerifiedEmails(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmailPage> {
    const [items, total] = await service(ctx).emails(me(ctx), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedPhonePage, { description: "The caller's verified phone numbers." })
  @Directive(USER_READ)
  async myVerifiedPhones(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhonePage> {
    const [items, total] = await service(ctx).phones(me(ctx), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedEmail, { description: "One of the caller's verified e-mail addresses." })
  @Directive(USER_READ)
  myVerifiedEmail(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmail> {
    return service(ctx).email(me(ctx), id);
  }

  @Query(() => VerifiedPhone, { description: "One of the caller's verified phone numbers." })
  @Directive(USER_READ)
  myVerifiedPhone(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhone> {
    return service(ctx).phone(me(ctx), id);
  }
}

/** /v2/teams/{teamId}/verified-resources/…: a team's, for its admins. */
@Resolver()
export class TeamVerifiedResourceResolver {
  @Mutation(() => Boolean, { description: 'Sends a verification code to an e-mail address of the team.' })
  @Directive(TEAM_WRITE)
  @Directive(TEAM_PBAC_WRITE)
  requestTeamEmailVerificationCode(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: RequestEmailVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, () => service(ctx).requestCode({ teamId }, 'email', normalisedEmail(input.email)));
  }

  @Mutation(() => Boolean, { description: 'Sends a verification code by text message to a phone number of the team.' })
  @Directive(TEAM_WRITE)
  @Directive(TEAM_PBAC_WRITE)
  requestTeamPhoneVerificationCode(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: RequestPhoneVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, () => service(ctx).requestCode({ teamId }, 'phone', normalisedPhone(input.phone)));
  }

  @Mutation(() => VerifiedEmail, { description: 'Verifies an e-mail address of the team with the code sent to it.' })
  @Directive(TEAM_WRITE)
  @Directive(TEAM_PBAC_WRITE)
  async verifyTeamEmail(@Arg('teamId', () => Int) teamId: number, @Arg('input') input: VerifyEmailInput, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmail> {
    return (await service(ctx).verify({ teamId }, 'email', normalisedEmail(input.email), input.code)) as VerifiedEmail;
  }

  @Mutation(() => VerifiedPhone, { description: 'Verifies a phone number of the team with the code sent to it.' })
  @Directive(TEAM_WRITE)
  @Directive(TEAM_PBAC_WRITE)
  async verifyTeamPhone(@Arg('teamId', () => Int) teamId: number, @Arg('input') input: VerifyPhoneInput, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhone> {
    return (await service(ctx).verify({ teamId }, 'phone', normalisedPhone(input.phone), input.code)) as VerifiedPhone;
  }

  @Query(() => VerifiedEmailPage, { description: "The team's verified e-mail addresses." })
  @Directive(TEAM_READ)
  @Directive(TEAM_PBAC_READ)
  async teamVerifiedEmails(@Arg('teamId', () => Int) teamId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmailPage> {
    const [items, total] = await service(ctx).emails({ teamId }, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedPhonePage, { description: "The team's verified phone numbers." })
  @Directive(TEAM_READ)
  @Directive(TEAM_PBAC_READ)
  async teamVerifiedPhones(@Arg('teamId', () => Int) teamId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhonePage> {
    const [items, total] = await service(ctx).phones({ teamId }, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedEmail, { description: "One of the team's verified e-mail addresses." })
  @Directive(TEAM_READ)
  @Directive(TEAM_PBAC_READ)
  teamVerifiedEmail(@Arg('teamId', () => Int) teamId: number, @Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<VerifiedEmail> {
    return service(ctx).email({ teamId }, id);
  }

  @Query(() => VerifiedPhone, { description: "One of the team's verified phone numbers." })
  @Directive(TEAM_READ)
  @Directive(TEAM_PBAC_READ)
  teamVerifiedPhone(@Arg('teamId', () => Int) teamId: number, @Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<VerifiedPhone> {
    return service(ctx).phone({ teamId }, id);
  }
}

/** /v2/organizations/{orgId}/teams/{teamId}/verified-resources/…: an organization team's, for its admins and the org's. */
@Resolver()
export class OrganizationTeamVerifiedResourceResolver {
  @Mutation(() => Boolean, { description: 'Sends a verification code to an e-mail address of the organization team.' })
  @Directive(TEAM_WRITE)
  @Directive(ORG_TEAM_PBAC_WRITE)
  async requestOrganizationTeamEmailVerificationCode(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: RequestEmailVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, async () => service(ctx).requestCode(await orgTeam(ctx, orgId, teamId), 'email', normalisedEmail(input.email)));
  }

  @Mutation(() => Boolean, { description: 'Sends a verification code by text message to a phone number of the organization team.' })
  @Directive(TEAM_WRITE)
  @Directive(ORG_TEAM_PBAC_WRITE)
  async requestOrganizationTeamPhoneVerificationCode(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: RequestPhoneVerificationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<boolean> {
    return requestedOnce(ctx, info, async () => service(ctx).requestCode(await orgTeam(ctx, orgId, teamId), 'phone', normalisedPhone(input.phone)));
  }

  @Mutation(() => VerifiedEmail, { description: 'Verifies an e-mail address of the organization team.' })
  @Directive(TEAM_WRITE)
  @Directive(ORG_TEAM_PBAC_WRITE)
  async verifyOrganizationTeamEmail(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: VerifyEmailInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedEmail> {
    return (await service(ctx).verify(await orgTeam(ctx, orgId, teamId), 'email', normalisedEmail(input.email), input.code)) as VerifiedEmail;
  }

  @Mutation(() => VerifiedPhone, { description: 'Verifies a phone number of the organization team.' })
  @Directive(TEAM_WRITE)
  @Directive(ORG_TEAM_PBAC_WRITE)
  async verifyOrganizationTeamPhone(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: VerifyPhoneInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedPhone> {
    return (await service(ctx).verify(await orgTeam(ctx, orgId, teamId), 'phone', normalisedPhone(input.phone), input.code)) as VerifiedPhone;
  }

  @Query(() => VerifiedEmailPage, { description: "The organization team's verified e-mail addresses." })
  @Directive(TEAM_READ)
  @Directive(ORG_TEAM_PBAC_READ)
  async organizationTeamVerifiedEmails(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedEmailPage> {
    const [items, total] = await service(ctx).emails(await orgTeam(ctx, orgId, teamId), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedPhonePage, { description: "The organization team's verified phone numbers." })
  @Directive(TEAM_READ)
  @Directive(ORG_TEAM_PBAC_READ)
  async organizationTeamVerifiedPhones(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedPhonePage> {
    const [items, total] = await service(ctx).phones(await orgTeam(ctx, orgId, teamId), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => VerifiedEmail, { description: "One of the organization team's verified e-mail addresses." })
  @Directive(TEAM_READ)
  @Directive(ORG_TEAM_PBAC_READ)
  async organizationTeamVerifiedEmail(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedEmail> {
    return service(ctx).email(await orgTeam(ctx, orgId, teamId), id);
  }

  @Query(() => VerifiedPhone, { description: "One of the organization team's verified phone numbers." })
  @Directive(TEAM_READ)
  @Directive(ORG_TEAM_PBAC_READ)
  async organizationTeamVerifiedPhone(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<VerifiedPhone> {
    return service(ctx).phone(await orgTeam(ctx, orgId, teamId), id);
  }
}
