import { createHmac } from 'node:crypto';
import DataLoader from 'dataloader';
import { DataSource, EntityManager } from 'typeorm';
import { enqueueInTransaction, WEBHOOK_DELIVERY_QUEUE } from '../../../platform/job-queue';
import { groupedWriter } from '../../../platform/grouped-writes';
import { countDelivery } from '../../../platform/metrics';
import { inSpan } from '../../../platform/tracing';
import { fetchOutbound, OutboundError } from '../../../platform/outbound';
import { decryptWebhookSecret } from '../webhook/webhook-secret';
import { Webhook } from '../webhook/webhook.entity';
import {
  backoffSeconds,
  DeliverySettings,
  deliverySettings,
  RESPONSE_MAX_BYTES,
  RESPONSE_SNIPPET_CHARS,
  retryAfterSeconds,
  USER_AGENT,
} from './delivery-settings';
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
    loader = new DataLoader(
      async (ids: readonly string[]) => {
        type Delivery = AttemptTarget['delivery'];
        type Target = AttemptTarget['webhook'];
        const rows: {
          id: Delivery['id'];
          status: Delivery['status'];
          attempts: Delivery['attemptCount'];
          body: Delivery['body'];
          content_type: Delivery['contentType'];
          webhook_id: Target['id'];
          active: Target['active'];
          subscriber_url: Target['subscriberUrl'];
          secret_ciphertext: Target['secretCiphertext'];
          version: Target['version'];
        }[] = await db.query(
          `SELECT d.id, d.status, d.attempts, d.body, d.content_type, w.id AS webhook_id, w.active, w.subscriber_url, w.secret_ciphertext, w.version
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ANY($1::uuid[])`,
          [ids],
        );
        const byId = new Map<string, AttemptTarget>(
          rows.map((row) => [
            row.id,
            {
              delivery: { id: row.id, status: row.status, attemptCount: row.attempts, body: row.body, contentType: row.content_type },
              webhook: {
                id: row.webhook_id,
                active: row.active,
                subscriberUrl: row.subscriber_url,
                secretCiphertext: row.secret_ciphertext,
                version: row.version,
              },
            },
          ]),
        );
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cache: false, maxBatchSize: 100 },
    );
    targetLoaders.set(db, loader);
  }
  return loader.load(deliveryId);
}

async function send({ webhook, delivery }: AttemptTarget, attempt: number, settings: DeliverySettings): Promise<Outcome> {
  const secret = webhook.secretCiphertext ? decryptWebhookSecret(webhook.secretCiphertext) : null;
  const started = Date.now();
  try {
    const response = await fetchOutbound(webhook.subscriberUrl, {
      method: 'POST',
      body: delivery.body,
      timeoutMs: settings.attemptTimeoutMs,
      maxResponseBytes: RESPONSE_MAX_BYTES,
      // Receivers get many deliveries: the connection to a receiver's checked address is kept for the next one.
      keepAlive: settings.keepAlive,
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
      error:
        response.status >= 300 && response.status < 400
          ? `redirect not followed${response.headers.location ? ` (location: ${String(response.headers.location).slice(0, 500)})` : ''}`
          : null,
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

interface RecordedAttempt {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  snippet: string | null;
  error: string | null;
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * The attempts' log rows and their deliveries' new states in one statement; a delivery is not updated
 * when its attempt was recorded already (another worker) or it is no longer pending. Answers the ids updated.
 */
function recordAttempts(run: EntityManager | DataSource, attempts: RecordedAttempt[]): Promise<Array<{ id: string }>> {
  const column = <K extends keyof RecordedAttempt>(key: K) => attempts.map((a) => a[key]);
  return run.query(
    `WITH outcome AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
         AS o(delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error, status, next_attempt_at)
     ), logged AS (
       INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error)
       SELECT delivery_id, attempt, started_at, status_code, latency_ms, response_snippet, error FROM outcome
       ON CONFLICT (delivery_id, attempt) DO NOTHING RETURNING delivery_id, attempt
     )
     UPDATE webhook_deliveries d SET attempts = o.attempt, status = o.status, next_attempt_at = o.next_attempt_at, updated_at = now()
     FROM logged JOIN outcome o USING (delivery_id, attempt) WHERE d.id = logged.delivery_id AND d.status = 'pending' RETURNING d.id`,
    [
      column('deliveryId'),
      column('attempt'),
      column('startedAt'),
      column('statusCode'),
      column('latencyMs'),
      column('snippet'),
      column('error'),
      column('status'),
      column('nextAttemptAt'),
    ],
  );
}

/** Final outcomes (delivered, failed) are written by group commit: no wait when none is being written, one statement for those that came meanwhile. */
const finalWriters = new WeakMap<DataSource, (attempt: RecordedAttempt) => Promise<void>>();

function recordFinal(db: DataSource, attempt: RecordedAttempt): Promise<void> {
  let writer = finalWriters.get(db);
  if (!writer) {
    writer = groupedWriter<RecordedAttempt>(async (attempts) => void (await recordAttempts(db, attempts)));
    finalWriters.set(db, writer);
  }
  return writer(attempt);
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
  // The attempt's span: the outgoing request (its traceparent goes to the receiver) and the writes of its outcome are its children.
  const attributes = { 'svc.delivery_id': delivery.id, 'svc.delivery_attempt': job.attempt, 'svc.webhook_id': webhook.id };
  return inSpan('webhook delivery attempt', attributes, async (span) => {
    const startedAt = new Date();
    const outcome = await send(target, job.attempt, settings);
    const again = !outcome.delivered && outcome.retryable && job.attempt < settings.maxAttempts;
    const delaySeconds = Math.min(settings.retryMaxDelaySeconds, outcome.retryAfter ?? backoffSeconds(settings, job.attempt));
    const nextAttemptAt = again ? new Date(Date.now() + delaySeconds * 1000) : null;
    const status = outcome.delivered ? 'delivered' : again ? 'pending' : 'failed';
    const counted = outcome.delivered ? 'delivered' : again ? 'retry' : 'failed';
    countDelivery(counted);
    span?.setAttributes({ 'svc.delivery_outcome': counted, ...(outcome.statusCode === null ? {} : { 'http.response.status_code': outcome.statusCode }) });
    const recorded: RecordedAttempt = {
      deliveryId: delivery.id,
      attempt: job.attempt,
      startedAt,
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      snippet: outcome.snippet,
      error: outcome.error,
      status,
      nextAttemptAt,
    };
    // A final outcome goes with the others being written (one statement for many attempts under load).
    if (!again) return recordFinal(db, recorded);
    // A retry: the next attempt's job commits with the state that promises it.
    await db.transaction(async (tx) => {
      if ((await recordAttempts(tx, [recorded])).length) {
        const next: DeliveryJob = { deliveryId: delivery.id, attempt: job.attempt + 1 };
        await enqueueInTransaction(tx, WEBHOOK_DELIVERY_QUEUE, next, { startAfter: nextAttemptAt! });
      }
    });
  });
}
