import { Arg, Ctx, Directive, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { checkOrgTeam } from '../team-address';
import { ConferencingConnection } from './conferencing-connection.entity';
import { LOCATION_TYPES, ORGANIZERS_DEFAULT_APP } from './conferencing-providers';
import { ConferencingOwner, ConferencingService } from './conferencing.service';

@ObjectType({ description: "The provider's consent URL (GET …/conferencing/{app}/oauth/auth-url)." })
export class ConferencingOAuthUrl {
  @Field() url: string;
}

@ObjectType({ description: "The provider's redirect was saved: the connection and where the browser goes next." })
export class ConferencingOAuthResult {
  @Field(() => ConferencingConnection) connection: ConferencingConnection;
  @Field(() => String, { nullable: true, description: 'The returnTo given to …/oauth/auth-url.' }) redirectUrl: string | null;
}

const OAUTH_APP = { description: 'zoom or msteams.' };
const RETURN_TO = { nullable: true, description: 'Where the browser goes once the app is connected.' };
const ON_ERROR = { nullable: true, description: 'Where the browser goes when the consent fails.' };

@ObjectType({ description: 'The default conferencing app (GET /v2/conferencing/default).' })
export class DefaultConferencingApp {
  @Field() appSlug: string;
  @Field(() => String, { nullable: true }) appLink: string | null;
}

const service = (ctx: SubgraphContext) => new ConferencingService(ctx.db);
const me = (ctx: SubgraphContext): ConferencingOwner => ({ userId: ctx.principal.userId! });
const APP = { description: 'google-meet, zoom, msteams or daily-video (the built-in video app).' };

/** The caller's conferencing apps: /v2/conferencing. */
@Resolver()
export class ConferencingResolver {
  @Query(() => [ConferencingConnection], { description: "The caller's conferencing app connections (GET /v2/conferencing)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  conferencingApps(@Ctx() ctx: SubgraphContext): Promise<ConferencingConnection[]> {
    return service(ctx).list(me(ctx));
  }

  @Mutation(() => ConferencingConnection, { description: 'Connects a conferencing app that needs no OAuth consent (POST /v2/conferencing/{app}/connect).' })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  connectConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).connect(me(ctx), app);
  }

  @Query(() => DefaultConferencingApp, { description: "The caller's default conferencing app (GET /v2/conferencing/default)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  defaultConferencingApp(@Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).getDefault(me(ctx));
  }

  @Mutation(() => DefaultConferencingApp, { description: "Sets the caller's default conferencing app (POST /v2/conferencing/{app}/default)." })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  setDefaultConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).setDefault(me(ctx), app);
  }

  @Mutation(() => ConferencingConnection, {
    description: 'Disconnects a conferencing app; answers the removed connection (DELETE /v2/conferencing/{app}/disconnect).',
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  disconnectConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).disconnect(me(ctx), app);
  }

  @Query(() => String, {
    nullable: true,
    description:
      "The meeting URL a booking at an event type location (integrations:daily, integrations:zoom, …, or organizersDefaultApp: the host's default app) gets: OAuth apps create the meeting with the host's (or team's) connection, given the meeting; null when no provider can make it.",
  })
  @Directive('@internal')
  conferencingMeetingUrl(
    @Arg('locationType') locationType: string,
    @Arg('bookingUid') bookingUid: string,
    @Arg('hostUserId', () => Int, { nullable: true, description: 'The host whose connection creates the meeting.' }) hostUserId: number | null,
    @Arg('teamId', () => Int, { nullable: true, description: 'Or the team whose connection creates it.' }) teamId: number | null,
    @Arg('title', () => String, { nullable: true }) title: string | null,
    @Arg('startTime', () => Date, { nullable: true }) startTime: Date | null,
    @Arg('endTime', () => Date, { nullable: true }) endTime: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string | null> {
    const owner: ConferencingOwner | null = teamId != null ? { teamId } : hostUserId != null ? { userId: hostUserId } : null;
    const meeting = startTime && endTime ? { title: title ?? 'Meeting', start: startTime, end: endTime } : null;
    if (locationType === ORGANIZERS_DEFAULT_APP) return service(ctx).organizersDefaultMeetingUrl(bookingUid, hostUserId, meeting);
    const app = LOCATION_TYPES[locationType] ?? locationType;
    return service(ctx).meetingUrl(app, bookingUid, owner, meeting);
  }

  @Query(() => [String], {
    description:
      "The event type location types (integrations:zoom, integrations:google:meet, integrations:office365_video) the team's own connections serve; a team event type names no other app but the built-in video app.",
  })
  @Directive('@internal')
  teamConferencingLocationTypes(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<string[]> {
    return service(ctx).connectedLocationTypes({ teamId });
  }

  @Query(() => ConferencingOAuthUrl, {
    description: "The provider's consent URL; its state is bound to the caller, single use and expiring (GET /v2/conferencing/{app}/oauth/auth-url).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  conferencingOAuthUrl(
    @Arg('app', OAUTH_APP) app: string,
    @Arg('returnTo', () => String, RETURN_TO) returnTo: string | null,
    @Arg('onErrorReturnTo', () => String, ON_ERROR) onErrorReturnTo: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingOAuthUrl> {
    return service(ctx).authUrl(me(ctx), ctx.principal.userId!, app, { returnTo, onErrorReturnTo });
  }

  // A query because the provider's redirect is a GET (RFC 6749 4.1.2); it consumes the single-use state.
  @Query(() => ConferencingOAuthResult, {
    description:
      "The provider's redirect after consent: exchanges the code and stores the sealed tokens (GET /v2/conferencing/{app}/oauth/callback). Public: the single-use state names the user.",
  })
  @Directive('@public')
  conferencingOAuthCallback(
    @Arg('app', OAUTH_APP) app: string,
    @Arg('state', () => String, { nullable: true, description: 'Required.' }) state: string | null,
    @Arg('code', () => String, { nullable: true, description: 'Required.' }) code: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingOAuthResult> {
    return service(ctx).saveOAuth(app, state, code);
  }
}

const TEAM_READ = '@pbac(permission: "team.readConferencing", team: "args.teamId", org: "args.orgId")';
const TEAM_WRITE = '@pbac(permission: "team.manageConferencing", team: "args.teamId", org: "args.orgId")';

async function team(ctx: SubgraphContext, orgId: number, teamId: number): Promise<ConferencingOwner> {
  await checkOrgTeam(ctx, orgId, teamId);
  return { teamId };
}

/** A team's conferencing apps: /v2/organizations/{orgId}/teams/{teamId}/conferencing (team admins, org admins). */
@Resolver()
export class TeamConferencingResolver {
  @Query(() => [ConferencingConnection], {
    description: "The team's conferencing app connections (GET /v2/organizations/{orgId}/teams/{teamId}/conferencing).",
  })
  @Directive('@scopes(anyOf: [["TEAM_APPS_READ"]])')
  @Directive(TEAM_READ)
  async teamConferencingApps(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingConnection[]> {
    return service(ctx).list(await team(ctx, orgId, teamId));
  }

  @Mutation(() => ConferencingConnection, { description: 'Connects a conferencing app to the team (POST …/conferencing/{app}/connect).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async connectTeamConferencingApp(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('app', APP) app: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingConnection> {
    return service(ctx).connect(await team(ctx, orgId, teamId), app);
  }

  @Query(() => DefaultConferencingApp, { description: "The team's default conferencing app (GET …/conferencing/default)." })
  @Directive('@scopes(anyOf: [["TEAM_APPS_READ"]])')
  @Directive(TEAM_READ)
  async teamDefaultConferencingApp(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DefaultConferencingApp> {
    return service(ctx).getDefault(await team(ctx, orgId, teamId));
  }

  @Mutation(() => DefaultConferencingApp, { description: "Sets the team's default conferencing app (POST …/conferencing/{app}/default)." })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async setTeamDefaultConferencingApp(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('app', APP) app: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DefaultConferencingApp> {
    return service(ctx).setDefault(await team(ctx, orgId, teamId), app);
  }

  @Query(() => ConferencingOAuthUrl, {
    description: "The provider's consent URL for the team; its state is bound to the caller and the team (GET …/conferencing/{app}/oauth/auth-url).",
  })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async teamConferencingOAuthUrl(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('app', OAUTH_APP) app: string,
    @Arg('returnTo', () => String, RETURN_TO) returnTo: string | null,
    @Arg('onErrorReturnTo', () => String, ON_ERROR) onErrorReturnTo: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingOAuthUrl> {
    return service(ctx).authUrl(await team(ctx, orgId, teamId), ctx.principal.userId!, app, { returnTo, onErrorReturnTo }, orgId);
  }

  // Public like the user's callback: the team admin's authority was checked when the state was issued, and the state names the team.
  @Query(() => ConferencingOAuthResult, {
    description: "The provider's redirect after a team admin's consent (GET …/conferencing/{app}/oauth/callback). Public: the single-use state names the team.",
  })
  @Directive('@public')
  teamConferencingOAuthCallback(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('app', OAUTH_APP) app: string,
    @Arg('state', () => String, { nullable: true, description: 'Required.' }) state: string | null,
    @Arg('code', () => String, { nullable: true, description: 'Required.' }) code: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingOAuthResult> {
    return service(ctx).saveOAuth(app, state, code, { orgId, teamId });
  }

  @Mutation(() => ConferencingConnection, { description: 'Disconnects a conferencing app from the team (DELETE …/conferencing/{app}/disconnect).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async disconnectTeamConferencingApp(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('app', APP) app: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConferencingConnection> {
    return service(ctx).disconnect(await team(ctx, orgId, teamId), app);
  }
}
