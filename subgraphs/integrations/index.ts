import { SubgraphDefinition } from '../kit/server';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { WebhookUniqueUrl1732600000000 } from './migrations/1732600000000-webhook-unique-url';
import { PhoneCalls1733200000000 } from './migrations/1733200000000-phone-calls';
import { PhoneCall } from './phone-call/phone-call.entity';
import { PhoneCallResolver } from './phone-call/phone-call.resolver';
import { Webhook } from './webhook/webhook.entity';
import { EventTypeWebhookResolver, WebhookResolver } from './webhook/webhook.resolver';
import { OAuthClientWebhookResolver } from './webhook/oauth-client-webhook.resolver';
import { OrganizationWebhookResolver } from './webhook/organization-webhook.resolver';
import { TeamEventTypeWebhookResolver } from './webhook/team-event-type-webhook.resolver';

/** Webhooks and phone calls. */
export const integrations: SubgraphDefinition = {
  name: 'integrations',
  defaultPort: 4003,
  persistence: { schema: 'integrations', entities: [Webhook, PhoneCall], migrations: [Initial1732100000000, WebhookUniqueUrl1732600000000, PhoneCalls1733200000000] },
  resolvers: [WebhookResolver, EventTypeWebhookResolver, OrganizationWebhookResolver, TeamEventTypeWebhookResolver, OAuthClientWebhookResolver, PhoneCallResolver],
  referenceResolvers: {},
};
