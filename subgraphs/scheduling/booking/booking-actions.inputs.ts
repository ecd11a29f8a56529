import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { BookingLocationInput } from './booking.inputs';

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/decline (reference: DeclineBookingInput_2024_08_13).' })
export class DeclineBookingInput {
  @Field(() => String, { nullable: true, description: 'Why the host declines.' }) reason?: string | null;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/request-reschedule (the real service: RequestRescheduleInput_2024_08_13).' })
export class RequestRescheduleInput {
  @Field(() => String, { nullable: true, description: "Why the host asks for another time (kept as the cancellation reason): the real service's name." })
  rescheduleReason?: string | null;
  @Field(() => String, { nullable: true, description: 'The same as rescheduleReason, by its earlier name here; when both are sent they must agree.' })
  reason?: string | null;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/reassign[/{userId}] (reference: ReassignToUserBookingInput_2024_08_13).' })
export class ReassignBookingInput {
  @Field(() => String, { nullable: true }) reason?: string | null;
}

@InputType({ description: 'One attendee marked absent or present (reference: MarkAbsentAttendee).' })
export class MarkAbsentAttendeeInput {
  @Field() email: string;
  @Field() absent: boolean;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/mark-absent (reference: MarkAbsentBookingInput_2024_08_13).' })
export class MarkAbsentInput {
  @Field(() => Boolean, { nullable: true, description: 'Whether the host was absent.' }) host?: boolean | null;
  @Field(() => [MarkAbsentAttendeeInput], { nullable: true }) attendees?: MarkAbsentAttendeeInput[] | null;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/guests.' })
export class AddGuestsInput {
  @Field(() => [String], { description: 'E-mail addresses of the guests to invite.' }) guests: string[];
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/attendees.' })
export class AddAttendeeInput {
  @Field() name: string;
  @Field() email: string;
  @Field({ description: 'IANA time zone of the attendee.' }) timeZone: string;
  @Field(() => String, { nullable: true }) language?: string | null;
  @Field(() => String, { nullable: true, description: 'Such as +1234567890.' }) phoneNumber?: string | null;
}

@InputType({ description: 'Body of PATCH /v2/bookings/{bookingUid}/location.' })
export class UpdateBookingLocationInput {
  @Field(() => BookingLocationInput, { nullable: true, description: "One of the event type's locations." }) location?: BookingLocationInput | null;
}

@ObjectType({ description: 'A link that adds a booking to a calendar (reference: CalendarLink).' })
export class CalendarLinkOutput {
  @Field({ description: 'Which calendar: googleCalendar, microsoftOffice, microsoftOutlook or ics (the real service answers it beside the label).' })
  id: string;
  @Field() label: string;
  @Field() link: string;
}

@ObjectType({ description: 'Where a booking was written in a calendar or video provider (reference: BookingReference).' })
export class BookingReferenceOutput {
  @Field(() => Int) id: number;
  @Field() type: string;
  @Field() eventUid: string;
  @Field(() => String, { nullable: true }) destinationCalendarId: string | null;
}

@ObjectType({ description: 'A recording of the meeting (reference: RecordingItem).' })
export class BookingRecording {
  @Field() id: string;
  @Field() roomName: string;
  @Field(() => Int, { description: 'Seconds since 1970.' }) startTs: number;
  @Field() status: string;
  @Field(() => Int, { nullable: true }) maxParticipants?: number | null;
  @Field(() => Int, { description: 'Seconds.' }) duration: number;
  @Field() shareToken: string;
  @Field(() => String, { nullable: true }) downloadLink: string | null;
  @Field(() => String, { nullable: true }) error: string | null;
}

@ObjectType({ description: 'A video session of the meeting.' })
export class ConferencingSession {
  @Field() id: string;
  @Field(() => GraphQLJSONObject) details: Record<string, unknown>;
}
