import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The calendar new bookings of the user are written to: one per user. */
@Entity({ name: 'destination_calendars' })
@ObjectType({ description: 'The calendar bookings are written to (PUT /v2/destination-calendars).' })
export class DestinationCalendar {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  @Field(() => Int)
  userId: number;

  @Column({ type: 'text' })
  @Field()
  integration: string;

  @Column({ name: 'external_id', type: 'text' })
  @Field()
  externalId: string;

  @Column({ name: 'credential_id', type: 'int' })
  @Field(() => Int, { nullable: true })
  credentialId: number;
}
