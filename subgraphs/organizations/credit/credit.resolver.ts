import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { ChargeCreditsInput } from './credit.inputs';
import { CreditOwner, CreditService } from './credit.service';
import { CreditBalance, CreditCharge } from './credit.types';

/** A charge sent with an Idempotency-Key is charged once: sent again, it answers the first charge (platform/keyed-writes.ts). */
function chargedOnce(ctx: SubgraphContext, info: GraphQLResolveInfo, owner: CreditOwner, input: ChargeCreditsInput): Promise<CreditCharge> {
  const credits = new CreditService(ctx.db);
  return keyedWrite(
    ctx,
    info,
    (reference) => credits.recalled(reference),
    () => credits.charge(owner, input),
  );
}

/**
 * Credits of the caller, of a team and of an organization. Spec 5.3 names CREDITS_READ / CREDITS_WRITE
 * only; the team and organization balances take the same scopes plus the role rule (decisions.md).
 */
@Resolver()
export class CreditResolver {
  @Query(() => CreditBalance, { description: "The caller's own credits (GET /v2/credits/available)." })
  @Directive('@scopes(anyOf: [["CREDITS_READ"]])')
  myCredits(@Ctx() ctx: SubgraphContext): Promise<CreditBalance> {
    return new CreditService(ctx.db).available({ userId: ctx.principal.userId! });
  }

  @Mutation(() => CreditCharge, {
    description: "Charges the caller's own credits; more than the balance is a CONFLICT and charges nothing (POST /v2/credits/charge).",
  })
  @Directive('@scopes(anyOf: [["CREDITS_WRITE"]])')
  chargeMyCredits(@Arg('input') input: ChargeCreditsInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<CreditCharge> {
    return chargedOnce(ctx, info, { userId: ctx.principal.userId! }, input);
  }

  @Query(() => CreditBalance, { description: "A team's credits (GET /v2/teams/{teamId}/credits/available)." })
  @Directive('@scopes(anyOf: [["CREDITS_READ"]])')
  @Directive('@pbac(permission: "credits.read", team: "args.teamId")')
  teamCredits(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<CreditBalance> {
    return new CreditService(ctx.db).available({ teamId });
  }

  @Mutation(() => CreditCharge, { description: "Charges a team's credits (POST /v2/teams/{teamId}/credits/charge)." })
  @Directive('@scopes(anyOf: [["CREDITS_WRITE"]])')
  @Directive('@pbac(permission: "credits.charge", team: "args.teamId")')
  chargeTeamCredits(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: ChargeCreditsInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CreditCharge> {
    return chargedOnce(ctx, info, { teamId }, input);
  }

  @Query(() => CreditBalance, { description: "An organization's credits (GET /v2/organizations/{orgId}/credits/available)." })
  @Directive('@scopes(anyOf: [["CREDITS_READ"]])')
  @Directive('@pbac(permission: "credits.read", org: "args.orgId")')
  organizationCredits(@Arg('orgId', () => Int) orgId: number, @Ctx() ctx: SubgraphContext): Promise<CreditBalance> {
    return new CreditService(ctx.db).available({ teamId: orgId });
  }

  @Mutation(() => CreditCharge, { description: "Charges an organization's credits (POST /v2/organizations/{orgId}/credits/charge)." })
  @Directive('@scopes(anyOf: [["CREDITS_WRITE"]])')
  @Directive('@pbac(permission: "credits.charge", org: "args.orgId")')
  chargeOrganizationCredits(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: ChargeCreditsInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CreditCharge> {
    return chargedOnce(ctx, info, { teamId: orgId }, input);
  }
}
