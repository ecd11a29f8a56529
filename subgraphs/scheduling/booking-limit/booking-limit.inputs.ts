import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'Body of PATCH /v2/me/booking-limits: an omitted bound is untouched, null removes it, a whole number ≥ 1 sets it.' })
export class UpdateBookingLimitsInput {
  @Field(() => Int, { nullable: true, description: 'Most accepted bookings per day.' })
  perDay?: number | null;

  @Field(() => Int, { nullable: true, description: 'Most accepted bookings per week.' })
  perWeek?: number | null;

  @Field(() => Int, { nullable: true, description: 'Most accepted bookings per month.' })
  perMonth?: number | null;

  @Field(() => Int, { nullable: true, description: 'Most accepted bookings per year.' })
  perYear?: number | null;
}
