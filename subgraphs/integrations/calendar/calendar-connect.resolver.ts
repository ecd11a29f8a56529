import { Arg, Ctx, Directive, Field, InputType, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { badInput } from '../../../platform/errors';
import { AppleCalendarService } from './apple-calendar.service';
import { CalendarConnectService } from './calendar-connect.service';
import { CalendarCredential } from './calendar-credential.entity';
import { CalendarConnectResult, CalendarConnectUrl, UnifiedCalendarEvent, UpdateUnifiedCalendarEventInput } from './calendar-event.types';
import { CalendarEventService } from './calendar-event.service';
import { StatusOutput } from './calendar.types';

@InputType({ description: 'Body of POST /v2/calendars/{calendar}/disconnect.' })
export class DisconnectCalendarInput {
  @Field(() => Int, { description: 'The credential id, as GET /v2/calendars answers it.' }) id: number;
}

@InputType({ description: 'Body of POST /v2/calendars/{calendar}/credentials (reference CreateCalendarCredentialsInput).' })
export class CreateCalendarCredentialsInput {
  @Field({ description: 'The Apple ID (an e-mail address).' }) username: string;
  @Field({ description: 'An app-specific password of the Apple ID; stored encrypted, never answered.' }) password: string;
}

const me = (ctx: SubgraphContext) => ctx.principal.userId!;
const CALENDAR = { description: 'google or office365 (the provider).' };

/** Calendars connected with the provider's OAuth consent: /v2/calendars/{calendar}/… */
@Resolver()
export class CalendarConnectResolver {
  @Query(() => CalendarConnectUrl, {
    description: "The provider's consent URL; its state is bound to the caller, single use and expiring (GET /v2/calendars/{calendar}/connect).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  calendarConnectUrl(
    @Arg('calendar', CALENDAR) calendar: string,
    @Arg('redir', () => String, { nullable: true, description: 'Where the browser goes once the calendar is saved.' }) redir: string | null,
    @Arg('isDryRun', () => Boolean, { nullable: true, description: 'Accepted for compatibility; the URL is the same.' }) _dryRun: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CalendarConnectUrl> {
    return new CalendarConnectService(ctx.db).connectUrl(me(ctx), calendar, redir);
  }

  // A query because the provider's redirect is a GET (RFC 6749 4.1.2); it consumes the single-use state.
  @Query(() => CalendarConnectResult, {
    description:
      "The provider's redirect after consent: exchanges the code, stores the sealed tokens and the calendars (GET /v2/calendars/{calendar}/save). Public: the single-use state names the user.",
  })
  @Directive('@public')
  saveCalendarConnection(
    @Arg('calendar', CALENDAR) calendar: string,
    @Arg('state', () => String, { nullable: true, description: 'Required.' }) state: string | null,
    @Arg('code', () => String, { nullable: true, description: 'Required.' }) code: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CalendarConnectResult> {
    return new CalendarConnectService(ctx.db).save(calendar, state, code);
  }

  @Mutation(() => CalendarCredential, {
    description:
      "Saves the caller's Apple calendar credentials (Apple ID and app-specific password), checked against the CalDAV server first; answers the credential (POST /v2/calendars/{calendar}/credentials).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  saveCalendarCredentials(
    @Arg('calendar', { description: 'apple (the only calendar connected with a password).' }) calendar: string,
    @Arg('input') input: CreateCalendarCredentialsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CalendarCredential> {
    if (calendar !== 'apple')
      throw badInput(
        'calendar',
        `calendar must be apple (google and office365 connect with OAuth: GET /v2/calendars/{calendar}/connect), got ${JSON.stringify(calendar)}`,
      );
    return new AppleCalendarService(ctx.db).save(me(ctx), input);
  }

  @Query(() => StatusOutput, { description: "Whether the caller's connection to the provider works (GET /v2/calendars/{calendar}/check)." })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  checkCalendarConnection(
    @Arg('calendar', { description: 'google, office365 or apple.' }) calendar: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StatusOutput> {
    return new CalendarConnectService(ctx.db).check(me(ctx), calendar);
  }

  @Mutation(() => CalendarCredential, {
    description: 'Removes a calendar credential of the caller; answers it as it was (POST /v2/calendars/{calendar}/disconnect).',
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  disconnectCalendar(
    @Arg('calendar', { description: 'google, office365 or apple.' }) calendar: string,
    @Arg('input') input: DisconnectCalendarInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CalendarCredential> {
    return new CalendarConnectService(ctx.db).disconnect(me(ctx), calendar, input?.id);
  }

  @Query(() => UnifiedCalendarEvent, {
    description: "An event of the caller's connected calendar, read at the provider (GET /v2/calendars/{calendar}/event/{eventUid}).",
  })
  @Directive('@scopes(anyOf: [["APPS_READ"]])')
  calendarEvent(
    @Arg('calendar', { description: 'google.' }) calendar: string,
    @Arg('eventUid') eventUid: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<UnifiedCalendarEvent> {
    return new CalendarEventService(ctx.db).get(me(ctx), calendar, eventUid);
  }

  @Mutation(() => UnifiedCalendarEvent, {
    description: "Changes an event of the caller's connected calendar at the provider (PATCH /v2/calendars/{calendar}/events/{eventUid}).",
  })
  @Directive('@scopes(anyOf: [["APPS_WRITE"]])')
  updateCalendarEvent(
    @Arg('calendar', { description: 'google.' }) calendar: string,
    @Arg('eventUid') eventUid: string,
    @Arg('input') input: UpdateUnifiedCalendarEventInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<UnifiedCalendarEvent> {
    return new CalendarEventService(ctx.db).update(me(ctx), calendar, eventUid, input);
  }
}
