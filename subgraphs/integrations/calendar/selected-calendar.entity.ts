import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A calendar of one of the user's connections whose events make the user busy. */
@Entity({ name: 'selected_calendars' })
@ObjectType({ description: 'A calendar checked for conflicts (POST /v2/selected-calendars).' })
export class SelectedCalendar {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int' })
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
