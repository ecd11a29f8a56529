import { Arg, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { BookingLimit } from './booking-limit.entity';
import { UpdateBookingLimitsInput } from './booking-limit.inputs';
import { BookingLimits, BookingLimitService } from './booking-limit.service';

/** "For organization members only": the caller's organization, whatever their role in it. */
const ORGANIZATION_MEMBERS_ONLY = '@pbac(permission: "bookingLimits.manage", roles: ["MEMBER", "ADMIN", "OWNER"], org: "principal.organizationId")';

/** The caller's user booking limits (spec 4.14); every operation is scoped to ctx.principal.userId. */
@Resolver(() => BookingLimit)
export class BookingLimitResolver {
  @Query(() => BookingLimit, { description: "The caller's booking limits; unset bounds are null (GET /v2/me/booking-limits)." })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  @Directive(ORGANIZATION_MEMBERS_ONLY)
  myBookingLimits(@Ctx() ctx: SubgraphContext): Promise<BookingLimits> {
    return new BookingLimitService(ctx.db).of(ctx.principal.userId!);
  }

  @Mutation(() => BookingLimit, {
    description: "Merges into the caller's booking limits: omitted bounds are untouched, null removes one (PATCH /v2/me/booking-limits).",
  })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  @Directive(ORGANIZATION_MEMBERS_ONLY)
  updateMyBookingLimits(@Arg('input') input: UpdateBookingLimitsInput, @Ctx() ctx: SubgraphContext): Promise<BookingLimits> {
    const { perDay, perWeek, perMonth, perYear } = input;
    return new BookingLimitService(ctx.db).update(ctx.principal.userId!, { perDay, perWeek, perMonth, perYear });
  }

  @Mutation(() => BookingLimit, { description: "Removes all of the caller's booking limits; answers them, all null (DELETE /v2/me/booking-limits, 204)." })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  @Directive(ORGANIZATION_MEMBERS_ONLY)
  clearMyBookingLimits(@Ctx() ctx: SubgraphContext): Promise<BookingLimits> {
    return new BookingLimitService(ctx.db).clear(ctx.principal.userId!);
  }
}
