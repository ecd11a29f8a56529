import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BookingLocation } from './booking-location';

export enum BookingStatus {
  accepted = 'accepted',
  pending = 'pending',
  cancelled = 'cancelled',
  rejected = 'rejected',
}
registerEnumType(BookingStatus, { name: 'BookingStatus', description: 'Booking statuses (spec 3).' });

/** Statuses that occupy the host's time: the exclusion constraint `bookings_host_no_overlap` covers these. */
export const LIVE_STATUSES: readonly BookingStatus[] = [BookingStatus.accepted, BookingStatus.pending];

@Entity({ name: 'bookings' })
@ObjectType({ description: 'A booked meeting (type 2.18; the full shape of BookingOutput_2024_08_13).' })
@Directive('@key(fields: "id")')
export class Booking {
  /** Not stored: the seat the request answered took (a seated booking made, or a seat moved): answered as the top-level `seatUid`. */
  bookedSeatUid?: string;

  /** Not stored: the occurrences to answer instead of this booking (it was asked for by its recurringBookingUid, or the answer is a whole series). */
  series?: Booking[];

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
  @Field(() => Int, { description: 'The host whose calendar the booking occupies.' })
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

  /** Where the meeting takes place, as booked (`{type, address?, phone?, integration?, location?}`); the GraphQL field `location` writes it as text. */
  @Column({ type: 'jsonb', nullable: true })
  location: BookingLocation | null;

  @Column({ type: 'jsonb', default: {} })
  @Field(() => GraphQLJSONObject)
  metadata: Record<string, unknown>;

  @Column({ name: 'booking_fields_responses', type: 'jsonb', default: {} })
  @Field(() => GraphQLJSONObject, { description: 'Answers to the booking form, by booking field slug (name, email, notes, …).' })
  bookingFieldsResponses: Record<string, unknown>;

  @Column({ name: 'absent_host', default: false })
  @Field()
  absentHost: boolean;

  @Column({ type: 'jsonb', default: [] })
  @Field(() => [String], { description: 'E-mail addresses of guests invited by the attendee or added later.' })
  guests: string[];

  @Column({ name: 'rejection_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Why the host declined the booking (status rejected).' })
  rejectionReason: string | null;

  @Column({ name: 'reschedule_requested', default: false })
  @Field({ description: 'The host asked the attendee to book another time (the booking is then cancelled).' })
  rescheduleRequested: boolean;

  @Column({ name: 'cancellation_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  cancellationReason: string | null;

  @Column({ name: 'rescheduling_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  reschedulingReason: string | null;

  @Column({ name: 'rescheduled_by_email', type: 'text', nullable: true })
  @Field(() => String, {
    nullable: true,
    description:
      "Who rescheduled the booking (the reschedule's rescheduledBy, else the e-mail of the user who rescheduled it): on the booking left and on the new one.",
  })
  rescheduledByEmail: string | null;

  @Column({ name: 'cancelled_by_email', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The e-mail of the user who cancelled the booking with a credential; null when cancelled without one.' })
  cancelledByEmail: string | null;

  @Column({ name: 'rescheduled_to_uid', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The booking this one was rescheduled to (this one is then cancelled).' })
  rescheduledToUid: string | null;

  @Column({ name: 'from_reschedule', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The booking this one was rescheduled from.' })
  rescheduledFromUid: string | null;

  /** The platform OAuth client whose access token (or managed user's token) made the booking; its webhooks hear of it (spec 6 rules 5–7). */
  @Column({ name: 'platform_oauth_client_id', type: 'text', nullable: true })
  platformOAuthClientId: string | null;

  /** The video meeting URL the booking's conferencing location got (built-in daily-video); the GraphQL field `meetingUrl` falls back to a link location. */
  @Column({ name: 'meeting_url', type: 'text', nullable: true })
  meetingUrl: string | null;
  @Column({ name: 'recurring_booking_uid', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Occurrences of one recurring booking share this uid (null for a single booking).' })
  recurringBookingUid: string | null;

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
