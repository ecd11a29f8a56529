import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { EventType } from '../event-type/event-type.entity';

@ArgsType()
export class AvailableSlotsArgs {
  @Field(() => Int, { nullable: true, description: 'The event type (personal or team).' }) eventTypeId?: number | null;
  @Field(() => String, { nullable: true, description: "Instead of eventTypeId: the event type's slug, with username or teamSlug." }) eventTypeSlug?:
    string | null;
  @Field(() => String, { nullable: true, description: 'Owner of a personal event type named by eventTypeSlug.' }) username?: string | null;
  @Field(() => String, { nullable: true, description: 'Team of a team event type named by eventTypeSlug.' }) teamSlug?: string | null;
  @Field(() => String, { nullable: true, description: 'The organization of username or teamSlug, when inside one.' }) organizationSlug?: string | null;
  @Field({ description: "ISO 8601: slots that start at or after it (a bare date is that day's 00:00 UTC)." }) startTime: string;
  @Field({ description: 'ISO 8601: slots that start before it (a bare date includes that day, UTC); at most 366 days after startTime.' }) endTime: string;
  @Field(() => String, { nullable: true, description: 'IANA time zone the slots are grouped by day and written in (default UTC).' }) timeZone?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "`slots` written as `time` (default): `{time}`; `range`: `{startTime, endTime}` (the older version's slotFormat).",
  })
  slotFormat?: string | null;
}

@ObjectType({ description: 'One bookable slot, written in the requested time zone.' })
export class Slot {
  @Field({ description: "ISO 8601 with the zone's offset (2030-03-11T09:00:00.000-04:00), or Z for UTC." }) start: string;
  @Field() end: string;
}

@ObjectType({ description: 'The slots of one calendar date in the requested time zone.' })
export class SlotDay {
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field(() => [Slot]) slots: Slot[];
}

@ObjectType({ description: 'Bookable slots of an event type (GET /v2/slots/available).' })
export class AvailableSlots {
  @Field(() => Int) eventTypeId: number;
  @Field(() => Int) lengthInMinutes: number;
  @Field() timeZone: string;
  @Field(() => [SlotDay], { description: 'Dates in ascending order, each with its slots in ascending order; dates without a slot are left out.' })
  days: SlotDay[];
  @Field(() => GraphQLJSONObject, {
    description:
      'The REST shape: {"YYYY-MM-DD": [{"time": "<start, ISO 8601 with the zone offset>"}]}, or with slotFormat range [{startTime, endTime}]; ' +
      'a seated event type that shows its availability count adds `attendees` (the seats taken) to the start of a booking with a free seat.',
  })
  slots: Record<string, Array<Record<string, string | number>>>;
  /** Slot starts, ascending: `days` (with ends) is only worked out when a client selects it. */
  starts: Date[];
  /** The event type and the range asked for: `away` (out-of-office redirects) is worked out from them when selected. */
  asked: { eventType: Pick<EventType, 'ownerId' | 'teamId' | 'slug'>; start: Date; end: Date };
}

@ArgsType()
export class SlotsArgs {
  @Field(() => Int, { nullable: true, description: 'The event type (personal or team).' }) eventTypeId?: number | null;
  @Field(() => String, { nullable: true, description: "Instead of eventTypeId: the event type's slug, with username or teamSlug." }) eventTypeSlug?:
    string | null;
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => String, { nullable: true }) teamSlug?: string | null;
  @Field(() => String, { nullable: true }) organizationSlug?: string | null;
  @Field(() => String, { nullable: true, description: 'A dynamic group: at least 2 usernames, comma-separated; slots where all are free.' }) usernames?:
    string | null;
  @Field({ description: 'ISO 8601 (UTC), or a date (its 00:00 UTC).' }) start: string;
  @Field({ description: 'ISO 8601 (UTC), or a date (that whole day included).' }) end: string;
  @Field(() => String, { nullable: true, description: 'IANA zone the slots are grouped by day and written in (default UTC).' }) timeZone?: string | null;
  @Field(() => Int, { nullable: true, description: "One of the event type's lengthInMinutesOptions; for a dynamic group the length (default 30)." }) duration?:
    number | null;
  @Field(() => String, { nullable: true, description: '`time` (default): `{start}`; `range`: `{start, end}`.' }) format?: string | null;
  @Field(() => String, { nullable: true, description: 'The booking being rescheduled: its own time is offered.' }) bookingUidToReschedule?: string | null;
}
