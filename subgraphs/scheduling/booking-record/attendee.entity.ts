import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'attendees' })
@ObjectType({ description: 'A guest of a booking.' })
export class Attendee {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'booking_id' })
  @Field(() => Int, { description: 'The id of the booking the attendee attends.' })
  bookingId: number;

  @Column()
  @Field()
  name: string;

  @Column()
  @Field()
  email: string;

  @Column({ name: 'time_zone' })
  @Field()
  timeZone: string;

  @Column({ default: 'en' })
  @Field()
  language: string;

  @Column({ default: false })
  @Field()
  absent: boolean;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  phoneNumber: string | null;

  @Column({ name: 'seat_uid', type: 'text', nullable: true, unique: true })
  @Field(() => String, { nullable: true, description: 'Seated event types: the seat this attendee holds.' })
  seatUid: string | null;

  @Column({ name: 'booking_fields_responses', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: "Seated event types: this seat's own answers to the booking form (its name and the answers sent with it); null for other attendees.",
  })
  bookingFieldsResponses: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Seated event types: the metadata sent with this seat; null for other attendees.' })
  metadata: Record<string, unknown> | null;
}
