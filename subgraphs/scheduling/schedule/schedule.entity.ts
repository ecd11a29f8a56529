import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@ObjectType({ description: 'Weekly open hours: on these days, from startTime to endTime (HH:mm, schedule time zone).' })
export class Availability {
  @Field(() => [String], { description: 'Weekday names: Monday … Sunday.' }) days: string[];
  @Field() startTime: string;
  @Field() endTime: string;
}

@ObjectType({ description: 'Open hours for one date instead of the weekly ones; startTime equal to endTime (00:00–00:00) means closed that date.' })
export class AvailabilityOverride {
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field() startTime: string;
  @Field() endTime: string;
}

@Entity({ name: 'schedules' })
@ObjectType({ description: 'When a user can be booked (type 2.14).' })
export class Schedule {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'owner_id' })
  @Field(() => Int)
  ownerId: number;

  @Column()
  @Field()
  name: string;

  @Column({ name: 'time_zone' })
  @Field({ description: 'IANA time zone name.' })
  timeZone: string;

  @Column({ type: 'jsonb', default: [] })
  @Field(() => [Availability])
  availability: Availability[];

  @Column({ type: 'jsonb', default: [] })
  @Field(() => [AvailabilityOverride])
  overrides: AvailabilityOverride[];

  @Column({ name: 'is_default', default: false })
  @Field()
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
