import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries of webhook events and the log of their attempts. One delivery per webhook and event
 * (`event_key`): the fan-out job may run twice after a crash and still makes one. One log row per
 * attempt number: two workers that both ran an attempt (a job taken for lost) record it once.
 */
export class WebhookDeliveries1733100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        webhook_id int NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_key text NOT NULL,
        trigger_event text NOT NULL,
        body text NOT NULL,
        content_type text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        redelivery_of uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled'))
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_key)`);
    await q.query(`CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt int NOT NULL,
        started_at timestamptz NOT NULL,
        status_code int,
        latency_ms int NOT NULL,
        response_snippet text,
        error text,
        UNIQUE (delivery_id, attempt)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_delivery_attempts');
    await q.query('DROP TABLE webhook_deliveries');
  }
}
