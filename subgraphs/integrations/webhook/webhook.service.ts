import { DataSource } from 'typeorm';
import { badInput, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { ACCEPTED_TRIGGERS, DEFAULT_WEBHOOK_VERSION, NO_SHOW_TRIGGERS, WEBHOOK_TIME_UNITS, WEBHOOK_VERSIONS } from './triggers';
import { decryptWebhookSecret, encryptWebhookSecret } from './webhook-secret';
import { Webhook } from './webhook.entity';

export interface NewWebhook {
  subscriberUrl: string;
  triggers: string[];
  active?: boolean | null;
  payloadTemplate?: string | null;
  secret?: string | null;
  version?: string | null;
  time?: number | null;
  timeUnit?: string | null;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The webhook as it is to be stored, or the BAD_USER_INPUT naming the first field that breaks a rule. */
function checked(input: NewWebhook): Omit<Webhook, 'id' | 'userId' | 'teamId' | 'eventTypeId' | 'oAuthClientId' | 'createdAt' | 'updatedAt'> {
  const subscriberUrl = typeof input.subscriberUrl === 'string' ? input.subscriberUrl.trim() : input.subscriberUrl;
  if (!isHttpUrl(subscriberUrl)) throw badInput('subscriberUrl', 'must be an http or https URL');

  if (!Array.isArray(input.triggers) || input.triggers.length === 0) throw badInput('triggers', 'must name at least one trigger');
  const unknown = input.triggers.filter((trigger) => !ACCEPTED_TRIGGERS.has(trigger));
  if (unknown.length) throw badInput('triggers', `unknown trigger ${unknown.map((t) => JSON.stringify(t)).join(', ')}`);
  const triggers = [...new Set(input.triggers)];

  if (input.secret != null && input.secret.length === 0) throw badInput('secret', 'must not be empty');

  const version = input.version ?? DEFAULT_WEBHOOK_VERSION;
  if (!(WEBHOOK_VERSIONS as readonly string[]).includes(version)) throw badInput('version', `must be one of ${WEBHOOK_VERSIONS.join(', ')}`);

  const time = input.time ?? null;
  if (time !== null && (!Number.isInteger(time) || time < 1)) throw badInput('time', 'must be an integer of at least 1');
  const timeUnit = input.timeUnit ?? null;
  if (timeUnit !== null && !(WEBHOOK_TIME_UNITS as readonly string[]).includes(timeUnit)) {
    throw badInput('timeUnit', `must be one of ${WEBHOOK_TIME_UNITS.join(', ')}`);
  }
  const noShow = triggers.find((trigger) => NO_SHOW_TRIGGERS.has(trigger));
  if (noShow && time === null) throw badInput('time', `is required with the ${noShow} trigger`);
  if (noShow && timeUnit === null) throw badInput('timeUnit', `is required with the ${noShow} trigger`);

  return {
    subscriberUrl: subscriberUrl as string,
    triggers,
    active: input.active ?? true,
    payloadTemplate: input.payloadTemplate ?? null,
    secretCiphertext: input.secret != null ? encryptWebhookSecret(input.secret) : null,
    version,
    time,
    timeUnit,
  };
}

export class WebhookService {
  constructor(private readonly db: DataSource) {}

  private get webhooks() {
    return this.db.getRepository(Webhook);
  }

  /** A webhook of the user (not of a team, event type or OAuth client). */
  create(userId: number, input: NewWebhook): Promise<Webhook> {
    return this.webhooks.save(this.webhooks.create({ ...checked(input), userId }));
  }

  listForUser(userId: number, page: PageArgs): Promise<[Webhook[], number]> {
    const { take, skip } = pageWindow(page);
    return this.webhooks.findAndCount({ where: { userId }, order: { id: 'ASC' }, take, skip });
  }

  /** The user's webhook; NOT_FOUND for anybody else's, so ids of others are not disclosed. */
  async getForUser(userId: number, id: number): Promise<Webhook> {
    const webhook = await this.webhooks.findOneBy({ id, userId });
    if (!webhook) throw notFound('Webhook', id);
    return webhook;
  }

  /** The plain signing secret, for the HMAC of a delivery; null when the webhook has none. */
  signingSecretOf(webhook: Webhook): string | null {
    return webhook.secretCiphertext == null ? null : decryptWebhookSecret(webhook.secretCiphertext);
  }
}
