import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** User booking limits (spec 2.17): the most accepted bookings per calendar period; null = no bound. */
@Entity({ name: 'booking_limits' })
@ObjectType('UserBookingLimits', {
  description: "Maximum accepted bookings per day, week, month and year across all of the user's event types; null when unset.",
})
export class BookingLimit {
  @PrimaryColumn({ name: 'user_id' })
  userId: number;

  @Column({ name: 'per_day', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  perDay: number | null;

  @Column({ name: 'per_week', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  perWeek: number | null;

  @Column({ name: 'per_month', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  perMonth: number | null;

  @Column({ name: 'per_year', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  perYear: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
