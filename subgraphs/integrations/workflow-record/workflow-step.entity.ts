import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Workflow } from './workflow.entity';

@ObjectType({ description: 'The content of a step: subject, and html (e-mail) or text (SMS, WhatsApp).' })
export class WorkflowMessage {
  @Field(() => String, { nullable: true }) subject: string | null;
  @Field(() => String, { nullable: true }) html: string | null;
  @Field(() => String, { nullable: true }) text: string | null;
}

/** One step of a workflow (spec 2.12 step fields). */
@Entity({ name: 'workflow_steps' })
@ObjectType({ description: 'A workflow step (spec 2.12).' })
export class WorkflowStep {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  // By name, with a type-only import: workflow.entity.ts imports this file (no two files import each other).
  @ManyToOne('Workflow', (workflow: Workflow) => workflow.steps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workflow_id' })
  workflow: Workflow;

  @Column({ name: 'workflow_id', type: 'int' })
  workflowId: number;

  @Column({ name: 'step_number', type: 'int' })
  @Field(() => Int)
  stepNumber: number;

  @Column({ type: 'text' })
  @Field({ description: 'email_host, email_attendee, email_address, sms_attendee, sms_number, whatsapp_attendee, whatsapp_number, cal_ai_phone_call.' })
  action: string;

  @Column({ type: 'text' })
  @Field({ description: 'const, attendee, email or phone_number.' })
  recipient: string;

  @Column({ type: 'text' })
  @Field({ description: 'reminder, custom, rescheduled, completed, rating or cancelled.' })
  template: string;

  @Column({ type: 'text' })
  @Field()
  sender: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ name: 'include_calendar_event', default: false })
  @Field()
  includeCalendarEvent: boolean;

  @Column({ name: 'phone_required', default: false })
  @Field()
  phoneRequired: boolean;

  @Column({ name: 'skip_no_show_attendees', default: false })
  @Field()
  skipNoShowAttendees: boolean;

  @Column({ name: 'auto_translate_enabled', default: false })
  @Field()
  autoTranslateEnabled: boolean;

  @Column({ name: 'source_locale', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  sourceLocale: string | null;

  @Field(() => WorkflowMessage)
  get message(): WorkflowMessage {
    return { subject: this.subject, html: this.html, text: this.text };
  }
}
