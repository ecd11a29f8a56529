import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { DEFAULT_WEBHOOK_VERSION } from './triggers';
import { Webhook } from './webhook.entity';

/** Rules live in WebhookService.create; every violation is a BAD_USER_INPUT naming the field. */
@InputType({ description: 'Body of POST /v2/webhooks.' })
export class CreateWebhookInput {
  @Field({ description: 'http(s) URL the payloads are posted to.' })
  subscriberUrl: string;

  @Field(() => [String], { description: 'At least one trigger name; duplicates are ignored.' })
  triggers: string[];

  @Field({ nullable: true, defaultValue: true })
  active?: boolean;

  @Field(() => String, { nullable: true })
  payloadTemplate?: string | null;

  @Field(() => String, { nullable: true, description: 'Signing secret for the payload HMAC; stored encrypted and never returned.' })
  secret?: string | null;

  @Field({ nullable: true, defaultValue: DEFAULT_WEBHOOK_VERSION, description: '2021-10-20 or 2026-07-27.' })
  version?: string;

  @Field(() => Int, { nullable: true, description: 'At least 1; required with the no-show triggers.' })
  time?: number | null;

  @Field(() => String, { nullable: true, description: 'DAY, HOUR or MINUTE; required with the no-show triggers.' })
  timeUnit?: string | null;
}

/** Body of every webhook PATCH: the fields of the create body, each optional; the result is checked like a create. */
@InputType({ description: 'Body of PATCH /v2/webhooks/{webhookId} (and of the other webhook families).' })
export class UpdateWebhookInput {
  @Field({ nullable: true, description: 'http(s) URL the payloads are posted to; unique per owner.' })
  subscriberUrl?: string;

  @Field(() => [String], { nullable: true, description: 'Replaces the triggers: at least one trigger name.' })
  triggers?: string[];

  @Field({ nullable: true })
  active?: boolean;

  @Field(() => String, { nullable: true, description: 'null removes the template.' })
  payloadTemplate?: string | null;

  @Field(() => String, { nullable: true, description: 'Replaces the signing secret (null removes it); never returned.' })
  secret?: string | null;

  @Field({ nullable: true, description: '2021-10-20 or 2026-07-27.' })
  version?: string;

  @Field(() => Int, { nullable: true, description: 'At least 1; required with the no-show triggers; null removes it.' })
  time?: number | null;

  @Field(() => String, { nullable: true, description: 'DAY, HOUR or MINUTE; required with the no-show triggers; null removes it.' })
  timeUnit?: string | null;
}

@ObjectType()
export class WebhookPage extends PageOf(Webhook) {}
