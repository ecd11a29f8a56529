import { Field, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PhoneCallState = 'PLACING' | 'PLACED';

/**
 * A phone call placed for a team event type (spec 4.5), as the call provider answered
 * it. The answer (spec 2.16) is `callId` and `agentId`; the rest is kept to say who asked for which call.
 * The caller's `svcApiKey` is handed to the provider and never stored. The row is written before the provider is asked,
 * in state PLACING (the write-ahead intent of phone-call-intent.ts), and holds the provider's ids once PLACED.
 */
@Entity({ name: 'phone_calls' })
@ObjectType({ description: 'A phone call placed by the call provider (spec 2.16).' })
export class PhoneCall {
  @PrimaryGeneratedColumn()
  id: number;

  /** Null while PLACING: such a row is never answered. */
  @Column({ name: 'call_id', type: 'text', nullable: true })
  @Field(() => String, { description: "The provider's id of the call." })
  callId: string | null;

  @Column({ name: 'agent_id', type: 'text', nullable: true })
  @Field(() => String, { description: "The provider's id of the voice agent that makes the call." })
  agentId: string | null;

  /** PLACING: committed before the provider was asked, its answer not recorded (yet, or ever: phone-call-intent.ts); PLACED: the provider's ids are here. */
  @Column({ type: 'text', default: 'PLACED' })
  state: PhoneCallState;

  /** The organization of the team; null for a team outside any organization (the team path). */
  @Column({ name: 'org_id', type: 'int', nullable: true })
  orgId: number | null;

  @Column({ name: 'team_id', type: 'int' })
  teamId: number;

  @Column({ name: 'event_type_id', type: 'int' })
  eventTypeId: number;

  @Column({ name: 'requested_by_user_id', type: 'int' })
  requestedByUserId: number;

  @Column({ name: 'your_phone_number', type: 'text' })
  yourPhoneNumber: string;

  @Column({ name: 'number_to_call', type: 'text' })
  numberToCall: string;

  @Column({ name: 'template_type', type: 'text' })
  templateType: string;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
