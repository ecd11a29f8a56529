import { Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Booking } from '../booking-record/booking.entity';
import { bookingsByUserId } from './booking.loaders';
import { User } from '../user/user.stub';

@Resolver(() => User)
export class UserBookingsResolver {
  @FieldResolver(() => [Booking], { description: 'Bookings the user hosts, by start time.' })
  @Directive('@scopes(anyOf: [["BOOKING_READ"]])')
  @Directive('@ownData(userId: "parent.id")')
  bookings(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<Booking[]> {
    return bookingsByUserId(ctx).load(user.id);
  }
}
