import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { WorkflowStep } from './workflow-step.entity';

@ObjectType({ description: 'Where a workflow applies: event types (an event-type workflow) or routing forms (a routing-form workflow).' })
export class WorkflowActivation {
  @Field() isActiveOnAllEventTypes: boolean;
  @Field(() => [Int]) activeOnEventTypeIds: number[];
  @Field() isActiveOnAllRoutingForms: boolean;
  @Field(() => [String]) activeOnRoutingFormIds: string[];
}

@ObjectType({ description: 'How long before or after the trigger time a step runs.' })
export class WorkflowOffset {
  @Field(() => Int) value: number;
  @Field({ description: 'hour, minute or day.' }) unit: string;
}

@ObjectType({ description: 'What starts a workflow.' })
export class WorkflowTrigger {
  @Field({
    description:
      'beforeEvent, eventCancelled, newEvent, afterEvent, rescheduleEvent, afterHostsCalVideoNoShow, afterGuestsCalVideoNoShow, bookingRejected, bookingRequested, bookingPaymentInitiated, bookingPaid, bookingNoShowUpdated (event-type workflows); formSubmitted, formSubmittedNoEvent (routing-form workflows).',
  })
  type: string;
  @Field(() => WorkflowOffset, { nullable: true }) offset: WorkflowOffset | null;
}

/** What a workflow runs on: bookings of event types, or submissions of routing forms. */
export type WorkflowKind = 'event-type' | 'routing-form';

/** A team's workflow (spec 2.12): a trigger and the steps (e-mails, text messages) it runs. */
@Entity({ name: 'workflows' })
@ObjectType({ description: 'A workflow (spec 2.12).' })
export class Workflow {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ type: 'text' })
  @Field()
  name: string;

  @Column({ type: 'text', default: 'event-type' })
  @Field(() => String, { description: "event-type (runs on bookings) or routing-form (runs on a routing form's submissions)." })
  type: WorkflowKind;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int' })
  @Field(() => Int, { nullable: true })
  teamId: number;

  @Column({ name: 'is_active_on_all_event_types', default: false })
  isActiveOnAllEventTypes: boolean;

  @Column({ name: 'active_on_event_type_ids', type: 'int', array: true, default: () => "'{}'" })
  activeOnEventTypeIds: number[];

  @Column({ name: 'is_active_on_all_routing_forms', default: false })
  isActiveOnAllRoutingForms: boolean;

  @Column({ name: 'active_on_routing_form_ids', type: 'uuid', array: true, default: () => "'{}'" })
  activeOnRoutingFormIds: string[];

  @Column({ name: 'trigger_type', type: 'text' })
  triggerType: string;

  @Column({ name: 'offset_value', type: 'int', nullable: true })
  offsetValue: number | null;

  @Column({ name: 'offset_unit', type: 'text', nullable: true })
  offsetUnit: string | null;

  @OneToMany(() => WorkflowStep, (step) => step.workflow, { cascade: true, eager: true })
  @Field(() => [WorkflowStep])
  steps: WorkflowStep[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;

  @Field(() => WorkflowActivation)
  get activation(): WorkflowActivation {
    return {
      isActiveOnAllEventTypes: this.isActiveOnAllEventTypes,
      activeOnEventTypeIds: this.activeOnEventTypeIds,
      isActiveOnAllRoutingForms: this.isActiveOnAllRoutingForms,
      activeOnRoutingFormIds: this.activeOnRoutingFormIds,
    };
  }

  @Field(() => WorkflowTrigger)
  get trigger(): WorkflowTrigger {
    return { type: this.triggerType, offset: this.offsetValue == null || !this.offsetUnit ? null : { value: this.offsetValue, unit: this.offsetUnit } };
  }
}
