import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A date-time with its time zone.' })
export class CalendarEventTime {
  @Field() time: string;
  @Field() timeZone: string;
}

@ObjectType({ description: 'An attendee of a calendar event and their answer.' })
export class CalendarEventAttendee {
  @Field() email: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true, description: 'accepted, pending, declined, needsAction.' }) responseStatus: string | null;
  @Field(() => Boolean, { nullable: true }) self: boolean | null;
  @Field(() => Boolean, { nullable: true }) optional: boolean | null;
  @Field(() => Boolean, { nullable: true }) host: boolean | null;
}

@ObjectType({ description: 'A host (organizer) of a calendar event.' })
export class CalendarEventHost {
  @Field() email: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) responseStatus: string | null;
}

@ObjectType({ description: "A calendar event as read from the connected calendar (the reference's UnifiedCalendarEventOutput)." })
export class UnifiedCalendarEvent {
  @Field(() => CalendarEventTime) start: CalendarEventTime;
  @Field(() => CalendarEventTime) end: CalendarEventTime;
  @Field() id: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'Conference locations: `{type: "video", url}`.' }) locations: object[] | null;
  @Field(() => [CalendarEventAttendee], { nullable: true }) attendees: CalendarEventAttendee[] | null;
  @Field(() => String, { nullable: true, description: 'accepted, pending, declined, cancelled.' }) status: string | null;
  @Field(() => [CalendarEventHost], { nullable: true }) hosts: CalendarEventHost[] | null;
  @Field(() => CalendarEventHost, { nullable: true }) calendarEventOwner: CalendarEventHost | null;
  @Field({ description: 'google.' }) source: string;
}

@InputType({ description: 'A date-time with its time zone.' })
export class CalendarEventTimeInput {
  @Field({ description: 'ISO 8601 date-time.' }) time: string;
  @Field(() => String, { nullable: true, description: 'IANA time zone (default UTC).' }) timeZone?: string | null;
}

@InputType({ description: "An attendee of the event (the whole list replaces the event's)." })
export class UpdateCalendarEventAttendeeInput {
  @Field() email: string;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'accepted, pending, declined, needsAction.' }) responseStatus?: string | null;
  @Field(() => Boolean, { nullable: true }) optional?: boolean | null;
  @Field(() => Boolean, { nullable: true }) self?: boolean | null;
  @Field(() => Boolean, { nullable: true }) host?: boolean | null;
}

@InputType({ description: 'Body of PATCH /v2/calendars/{calendar}/events/{eventUid}: the fields to change.' })
export class UpdateUnifiedCalendarEventInput {
  @Field(() => CalendarEventTimeInput, { nullable: true }) start?: CalendarEventTimeInput | null;
  @Field(() => CalendarEventTimeInput, { nullable: true }) end?: CalendarEventTimeInput | null;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [UpdateCalendarEventAttendeeInput], { nullable: true }) attendees?: UpdateCalendarEventAttendeeInput[] | null;
  @Field(() => String, { nullable: true, description: 'accepted, pending, declined, cancelled.' }) status?: string | null;
}

@ObjectType({ description: "GET /v2/calendars/{calendar}/connect: the provider's consent URL." })
export class CalendarConnectUrl {
  @Field() authUrl: string;
}

@ObjectType({ description: "The provider's redirect was saved: the new credential and where the browser goes next." })
export class CalendarConnectResult {
  @Field(() => Number) credentialId: number;
  @Field(() => String, { nullable: true, description: 'The `redir` given to …/connect, if any.' }) redirectUrl: string | null;
}
