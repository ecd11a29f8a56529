import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EventTypeLocation } from '../event-type/event-type.entity';

export enum BookingStatus {
  accepted = 'accepted',
  pending = 'pending',
  cancelled = 'cancelled',
  rejected = 'rejected',
}
registerEnumType(BookingStatus, { name: 'BookingStatus' });

@Entity({ name: 'bookings' })
@ObjectType({ description: 'A booked meeting (type 2.18).' })
@Directive('@key(fields: "id")')
export class Booking {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ unique: true })
  @Field()
  uid: string;

  @Column({ name: 'event_type_id' })
  @Field(() => Int)
  eventTypeId: number;

  /** The host whose calendar the booking occupies. */
  @Column({ name: 'user_id' })
  @Field(() => Int)
  userId: number;

  @Column()
  @Field()
  title: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  description: string | null;

  @Column({ name: 'start_time', type: 'timestamptz' })
  @Field({ description: 'ISO 8601, UTC.' })
  start: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  @Field({ description: 'ISO 8601, UTC.' })
  end: Date;

  @Column({ type: 'text' })
  @Field(() => BookingStatus)
  status: BookingStatus;

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => EventTypeLocation, { nullable: true })
  location: EventTypeLocation | null;

  @Column({ type: 'jsonb', default: {} })
  @Field(() => GraphQLJSONObject)
  metadata: Record<string, unknown>;

  @Column({ name: 'cancellation_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  cancellationReason: string | null;

  @Column({ name: 'rescheduling_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  reschedulingReason: string | null;

  @Column({ name: 'rescheduled_to_uid', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  rescheduledToUid: string | null;

  @Column({ name: 'from_reschedule', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  fromReschedule: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;

  @Field(() => Int, { description: 'Minutes.' })
  get duration(): number {
    return Math.round((this.end.getTime() - this.start.getTime()) / 60000);
  }
}
