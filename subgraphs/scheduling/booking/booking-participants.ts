import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { byKey } from '../../../platform/loaders';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';
import { CoHostAttendeesDocument } from '../contracts/generated';
import { hostIdsByBookingId } from './booking.loaders';

/**
 * One attendee of a booking as the REST answer lists it (BookingOutput_2024_08_13.attendees): an attendee of the booking,
 * or another host of a collective booking. The real service names one organizer in `hosts` and lists a collective
 * booking's other hosts among the attendees (its team-bookings spec); the GraphQL API keeps them apart (`hosts`,
 * `attendees`).
 */
@ObjectType({ description: 'An attendee of a booking as the REST answer lists it: the attendees, then a collective booking’s other hosts.' })
export class BookingParticipant {
  @Field() name: string;
  @Field() email: string;
  @Field() timeZone: string;
  @Field() language: string;
  @Field() absent: boolean;
  @Field(() => String, { nullable: true }) phoneNumber: string | null;
  @Field(() => String, { nullable: true }) seatUid: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) bookingFieldsResponses: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata: Record<string, unknown> | null;
}

const participantOf = ({ name, email, timeZone, language, absent, phoneNumber, seatUid, bookingFieldsResponses, metadata }: Attendee): BookingParticipant => ({
  name,
  email,
  timeZone,
  language,
  absent,
  phoneNumber,
  seatUid,
  bookingFieldsResponses,
  metadata,
});

/** Hosts by user id, as attendees (the organizations subgraph's profile: name, e-mail, time zone, locale): one call per request. */
const coHostById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, BookingParticipant | null>('coHostById', async (ids) => {
    const { usersById } = await ctx.graph.call(CoHostAttendeesDocument, { ids: [...ids] });
    const participants = usersById.map((user) => ({
      id: user.id,
      participant: {
        name: user.name,
        email: user.email,
        timeZone: user.timeZone,
        language: user.locale,
        absent: false,
        phoneNumber: null,
        seatUid: null,
        bookingFieldsResponses: null,
        metadata: null,
      },
    }));
    return byKey(ids, participants, (p) => p.id).map((p) => p?.participant ?? null);
  });

/** The attendees the caller sees, then the hosts of a collective booking other than its organizer (booking.userId). */
export async function participantsOf(ctx: SubgraphContext, booking: Booking, attendees: readonly Attendee[]): Promise<BookingParticipant[]> {
  const coHostIds = (await hostIdsByBookingId(ctx).load(booking.id)).filter((id) => id !== booking.userId);
  const coHosts = await Promise.all(coHostIds.map((id) => coHostById(ctx).load(id)));
  return [...attendees.map(participantOf), ...coHosts.filter((p): p is BookingParticipant => p !== null)];
}
