import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled' | 'dead-lettered';

/** One event sent (or to be sent) to one webhook; its id is the idempotency key the receiver sees. */
@Entity({ name: 'webhook_deliveries' })
@ObjectType({ description: 'One event delivered (or to be delivered) to one webhook, with its attempts.' })
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  @Field({ description: 'Sent as X-Svc-Delivery-Id and Idempotency-Key; the same on every attempt.' })
  id: string;

  @Column({ name: 'webhook_id', type: 'int' })
  @Field(() => Int)
  webhookId: number;

  /** What the delivery is for (the domain event), unique per webhook. */
  @Column({ name: 'event_key', type: 'text' })
  eventKey: string;

  @Column({ name: 'trigger_event', type: 'text' })
  @Field()
  triggerEvent: string;

  /** The exact body sent on every attempt (the signature covers these bytes). */
  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'text', default: 'pending' })
  @Field({
    description:
      'pending, delivered, failed (gave up, refused by the receiver, or its payloadTemplate made no body), cancelled (webhook deactivated) ' +
      'or dead-lettered (set aside after its attempt stopped the webhook worker twice; not attempted again).',
  })
  status: WebhookDeliveryStatus;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  @Field(() => String, {
    nullable: true,
    description: 'Why the delivery ended without an answer of the receiver: its payloadTemplate made no body, or it was dead-lettered.',
  })
  failureReason: string | null;

  @Column({ name: 'attempts', type: 'int', default: 0 })
  @Field(() => Int, { description: 'Attempts made so far.' })
  attemptCount: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'redelivery_of', type: 'uuid', nullable: true })
  @Field(() => String, { nullable: true, description: 'The delivery this one sends again (redeliver).' })
  redeliveryOf: string | null;

  @OneToMany(() => WebhookDeliveryAttempt, (attempt) => attempt.delivery)
  @Field(() => [WebhookDeliveryAttempt], { description: 'The attempts, first first.' })
  attempts: WebhookDeliveryAttempt[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
