import { createHmac } from 'node:crypto';
import DataLoader from 'dataloader';
import { DataSource, EntityManager } from 'typeorm';
import { enqueueInTransaction, WEBHOOK_DELIVERY_QUEUE } from '../../kit/job-queue';
import { fetchOutbound, OutboundError } from '../../kit/outbound';
import { decryptWebhookSecret } from '../webhook/webhook-secret';
import { Webhook } from '../webhook/webhook.entity';
import { backoffSeconds, deliverySettings, RESPONSE_MAX_BYTES, RESPONSE_SNIPPET_CHARS, retryAfterSeconds, USER_AGENT } from './delivery-settings';
import { WebhookDelivery } from './webhook-delivery.entity';
import { DeliveryJob } from './fan-out';

export const SIGNATURE_HEADER = 'X-Svc-Signature-256';
export const VERSION_HEADER = 'X-Svc-Webhook-Version';
export const DELIVERY_ID_HEADER = 'X-Svc-Delivery-Id';
/** Sent when the webhook has no secret, so receivers see the signature was not forgotten (the service's convention). */
export const NO_SECRET = 'no-secret-provided';

/** Hex HMAC-SHA256 of the exact body with the webhook's secret. */
export function signature(body: string, secret: string | null): string {
  return secret ? createHmac('sha256', secret).update(body, 'utf8').digest('hex') : NO_SECRET;
}

interface Outcome {
  statusCode: number | null;
  latencyMs: number;
  snippet: string | null;
  error: string | null;
  retryable: boolean;
  delivered: boolean;
  retryAfter?: number;
}

/** 2xx is delivered; timeouts, connection errors, 5xx, 408 and 429 are worth another try; anything else is the receiver's final word. */
function judge(statusCode: number): Pick<Outcome, 'delivered' | 'retryable'> {
  if (statusCode >= 200 && statusCode < 300) return { delivered: true, retryable: false };
  return { delivered: false, retryable: statusCode >= 500 || statusCode === 408 || statusCode === 429 };
}

/** What an attempt needs of the delivery and its webhook, read with one query. */
interface AttemptTarget {
  delivery: Pick<WebhookDelivery, 'id' | 'status' | 'attemptCount' | 'body' | 'contentType'>;
  webhook: Pick<Webhook, 'id' | 'active' | 'subscriberUrl' | 'secretCiphertext' | 'version'>;
}

/**
 * Attempts started in the same turn of the event loop (a fetched batch) read their targets with one query;
 * no cache, so every attempt sees the delivery's and the webhook's state of that moment.
 */
const targetLoaders = new WeakMap<DataSource, DataLoader<string, AttemptTarget | null>>();

function attemptTarget(db: DataSource, deliveryId: string): Promise<AttemptTarget | null> {
  let loader = targetLoaders.get(db);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const rows: any[] = await db.query(
        `SELECT d.id, d.status, d.attempts, d.body, d.content_type, w.id AS webhook_id, w.active, w.subscriber_url, w.secret_ciphertext, w.version
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ANY($1::uuid[])`,
        [ids],
      );
      const byId = new Map<string, AttemptTarget>(
        rows.map((row) => [
          row.id,
          {
            delivery: { id: row.id, status: row.status, attemptCount: row.attempts, body: row.body, contentType: row.content_type },
            webhook: { id: row.webhook_id, active: row.active, subscriberUrl: row.subscriber_url, secretCiphertext: row.secret_ciphertext, version: row.version },
          },
        ]),
      );
      return ids.map((id) => byId.get(id) ?? null);
    }, { cache: false, maxBatchSize: 100 });
    targetLoaders.set(db, loader);
  }
  return loader.load(deliveryId);
}

async function send({ webhook, delivery }: AttemptTarget, attempt: number, timeoutMs: number): Promise<Outcome> {
  const secret = webhook.secretCiphertext ? decryptWebhookSecret(webhook.secretCiphertext) : null;
  const started = Date.now();
  try {
    const response = await fetchOutbound(webhook.subscriberUrl, {
      method: 'POST',
      body: delivery.body,
      timeoutMs,
      maxResponseBytes: RESPONSE_MAX_BYTES,
      headers: {
        'content-type': delivery.contentType,
        'user-agent': USER_AGENT,
        [SIGNATURE_HEADER]: signature(delivery.body, secret),
        [VERSION_HEADER]: webhook.version,
        [DELIVERY_ID_HEADER]: delivery.id,
        'idempotency-key': delivery.id,
        'x-svc-webhook-attempt': String(attempt),
        'x-svc-webhook-id': String(webhook.id),
      },
    });
    return {
      statusCode: response.status,
      latencyMs: Date.now() - started,
      snippet: response.body.toString('utf8').slice(0, RESPONSE_SNIPPET_CHARS),
      error: response.status >= 300 && response.status < 400 ? `redirect not followed${response.headers.location ? ` (location: ${String(response.headers.location).slice(0, 500)})` : ''}` : null,
      retryAfter: retryAfterSeconds(response.headers['retry-after']),
      ...judge(response.status),
    };
  } catch (error) {
    const kind = error instanceof OutboundError ? error.kind : 'network';
    return {
      statusCode: null,
      latencyMs: Date.now() - started,
      snippet: null,
      error: (error as Error).message.slice(0, RESPONSE_SNIPPET_CHARS),
      delivered: false,
      // A refused target (private address) or an oversized answer will not change by waiting.
      retryable: kind === 'timeout' || kind === 'network',
    };
  }
}

