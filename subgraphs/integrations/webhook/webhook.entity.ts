import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'webhooks' })
@ObjectType({ description: 'A subscriber URL called when one of its triggers fires.' })
export class Webhook {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  @Column({ name: 'event_type_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  eventTypeId: number | null;

  @Column({ name: 'o_auth_client_id', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  oAuthClientId: string | null;

  @Column({ name: 'subscriber_url', type: 'text' })
  @Field()
  subscriberUrl: string;

  @Column({ default: true })
  @Field()
  active: boolean;

  @Column({ type: 'text', array: true })
  @Field(() => [String])
  triggers: string[];

  @Column({ name: 'payload_template', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  payloadTemplate: string | null;

  /** AES-256-GCM ciphertext of the signing secret (webhook-secret.ts); never a GraphQL field. */
  @Column({ name: 'secret_ciphertext', type: 'text', nullable: true })
  secretCiphertext: string | null;

  @Column({ type: 'text', default: '2021-10-20' })
  @Field({ description: 'Payload version: 2021-10-20 or 2026-07-27.' })
  version: string;

  @Column({ type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Delay of the no-show triggers, in timeUnit.' })
  time: number | null;

  @Column({ name: 'time_unit', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'DAY, HOUR or MINUTE.' })
  timeUnit: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
