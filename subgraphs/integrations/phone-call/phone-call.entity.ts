import { Field, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A phone call placed for a team event type (spec 4.5), as the call provider answered
 * it. The answer (spec 2.16) is `callId` and `agentId`; the rest is kept to say who asked for which call.
 * The caller's `svcApiKey` is handed to the provider and never stored.
 */
@Entity({ name: 'phone_calls' })
@ObjectType({ description: 'A phone call placed by the call provider (spec 2.16).' })
export class PhoneCall {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'call_id', type: 'text' })
  @Field({ description: "The provider's id of the call." })
  callId: string;

  @Column({ name: 'agent_id', type: 'text' })
  @Field({ description: "The provider's id of the voice agent that makes the call." })
  agentId: string;

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
