import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const OOO_REASONS = ['unspecified', 'vacation', 'travel', 'sick', 'public_holiday'] as const;
export type OutOfOfficeReason = (typeof OOO_REASONS)[number];

/**
 * A period a user is away: whole UTC days, from the start of the first to the end of the last. Their
 * slots are unavailable in it (ooo-busy-times.ts); `toUserId` names who covers for them.
 */
@Entity({ name: 'out_of_office_entries' })
@ObjectType({ description: 'An out-of-office entry (reference: CreateOutOfOfficeEntryDto and its output).' })
export class OutOfOfficeEntry {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ type: 'uuid', default: () => 'gen_random_uuid()' })
  @Field()
  uuid: string;

  @Column({ name: 'user_id' })
  @Field(() => Int)
  userId: number;

  @Column({ name: 'to_user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'The user covering for the period: bookings are redirected to them.' })
  toUserId: number | null;

  @Column({ name: 'start_time', type: 'timestamptz' })
  @Field({ description: 'Start of the first day, UTC.' })
  start: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  @Field({ description: 'End of the last day (23:59:59.999), UTC.' })
  end: Date;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  notes: string | null;

  @Column({ type: 'text', default: 'unspecified' })
  @Field({ description: 'unspecified, vacation, travel, sick or public_holiday.' })
  reason: OutOfOfficeReason;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * Domain events of out-of-office entries (`OOO_CREATED`, spec 6), written in the transaction that
 * made the change, as booking_events are; the webhook dispatcher delivers rows whose `dispatchedAt`
 * is null.
 */
@Entity({ name: 'out_of_office_events' })
export class OutOfOfficeEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  type: 'OOO_CREATED';

  @Column({ name: 'ooo_id' })
  oooId: number;

  @Column({ name: 'user_id' })
  userId: number;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;
}
