import { Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { BookingLimit } from './booking-limit.entity';
import { BookingLimits } from './booking-limit.service';
import { schedulingSettingsByUserId } from './scheduling-settings.loaders';
import { User } from '../user/user.stub';

@Resolver(() => User)
export class UserBookingLimitsResolver {
  @FieldResolver(() => BookingLimit, { description: "The user's booking limits (spec 2.17); all null when none is set. Shown by GET /v2/me." })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  @Directive('@ownData(userId: "parent.id")')
  bookingLimits(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<BookingLimits> {
    return schedulingSettingsByUserId(ctx)
      .load(user.id)
      .then((settings) => settings.bookingLimits);
  }
}
