import { Field, InputType } from 'type-graphql';

/** Body of POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call (spec 4.5). Rules: phone-call.service.ts. */
@InputType({ description: 'Body of the create-phone-call endpoint (spec 4.5).' })
export class CreatePhoneCallInput {
  @Field({ description: 'The number the call comes from, E.164 (`^\\+[1-9]\\d{1,14}$`).' })
  yourPhoneNumber: string;

  @Field({ description: 'The number to call, E.164 (`^\\+[1-9]\\d{1,14}$`).' })
  numberToCall: string;

  @Field({ description: "An API key of the caller (svc_…), which the provider's agent uses to book; handed to the provider, never stored." })
  svcApiKey: string;

  @Field({ nullable: true, defaultValue: true })
  enabled?: boolean;

  @Field({ nullable: true, defaultValue: 'CUSTOM_TEMPLATE', description: 'CHECK_IN_APPOINTMENT or CUSTOM_TEMPLATE.' })
  templateType?: string;

  @Field(() => String, { nullable: true })
  schedulerName?: string | null;

  @Field(() => String, { nullable: true })
  guestName?: string | null;

  @Field(() => String, { nullable: true })
  guestEmail?: string | null;

  @Field(() => String, { nullable: true })
  guestCompany?: string | null;

  @Field(() => String, { nullable: true, description: 'What the agent says first.' })
  beginMessage?: string | null;

  @Field(() => String, { nullable: true, description: 'Instructions for the agent.' })
  generalPrompt?: string | null;
}
