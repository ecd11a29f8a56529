import { Arg, Ctx, Directive, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';

@ObjectType({ description: 'Who was marked absent from a booking (POST /v2/bookings/{uid}/mark-absent), for the no-show webhook triggers.' })
export class BookingAttendance {
  @Field() status: string;
  @Field() absentHost: boolean;
  @Field(() => [String], { description: 'E-mail addresses of the attendees marked absent.' }) absentAttendeeEmails: string[];
}

@Resolver()
export class BookingAttendanceResolver {
  @Query(() => BookingAttendance, {
    nullable: true,
    description: "The booking's status and absences now; null when there is no such booking. For the webhook worker only.",
  })
  @Directive('@internal')
  async bookingAttendance(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<BookingAttendance | null> {
    const booking = await ctx.db.getRepository(Booking).findOneBy({ uid });
    if (!booking) return null;
    const absent = await ctx.db.getRepository(Attendee).find({ where: { bookingId: booking.id, absent: true }, order: { id: 'ASC' } });
    return { status: booking.status, absentHost: booking.absentHost, absentAttendeeEmails: absent.map((a) => a.email) };
  }
}