/**
 * One attempt of one delivery. Idempotent: a job for an attempt already recorded (a job handed out
 * again after its worker died, or by two workers) does nothing, and the log row, the delivery's new
 * state and the next attempt's job are written in one transaction, so a crash leaves either all or
 * none of them. A deactivated webhook stops (the delivery is cancelled); a deleted one took its
 * deliveries with it, so its jobs find nothing to do.
 */
export async function attemptDelivery(db: DataSource, job: DeliveryJob): Promise<void> {
  const settings = deliverySettings();
  // A deleted webhook took its deliveries with it: nothing is found.
  const target = await attemptTarget(db, job.deliveryId);
  if (!target) return;
  const { delivery, webhook } = target;
  if (delivery.status !== 'pending' || delivery.attemptCount >= job.attempt) return;
  if (!webhook.active) {
    await db.getRepository(WebhookDelivery).update({ id: delivery.id, status: 'pending' }, { status: 'cancelled', nextAttemptAt: null });
    return;
  }
  const startedAt = new Date();
  const outcome = await send(target, job.attempt, settings.attemptTimeoutMs);
  const again = !outcome.delivered && outcome.retryable && job.attempt < settings.maxAttempts;
  const delaySeconds = Math.min(settings.retryMaxDelaySeconds, outcome.retryAfter ?? backoffSeconds(settings, job.attempt));
  const nextAttemptAt = again ? new Date(Date.now() + delaySeconds * 1000) : null;
  const status = outcome.delivered ? 'delivered' : again ? 'pending' : 'failed';
  const record: AttemptRecord = { deliveryId: delivery.id, attempt: job.attempt, startedAt, ...outcome, status, nextAttemptAt };
  if (!again) {
    await finalRecords(db).load(record);
    return;
  }
  // A retry: the next attempt's job commits with the state that promises it.
  await db.transaction(async (tx) => {
    if ((await recordAttempts(tx, [record])).length) {
      await enqueueInTransaction(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId: delivery.id, attempt: job.attempt + 1 } satisfies DeliveryJob, { startAfter: nextAttemptAt! });
    }
  });
}

interface AttemptRecord extends Pick<Outcome, 'statusCode' | 'latencyMs' | 'snippet' | 'error'> {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  status: string;
  nextAttemptAt: Date | null;
}

/**
 * Log rows and the deliveries' new states in one statement; a delivery is updated only when its row was
 * logged now (another worker may have recorded the attempt) and it is still pending. Answers the updated ids.
 */
function recordAttempts(run: EntityManager | DataSource, records: readonly AttemptRecord[]): Promise<Array<{ id: string }>> {
  return run.query(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
         AS i(delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error, status, next_attempt_at)
     ), logged AS (
       INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error)
       SELECT delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error FROM input
       ON CONFLICT (delivery_id, attempt) DO NOTHING RETURNING delivery_id, attempt
     )
     UPDATE webhook_deliveries d SET attempts = i.attempt, status = i.status, next_attempt_at = i.next_attempt_at, updated_at = now()
     FROM logged JOIN input i ON i.delivery_id = logged.delivery_id AND i.attempt = logged.attempt
     WHERE d.id = logged.delivery_id AND d.status = 'pending' RETURNING d.id`,
    [
      records.map((r) => r.deliveryId),
      records.map((r) => r.attempt),
      records.map((r) => r.startedAt),
      records.map((r) => r.statusCode),
      records.map((r) => r.latencyMs),
      records.map((r) => r.snippet),
      records.map((r) => r.error),
      records.map((r) => r.status),
      records.map((r) => r.nextAttemptAt),
    ],
  );
}

/**
 * Final outcomes (delivered, failed) that finish in the same turn of the event loop are recorded with one
 * statement. Should that statement fail (a delivery deleted meanwhile breaks its foreign key), each is
 * recorded alone, so one bad row does not fail — and resend — the others.
 */
const finalRecordLoaders = new WeakMap<DataSource, DataLoader<AttemptRecord, null>>();

function finalRecords(db: DataSource): DataLoader<AttemptRecord, null> {
  let loader = finalRecordLoaders.get(db);
  if (!loader) {
    loader = new DataLoader<AttemptRecord, null>(
      async (records) => {
        try {
          await recordAttempts(db, records);
          return records.map(() => null);
        } catch (error) {
          if (records.length === 1) return [error as Error];
          return Promise.all(records.map((r) => recordAttempts(db, [r]).then(() => null, (e: Error) => e)));
        }
      },
      { cache: false, maxBatchSize: 100 },
    );
    finalRecordLoaders.set(db, loader);
  }
  return loader;
}
