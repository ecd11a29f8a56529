import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Workflow } from '../workflow-record/workflow.entity';

@InputType()
export class WorkflowActivationInput {
  @Field({ nullable: true, defaultValue: false }) isActiveOnAllEventTypes?: boolean;
  @Field(() => [Int], { nullable: true, description: 'Event types of the team; required unless isActiveOnAllEventTypes.' }) activeOnEventTypeIds?:
    number[] | null;
}

@InputType({ description: 'Where a routing-form workflow applies.' })
export class WorkflowFormActivationInput {
  @Field({ nullable: true, defaultValue: false }) isActiveOnAllRoutingForms?: boolean;
  @Field(() => [String], { nullable: true, description: 'Routing forms of the team; required unless isActiveOnAllRoutingForms.' }) activeOnRoutingFormIds?:
    string[] | null;
}

@InputType()
export class WorkflowOffsetInput {
  @Field(() => Int, { description: '0 or more.' }) value: number;
  @Field({ description: 'hour, minute or day.' }) unit: string;
}

@InputType()
export class WorkflowTriggerInput {
  @Field({
    description:
      'beforeEvent, eventCancelled, newEvent, afterEvent, rescheduleEvent, afterHostsCalVideoNoShow, afterGuestsCalVideoNoShow, bookingRejected, bookingRequested, bookingPaymentInitiated, bookingPaid, bookingNoShowUpdated (event-type workflows); formSubmitted, formSubmittedNoEvent (routing-form workflows).',
  })
  type: string;
  @Field(() => WorkflowOffsetInput, { nullable: true, description: 'Required for beforeEvent, afterEvent and the two video no-show triggers.' })
  offset?: WorkflowOffsetInput | null;
}

@InputType()
export class WorkflowMessageInput {
  @Field() subject: string;
  @Field(() => String, { nullable: true, description: 'E-mail body (e-mail actions).' }) html?: string | null;
  @Field(() => String, { nullable: true, description: 'Text body (SMS and WhatsApp actions).' }) text?: string | null;
}

@InputType()
export class WorkflowStepInput {
  @Field(() => Int, { nullable: true, description: 'PATCH only: a step of the workflow, changed in place (it keeps its id); steps without one are added.' })
  id?: number | null;
  @Field() action: string;
  @Field(() => Int) stepNumber: number;
  @Field() recipient: string;
  @Field() template: string;
  @Field() sender: string;
  @Field(() => Int, { nullable: true, description: 'A verified e-mail of the team (email_address): the step sends to its address.' }) verifiedEmailId?:
    number | null;
  @Field(() => Int, { nullable: true, description: 'A verified phone number of the team (sms_number, whatsapp_number): the step sends to it.' })
  verifiedPhoneId?: number | null;
  @Field(() => String, { nullable: true, description: 'The address of an email_address step.' }) email?: string | null;
  @Field(() => String, { nullable: true, description: 'The number of an sms_number / whatsapp_number step (E.164).' }) phone?: string | null;
  @Field({ nullable: true, defaultValue: false }) includeCalendarEvent?: boolean;
  @Field({ nullable: true, defaultValue: false }) phoneRequired?: boolean;
  @Field({ nullable: true, defaultValue: false }) skipNoShowAttendees?: boolean;
  @Field({ nullable: true, defaultValue: false }) autoTranslateEnabled?: boolean;
  @Field(() => String, { nullable: true }) sourceLocale?: string | null;
  @Field(() => WorkflowMessageInput) message: WorkflowMessageInput;
}

@InputType({ description: "Body of POST …/workflows (the reference's CreateWorkflowDto)." })
export class CreateWorkflowInput {
  @Field() name: string;
  @Field(() => WorkflowActivationInput) activation: WorkflowActivationInput;
  @Field(() => WorkflowTriggerInput) trigger: WorkflowTriggerInput;
  @Field(() => [WorkflowStepInput]) steps: WorkflowStepInput[];
}

@InputType({ description: 'Body of PATCH …/workflows/{workflowId}: fields left out are kept; `steps` replaces the steps.' })
export class UpdateWorkflowInput {
  @Field({ nullable: true }) name?: string;
  @Field(() => WorkflowActivationInput, { nullable: true }) activation?: WorkflowActivationInput;
  @Field(() => WorkflowTriggerInput, { nullable: true }) trigger?: WorkflowTriggerInput;
  @Field(() => [WorkflowStepInput], { nullable: true }) steps?: WorkflowStepInput[];
}

@InputType({ description: "Body of POST …/workflows/routing-form (the reference's CreateFormWorkflowDto): steps email_attendee or email_address." })
export class CreateRoutingFormWorkflowInput {
  @Field() name: string;
  @Field(() => WorkflowFormActivationInput) activation: WorkflowFormActivationInput;
  @Field(() => WorkflowTriggerInput) trigger: WorkflowTriggerInput;
  @Field(() => [WorkflowStepInput]) steps: WorkflowStepInput[];
}

@InputType({ description: 'Body of PATCH …/workflows/{workflowId}/routing-form: fields left out are kept; `steps` replaces the steps.' })
export class UpdateRoutingFormWorkflowInput {
  @Field({ nullable: true }) name?: string;
  @Field(() => WorkflowFormActivationInput, { nullable: true }) activation?: WorkflowFormActivationInput;
  @Field(() => WorkflowTriggerInput, { nullable: true }) trigger?: WorkflowTriggerInput;
  @Field(() => [WorkflowStepInput], { nullable: true }) steps?: WorkflowStepInput[];
}

@ObjectType()
export class WorkflowPage extends PageOf(Workflow) {}
