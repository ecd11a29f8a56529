import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One submission of a routing form (spec 2.8). */
@Entity({ name: 'routing_form_responses' })
@ObjectType({ description: 'A routing form response (spec 2.8).' })
export class RoutingFormResponse {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'form_id', type: 'uuid' })
  @Field()
  formId: string;

  @Column({ name: 'form_filler_id', type: 'text' })
  @Field()
  formFillerId: string;

  @Column({ name: 'routed_to_booking_uid', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  routedToBookingUid: string | null;

  @Column({ type: 'jsonb' })
  @Field(() => GraphQLJSONObject, { description: 'By form field id: `{label, value}`.' })
  response: Record<string, { label: string; value: unknown }>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
