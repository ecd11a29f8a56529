import { Arg, Ctx, Directive, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { checkOrgTeam } from '../team-address';
import { ConferencingConnection } from './conferencing-connection.entity';
import { LOCATION_TYPES } from './conferencing-providers';
import { ConferencingOwner, ConferencingService } from './conferencing.service';

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
  @Query(() => [ConferencingConnection], { description: 'The caller\'s conferencing app connections (GET /v2/conferencing).' })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  conferencingApps(@Ctx() ctx: SubgraphContext): Promise<ConferencingConnection[]> {
    return service(ctx).list(me(ctx));
  }

  @Mutation(() => ConferencingConnection, { description: 'Connects a conferencing app that needs no OAuth consent (POST /v2/conferencing/{app}/connect).' })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  connectConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).connect(me(ctx), app);
  }

  @Query(() => DefaultConferencingApp, { description: 'The caller\'s default conferencing app (GET /v2/conferencing/default).' })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  defaultConferencingApp(@Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).getDefault(me(ctx));
  }

  @Mutation(() => DefaultConferencingApp, { description: 'Sets the caller\'s default conferencing app (POST /v2/conferencing/{app}/default).' })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  setDefaultConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).setDefault(me(ctx), app);
  }

  @Mutation(() => ConferencingConnection, { description: 'Disconnects a conferencing app; answers the removed connection (DELETE /v2/conferencing/{app}/disconnect).' })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  disconnectConferencingApp(@Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).disconnect(me(ctx), app);
  }

  @Query(() => String, { nullable: true, description: 'The meeting URL a booking at an event type location (integrations:daily, …) gets; null when the provider\'s own API must make it.' })
  @Directive('@internal')
  conferencingMeetingUrl(@Arg('locationType') locationType: string, @Arg('bookingUid') bookingUid: string, @Ctx() ctx: SubgraphContext): string | null {
    const app = LOCATION_TYPES[locationType] ?? locationType;
    return service(ctx).meetingUrl(app, bookingUid);
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
  @Query(() => [ConferencingConnection], { description: 'The team\'s conferencing app connections (GET /v2/organizations/{orgId}/teams/{teamId}/conferencing).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_READ"]])')
  @Directive(TEAM_READ)
  async teamConferencingApps(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection[]> {
    return service(ctx).list(await team(ctx, orgId, teamId));
  }

  @Mutation(() => ConferencingConnection, { description: 'Connects a conferencing app to the team (POST …/conferencing/{app}/connect).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async connectTeamConferencingApp(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).connect(await team(ctx, orgId, teamId), app);
  }

  @Query(() => DefaultConferencingApp, { description: 'The team\'s default conferencing app (GET …/conferencing/default).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_READ"]])')
  @Directive(TEAM_READ)
  async teamDefaultConferencingApp(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).getDefault(await team(ctx, orgId, teamId));
  }

  @Mutation(() => DefaultConferencingApp, { description: 'Sets the team\'s default conferencing app (POST …/conferencing/{app}/default).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async setTeamDefaultConferencingApp(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<DefaultConferencingApp> {
    return service(ctx).setDefault(await team(ctx, orgId, teamId), app);
  }

  @Mutation(() => ConferencingConnection, { description: 'Disconnects a conferencing app from the team (DELETE …/conferencing/{app}/disconnect).' })
  @Directive('@scopes(anyOf: [["TEAM_APPS_WRITE"]])')
  @Directive(TEAM_WRITE)
  async disconnectTeamConferencingApp(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Arg('app', APP) app: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingConnection> {
    return service(ctx).disconnect(await team(ctx, orgId, teamId), app);
  }
}
