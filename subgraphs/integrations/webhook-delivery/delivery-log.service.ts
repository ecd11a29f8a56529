import { DataSource } from 'typeorm';
import { enqueueInTransaction, WEBHOOK_DELIVERY_QUEUE } from '../../../platform/job-queue';
import { conflict, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, DEFAULT_TAKE } from '../../../platform/pagination';
import { Webhook } from '../webhook/webhook.entity';
import { DeliveryJob } from './fan-out';
import { WebhookDelivery } from './webhook-delivery.entity';
import { UUID } from '../../../platform/uuid';

/** The delivery log of a user's own webhooks; anybody else's webhook (or delivery) is a 404. */
export class DeliveryLogService {
  constructor(private readonly db: DataSource) {}

  private async ownWebhook(userId: number, webhookId: number): Promise<Webhook> {
    const webhook = await this.db.getRepository(Webhook).findOneBy({ id: webhookId, userId });
    if (!webhook) throw notFound('Webhook', webhookId);
    return webhook;
  }

  /** Newest first, with their attempts (first first). */
  async list(userId: number, webhookId: number, page: PageArgs): Promise<[WebhookDelivery[], number]> {
    await this.ownWebhook(userId, webhookId);
    const [ids, total] = await this.db.getRepository(WebhookDelivery).findAndCount({
      select: { id: true },
      where: { webhookId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: page.take ?? DEFAULT_TAKE,
      skip: page.skip ?? 0,
    });
    if (!ids.length) return [[], total];
    const items = await this.db.getRepository(WebhookDelivery).find({
      where: ids.map(({ id }) => ({ id })),
      relations: { attempts: true },
      order: { createdAt: 'DESC', id: 'ASC', attempts: { attempt: 'ASC' } },
    });
    return [items, total];
  }

  /**
   * Sends a delivery again as a new delivery (its own id and attempts, `redeliveryOf` the old one),
   * with the same body: the receiver decides whether it is a duplicate. Enqueued in the transaction that records it.
   * A delivery whose template made no body is a CONFLICT.
   */
  async redeliver(userId: number, webhookId: number, deliveryId: string): Promise<WebhookDelivery> {
    await this.ownWebhook(userId, webhookId);
    const original = UUID.test(deliveryId) ? await this.db.getRepository(WebhookDelivery).findOneBy({ id: deliveryId, webhookId }) : null;
    if (!original) throw notFound('Delivery', deliveryId);
    // Its template made no body (the reason says why): there is nothing to send again; a fixed template serves the next events.
    if (!original.contentType && original.failureReason) throw conflict(`Delivery ${original.id} has no body to send again: ${original.failureReason}`);
    const id = await this.db.transaction(async (tx) => {
      const [row]: Array<{ id: string }> = await tx.query(
        `INSERT INTO webhook_deliveries (webhook_id, event_key, trigger_event, body, content_type, redelivery_of)
         VALUES ($1, 'redelivery:' || gen_random_uuid(), $2, $3, $4, $5) RETURNING id`,
        [webhookId, original.triggerEvent, original.body, original.contentType, original.id],
      );
      await enqueueInTransaction(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId: row.id, attempt: 1 } satisfies DeliveryJob);
      await recordKeyedWrite(tx, { deliveryId: row.id });
      return row.id;
    });
    return this.db.getRepository(WebhookDelivery).findOneOrFail({ where: { id }, relations: { attempts: true } });
  }

  /** The new delivery a keyed redelivery made (platform/keyed-writes.ts), with its attempts so far. */
  async recalled(userId: number, webhookId: number, deliveryId: string): Promise<WebhookDelivery> {
    await this.ownWebhook(userId, webhookId);
    const delivery = await this.db.getRepository(WebhookDelivery).findOne({ where: { id: deliveryId, webhookId }, relations: { attempts: true } });
    if (!delivery) throw notFound('Delivery', deliveryId);
    return delivery;
  }
}
