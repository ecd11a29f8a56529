import { Args, Ctx, Directive, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { PageArgs, PageOf, paginationOf } from '../../kit/pagination';
import { EventType } from '../event-type/event-type.entity';
import { attendeesByBookingId, eventTypeById } from '../loaders';
import { User } from '../user/user.stub';
import { Attendee } from './attendee.entity';
import { Booking } from './booking.entity';
import { BookingService } from './booking.service';

@ObjectType()
export class BookingPage extends PageOf(Booking) {}

@Resolver(() => Booking)
export class BookingResolver {
  @Query(() => BookingPage, { description: 'Bookings the caller hosts (GET /v2/bookings).' })
  @Directive('@scopes(anyOf: [["BOOKING_READ"]])')
  async bookings(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<BookingPage> {
    const [items, total] = await new BookingService(ctx.db).listForHost(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @FieldResolver(() => [Attendee])
  attendees(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<Attendee[]> {
    return attendeesByBookingId(ctx).load(booking.id);
  }

  @FieldResolver(() => EventType)
  eventType(@Root() booking: Booking, @Ctx() ctx: SubgraphContext) {
    return eventTypeById(ctx).load(booking.eventTypeId);
  }

  @FieldResolver(() => [User], { description: 'Hosts of the meeting.' })
  hosts(@Root() booking: Booking): User[] {
    return [Object.assign(new User(), { id: booking.userId })];
  }
}
