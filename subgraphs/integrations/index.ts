import { SubgraphDefinition } from '../kit/server';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { WebhookUniqueUrl1732600000000 } from './migrations/1732600000000-webhook-unique-url';
import { VerifiedResources1733600000003 } from './migrations/1733600000003-verified-resources';
import { VerificationCode, VerifiedEmail, VerifiedPhone } from './verified-resource/verified-resource.entity';
import { OrganizationTeamVerifiedResourceResolver, TeamVerifiedResourceResolver, UserVerifiedResourceResolver } from './verified-resource/verified-resource.resolver';
import { PhoneCalls1733200000000 } from './migrations/1733200000000-phone-calls';
import { PhoneCall } from './phone-call/phone-call.entity';
import { PhoneCallResolver } from './phone-call/phone-call.resolver';
import { Webhook } from './webhook/webhook.entity';
import { WebhookDeliveries1733100000000 } from './migrations/1733100000000-webhook-deliveries';
import { WebhookDelivery } from './webhook-delivery/webhook-delivery.entity';
import { WebhookDeliveryAttempt } from './webhook-delivery/webhook-delivery-attempt.entity';
import { EventTypeWebhookResolver, WebhookResolver } from './webhook/webhook.resolver';
import { DeliveryLogResolver } from './webhook-delivery/delivery-log.resolver';
import { OAuthClientWebhookResolver } from './webhook/oauth-client-webhook.resolver';
import { OrganizationWebhookResolver } from './webhook/organization-webhook.resolver';
import { TeamEventTypeWebhookResolver } from './webhook/team-event-type-webhook.resolver';

/** Webhooks and phone calls. */
export const integrations: SubgraphDefinition = {
  name: 'integrations',
  defaultPort: 4003,
  persistence: { schema: 'integrations', entities: [Webhook, WebhookDelivery, WebhookDeliveryAttempt, VerifiedEmail, VerifiedPhone, VerificationCode, PhoneCall], migrations: [Initial1732100000000, WebhookUniqueUrl1732600000000, WebhookDeliveries1733100000000, PhoneCalls1733200000000, VerifiedResources1733600000003] },
  resolvers: [WebhookResolver, EventTypeWebhookResolver, DeliveryLogResolver, UserVerifiedResourceResolver, TeamVerifiedResourceResolver, OrganizationTeamVerifiedResourceResolver, OrganizationWebhookResolver, TeamEventTypeWebhookResolver, OAuthClientWebhookResolver, PhoneCallResolver],
  referenceResolvers: {},
};
