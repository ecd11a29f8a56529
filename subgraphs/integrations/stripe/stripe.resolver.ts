import { Arg, Ctx, Directive, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { checkOrgTeam } from '../team-address';
import { StripeService } from './stripe.service';

@ObjectType({ description: "Stripe's consent URL (GET …/stripe/connect)." })
export class StripeConnectUrl {
  @Field() authUrl: string;
}

@ObjectType({ description: "Stripe's redirect was saved: where the browser goes next (GET …/stripe/save)." })
export class StripeSaveResult {
  @Field({ description: "The returnTo given to …/stripe/connect; else the service's public address." }) url: string;
}

@ObjectType({ description: 'The Stripe connection works (GET …/stripe/check).' })
export class StripeCheck {
  @Field({ description: 'success' }) status: string;
}

const RETURN_TO = { nullable: true, description: 'Where the browser goes once the account is connected.' };
const ON_ERROR = { nullable: true, description: 'Where the browser goes when the consent fails.' };
const STATE = { nullable: true, description: 'Required: the state Stripe sends back.' };
const CODE = { nullable: true, description: 'Required: the authorization code Stripe sends back.' };
const TEAM_READ = '@pbac(permission: "team.readBilling", team: "args.teamId", org: "args.orgId")';
const TEAM_WRITE = '@pbac(permission: "team.manageBilling", team: "args.teamId", org: "args.orgId")';

const service = (ctx: SubgraphContext) => new StripeService(ctx.db);

/** Stripe Connect for the caller (/v2/stripe) and for an organization's team (/v2/organizations/{orgId}/teams/{teamId}/stripe). */
@Resolver()
export class StripeResolver {
  @Query(() => StripeConnectUrl, {
    description: "Stripe's consent URL for the caller; its state is bound to the caller, single use, expiring (GET /v2/stripe/connect).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  stripeConnectUrl(
    @Arg('returnTo', () => String, RETURN_TO) returnTo: string | null,
    @Arg('onErrorReturnTo', () => String, ON_ERROR) onErrorReturnTo: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StripeConnectUrl> {
    return service(ctx).connectUrl({ userId: ctx.principal.userId! }, { returnTo, onErrorReturnTo });
  }

  // A query because Stripe's redirect is a GET (RFC 6749 4.1.2); it consumes the single-use state.
  @Query(() => StripeSaveResult, {
    description:
      "Stripe's redirect after consent: exchanges the code and stores the connected account (GET /v2/stripe/save). Public: the single-use state names the user.",
  })
  @Directive('@public')
  saveStripeConnection(
    @Arg('state', () => String, STATE) state: string | null,
    @Arg('code', () => String, CODE) code: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StripeSaveResult> {
    return service(ctx).save(state, code, null);
  }

  @Query(() => StripeCheck, { description: 'Whether the caller has a Stripe account connected that Stripe still accepts (GET /v2/stripe/check).' })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  checkStripeConnection(@Ctx() ctx: SubgraphContext): Promise<StripeCheck> {
    return service(ctx).check({ userId: ctx.principal.userId! });
  }

  @Query(() => StripeConnectUrl, {
    description:
      "Stripe's consent URL for the team; its state is bound to the caller and the team (GET /v2/organizations/{orgId}/teams/{teamId}/stripe/connect).",
  })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async teamStripeConnectUrl(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('returnTo', () => String, RETURN_TO) returnTo: string | null,
    @Arg('onErrorReturnTo', () => String, ON_ERROR) onErrorReturnTo: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StripeConnectUrl> {
    await checkOrgTeam(ctx, orgId, teamId);
    return service(ctx).connectUrl({ userId: ctx.principal.userId!, team: { orgId, teamId } }, { returnTo, onErrorReturnTo });
  }

  // Public like the user's: the team admin's authority was checked when the state was issued, and the state names the team.
  @Query(() => StripeSaveResult, {
    description:
      "Stripe's redirect after a team admin's consent (GET /v2/organizations/{orgId}/teams/{teamId}/stripe/save). Public: the single-use state names the team.",
  })
  @Directive('@public')
  saveTeamStripeConnection(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('state', () => String, STATE) state: string | null,
    @Arg('code', () => String, CODE) code: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StripeSaveResult> {
    return service(ctx).save(state, code, { orgId, teamId });
  }

  @Query(() => StripeCheck, {
    description: 'Whether the team has a Stripe account connected that Stripe still accepts (GET /v2/organizations/{orgId}/teams/{teamId}/stripe/check).',
  })
  @Directive('@scopes(anyOf: [["TEAM_APPS_READ"]])')
  @Directive(TEAM_READ)
  async checkTeamStripeConnection(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StripeCheck> {
    await checkOrgTeam(ctx, orgId, teamId);
    return service(ctx).check({ teamId });
  }
}
