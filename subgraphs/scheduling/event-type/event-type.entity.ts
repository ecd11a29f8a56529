import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoredBookingField } from '../booking-field/booking-field.kinds';
import { BookingField } from '../booking-field/booking-field.type';

@ObjectType({ description: 'Where a meeting takes place, without integration prefix (`{type: "integration"}`, `{type: "address"}`, …).' })
export class EventTypeLocation {
  @Field()
  type: string;
}

@Entity({ name: 'event_types' })
@ObjectType({ description: 'A kind of meeting people can book, personal or of a team.' })
@Directive('@key(fields: "id")')
export class EventType {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column()
  @Field()
  title: string;

  @Column()
  @Field({ description: 'Unique per owner.' })
  slug: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  description: string | null;

  @Column({ name: 'length_in_minutes' })
  @Field(() => Int)
  lengthInMinutes: number;

  @Column({ type: 'jsonb', default: [] })
  @Field(() => [EventTypeLocation])
  locations: EventTypeLocation[];

  @Column({ default: false })
  @Field()
  hidden: boolean;

  @Column({ name: 'owner_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  ownerId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Immutable.' })
  teamId: number | null;

  @Column({ name: 'parent_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Immutable: the managed event type this one was created from.' })
  parentId: number | null;

  @Column({ name: 'assign_all_team_members', default: false })
  @Field({ description: 'Team event types: every accepted member of the team was made a host.' })
  assignAllTeamMembers: boolean;

  @Column({ name: 'booking_fields', type: 'jsonb' })
  @Field(() => [BookingField], { description: 'The booking form: default fields, workflow-added fields and custom fields.' })
  bookingFields: StoredBookingField[];

  @Column({ name: 'schedule_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  scheduleId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
