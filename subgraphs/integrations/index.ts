import { SubgraphDefinition } from '../kit/server';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { WebhookUniqueUrl1732600000000 } from './migrations/1732600000000-webhook-unique-url';
import { Webhook } from './webhook/webhook.entity';
import { WebhookDeliveries1733100000000 } from './migrations/1733100000000-webhook-deliveries';
import { WebhookDelivery } from './webhook-delivery/webhook-delivery.entity';
import { WebhookDeliveryAttempt } from './webhook-delivery/webhook-delivery-attempt.entity';
import { EventTypeWebhookResolver, WebhookResolver } from './webhook/webhook.resolver';
import { DeliveryLogResolver } from './webhook-delivery/delivery-log.resolver';

/** Webhooks. */
export const integrations: SubgraphDefinition = {
  name: 'integrations',
  defaultPort: 4003,
  persistence: { schema: 'integrations', entities: [Webhook, WebhookDelivery, WebhookDeliveryAttempt], migrations: [Initial1732100000000, WebhookUniqueUrl1732600000000, WebhookDeliveries1733100000000] },
  resolvers: [WebhookResolver, EventTypeWebhookResolver, DeliveryLogResolver],
  referenceResolvers: {},
};
