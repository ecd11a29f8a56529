import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookDelivery } from './webhook-delivery.entity';

/** One HTTP request of a delivery and what came of it. */
@Entity({ name: 'webhook_delivery_attempts' })
@ObjectType({ description: 'One HTTP request of a delivery and its outcome.' })
export class WebhookDeliveryAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  // By name, with a type-only import: webhook-delivery.entity.ts imports this file (no two files import each other).
  @ManyToOne('WebhookDelivery', (delivery: WebhookDelivery) => delivery.attempts, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery: WebhookDelivery;

  @Column({ type: 'int' })
  @Field(() => Int, { description: '1 for the first request.' })
  attempt: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  @Field()
  startedAt: Date;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'HTTP status of the answer; null when none came (timeout, connection error).' })
  statusCode: number | null;

  @Column({ name: 'latency_ms', type: 'int' })
  @Field(() => Int)
  latencyMs: number;

  @Column({ name: 'response_snippet', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The start of the answer body (at most 1,024 characters).' })
  responseSnippet: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  error: string | null;
}
