import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DestinationCalendar } from './destination-calendar.entity';

@InputType({ description: 'Body of POST /v2/calendars/ics-feed/save.' })
export class SaveIcsFeedInput {
  @Field(() => [String], { description: 'ICS feed URLs (http, https, webcal); each is fetched and parsed before anything is saved.' })
  urls: string[];

  @Field({ nullable: true, defaultValue: true, description: 'Whether the service may write to the calendar (default true: read only).' })
  readOnly?: boolean;
}

@ObjectType({ description: 'An answer without data: `{status: "success"}`.' })
export class StatusOutput {
  @Field() status: string;
}

@InputType({
  description: 'One calendar of GET /v2/calendars/busy-times: `calendarsToLoad[0][credentialId]=…&calendarsToLoad[0][externalId]=…` in the query string.',
})
export class CalendarToLoadInput {
  @Field(() => Int, { description: "A calendar credential of the caller's (GET /v2/calendars: connectedCalendars[].credentialId)." })
  credentialId: number;

  @Field({ description: "The calendar's id at its provider (connectedCalendars[].calendars[].externalId)." })
  externalId: string;
}

@ObjectType({ description: 'A busy interval of a connected calendar.' })
export class BusyTime {
  @Field() start: Date;
  @Field() end: Date;
  @Field(() => String, { nullable: true }) source: string | null;
}

@ObjectType({ description: 'A user busy in a calendar of theirs (for the scheduling subgraph).' })
export class UserBusyTime {
  @Field(() => Int) userId: number;
  @Field() start: Date;
  @Field() end: Date;
}

@ObjectType({ description: 'One calendar of a connection.' })
export class ConnectionCalendar {
  @Field() externalId: string;
  @Field() integration: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => Boolean, { nullable: true }) primary: boolean | null;
  @Field() readOnly: boolean;
  @Field() isSelected: boolean;
  @Field(() => Int) credentialId: number;
  @Field(() => String, { nullable: true }) delegationCredentialId: null;
}

@ObjectType({ description: "A calendar provider's app, as the reference's `Integration` describes it." })
export class CalendarIntegration {
  @Field() slug: string;
  @Field({ description: 'The calendar type (google_calendar, ics-feed_calendar, …), as selected and destination calendars name it.' }) type: string;
  @Field() name: string;
  @Field() title: string;
  @Field() description: string;
  @Field() variant: string;
  @Field(() => [String]) categories: string[];
  @Field() logo: string;
  @Field() publisher: string;
  @Field() url: string;
  @Field() email: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Calendar apps offer no meeting location: null.' }) locationOption: object | null;
  @Field() installed: boolean;
  @Field() dirName: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) appData: object | null;
}

@ObjectType({ description: 'A connected calendar provider: its app, its credential and its calendars.' })
export class ConnectedCalendar {
  @Field(() => CalendarIntegration, { description: 'The provider app (name, slug, type, …).' }) integration: CalendarIntegration;
  @Field(() => Int) credentialId: number;
  @Field(() => String, { nullable: true }) delegationCredentialId: null;
  @Field(() => ConnectionCalendar, { nullable: true }) primary: ConnectionCalendar | null;
  @Field(() => [ConnectionCalendar]) calendars: ConnectionCalendar[];
}

@ObjectType({ description: "The caller's connected calendars and destination calendar (GET /v2/calendars)." })
export class ConnectedCalendars {
  @Field(() => [ConnectedCalendar]) connectedCalendars: ConnectedCalendar[];
  @Field(() => DestinationCalendar, { nullable: true }) destinationCalendar: DestinationCalendar | null;
}

@InputType({ description: 'Body of POST /v2/selected-calendars.' })
export class SelectedCalendarInput {
  @Field({ description: 'The calendar type, as GET /v2/calendars names it (ics-feed_calendar, google_calendar, …).' }) integration: string;
  @Field() externalId: string;
  @Field(() => Int) credentialId: number;
  @Field(() => String, { nullable: true, description: 'Delegation credentials are not supported here; must be absent.' }) delegationCredentialId?:
    string | null;
}

@InputType({ description: 'Body of PUT /v2/destination-calendars.' })
export class DestinationCalendarInput {
  @Field({ description: 'The calendar type, as GET /v2/calendars names it.' }) integration: string;
  @Field() externalId: string;
  @Field(() => String, { nullable: true, description: 'Delegation credentials are not supported here; must be absent.' }) delegationCredentialId?:
    string | null;
}
