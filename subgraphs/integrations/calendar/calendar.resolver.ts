import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { CalendarCredential } from './calendar-credential.entity';
import { CalendarService, MAX_CALENDARS_TO_LOAD } from './calendar.service';
import {
  BusyTime,
  CalendarToLoadInput,
  ConnectedCalendars,
  DestinationCalendarInput,
  SaveIcsFeedInput,
  SelectedCalendarInput,
  StatusOutput,
  UserBusyTime,
} from './calendar.types';
import { DestinationCalendar } from './destination-calendar.entity';
import { SelectedCalendar } from './selected-calendar.entity';

const me = (ctx: SubgraphContext) => ctx.principal.userId!;
const service = (ctx: SubgraphContext) => new CalendarService(ctx.db);

/** The caller's calendars: /v2/calendars, /v2/selected-calendars, /v2/destination-calendars. */
@Resolver()
export class CalendarResolver {
  @Mutation(() => CalendarCredential, {
    description: "Saves ICS feeds as the caller's ICS calendar credential; each URL is read first (POST /v2/calendars/ics-feed/save).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  saveIcsFeed(@Arg('input') input: SaveIcsFeedInput, @Ctx() ctx: SubgraphContext): Promise<CalendarCredential> {
    return service(ctx).saveIcsFeed(me(ctx), input);
  }

  @Query(() => StatusOutput, { description: "Whether the caller's ICS feed credential exists and is valid (GET /v2/calendars/ics-feed/check)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  checkIcsFeed(@Ctx() ctx: SubgraphContext): Promise<StatusOutput> {
    return service(ctx).checkIcsFeed(me(ctx));
  }

  @Query(() => ConnectedCalendars, { description: "The caller's connected calendars and destination calendar (GET /v2/calendars)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  connectedCalendars(@Ctx() ctx: SubgraphContext): Promise<ConnectedCalendars> {
    return service(ctx).connectedCalendars(me(ctx));
  }

  @Query(() => [BusyTime], { description: "Busy times of the caller's calendars, as last read from their providers (GET /v2/calendars/busy-times)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  calendarBusyTimes(
    @Arg('dateFrom', () => String, { nullable: true, description: 'YYYY-MM-DD (a day of timeZone) or ISO 8601 (default now).' }) dateFrom: string | null,
    @Arg('dateTo', () => String, { nullable: true, description: 'YYYY-MM-DD (a day of timeZone, inclusive) or ISO 8601 (default a week after dateFrom).' })
    dateTo: string | null,
    @Arg('loggedInUsersTz', () => String, {
      nullable: true,
      description: "The caller's IANA time zone (the reference's name); this or timeZone is required. Times are answered in UTC.",
    })
    loggedInUsersTz: string | null,
    @Arg('credentialId', () => Int, { nullable: true }) credentialId: number | null,
    @Arg('externalId', () => String, { nullable: true }) externalId: string | null,
    @Arg('timeZone', () => String, { nullable: true, description: "The caller's IANA time zone (the real service's later name of loggedInUsersTz)." })
    timeZone: string | null,
    @Arg('calendarsToLoad', () => [CalendarToLoadInput], {
      nullable: true,
      description: `The calendars to read (at most ${MAX_CALENDARS_TO_LOAD}), instead of credentialId/externalId; without either, all the caller's calendars.`,
    })
    calendarsToLoad: CalendarToLoadInput[] | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BusyTime[]> {
    return service(ctx).busyTimes(me(ctx), { dateFrom, dateTo, credentialId, externalId, calendarsToLoad, timeZone: timeZone ?? loggedInUsersTz });
  }

  @Mutation(() => SelectedCalendar, { description: "Checks a calendar of one of the caller's connections for conflicts (POST /v2/selected-calendars)." })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  addSelectedCalendar(@Arg('input') input: SelectedCalendarInput, @Ctx() ctx: SubgraphContext): Promise<SelectedCalendar> {
    return service(ctx).selectCalendar(me(ctx), input);
  }

  @Mutation(() => SelectedCalendar, { description: 'Stops checking a calendar for conflicts; answers the removed selection (DELETE /v2/selected-calendars).' })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  removeSelectedCalendar(
    @Arg('integration', () => String, { nullable: true, description: 'Required.' }) integration: string | null,
    @Arg('externalId', () => String, { nullable: true, description: 'Required.' }) externalId: string | null,
    @Arg('credentialId', () => String, { nullable: true, description: 'Required.' }) credentialId: string | null,
    @Arg('delegationCredentialId', () => String, { nullable: true }) delegationCredentialId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SelectedCalendar> {
    return service(ctx).unselectCalendar(me(ctx), { integration, externalId, credentialId, delegationCredentialId });
  }

  @Mutation(() => DestinationCalendar, { description: "Sets the calendar the caller's bookings are written to (PUT /v2/destination-calendars)." })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  updateDestinationCalendar(@Arg('input') input: DestinationCalendarInput, @Ctx() ctx: SubgraphContext): Promise<DestinationCalendar> {
    return service(ctx).setDestination(me(ctx), input);
  }

  @Query(() => [UserBusyTime], { description: "Busy times of the users' selected calendars in [from, to), from the cache (for slots and bookings)." })
  @Directive('@internal')
  usersCalendarBusyTimes(
    @Arg('userIds', () => [Int]) userIds: number[],
    @Arg('from') from: Date,
    @Arg('to') to: Date,
    @Ctx() ctx: SubgraphContext,
  ): Promise<UserBusyTime[]> {
    return service(ctx).busyOfUsers(userIds, from, to);
  }
}
