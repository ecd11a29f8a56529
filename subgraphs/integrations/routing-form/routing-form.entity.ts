import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { FormField, FormRoute } from './routing-form.rules';

/** A routing form of a team or an organization: its fields and the routes its answers lead to. */
@Entity({ name: 'routing_forms' })
@ObjectType({ description: "A routing form (the reference's RoutingFormOutput)." })
export class RoutingForm {
  @PrimaryGeneratedColumn('uuid')
  @Field()
  id: string;

  @Column({ type: 'text' })
  @Field()
  name: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  description: string | null;

  @Column({ type: 'int', default: 0 })
  @Field(() => Int)
  position: number;

  @Column({ name: 'user_id', type: 'int' })
  @Field(() => Int, { description: 'The user who created the form.' })
  userId: number;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  /** The organization the form belongs to (its team's organization, or the organization itself). */
  @Column({ name: 'organization_id', type: 'int', nullable: true })
  organizationId: number | null;

  @Column({ default: false })
  @Field()
  disabled: boolean;

  @Column({ type: 'jsonb' })
  @Field(() => GraphQLJSON, { nullable: true })
  fields: FormField[];

  @Column({ type: 'jsonb' })
  @Field(() => GraphQLJSON, { nullable: true })
  routes: FormRoute[];

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, { nullable: true })
  settings: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
