import { DataSource } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { checkOutboundUrlWithoutLookup, OutboundRefused } from '../../../platform/outbound';
import { payloadTemplateProblem } from './payload-template';
import { PageArgs, pageWindow } from '../../../platform/pagination';
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

/** Body of an update: every field may be left out (kept); `payloadTemplate`, `secret`, `time`, `timeUnit` may be null (removed). */
export type WebhookPatch = Partial<NewWebhook>;

/**
 * Who a webhook belongs to: a user, an event type (personal or team), a team / organization (an
 * organization is a team with `isOrganization`, so its webhooks carry its id as `teamId`), or a
 * platform OAuth client.
 */
export type WebhookOwner = { userId: number } | { eventTypeId: number } | { teamId: number } | { oAuthClientId: string };

const OWNER_WORDS = (owner: WebhookOwner) =>
  'userId' in owner ? 'you' : 'eventTypeId' in owner ? 'this event type' : 'oAuthClientId' in owner ? 'this OAuth client' : 'this team';

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A template given in a create or an update: `{{path}}` placeholders only, at most 20,000 characters
 * (payload-template.ts). A template stored before this rule is not refused on other changes (its
 * deliveries fail with the reason instead), so its owner can still deactivate or fix the webhook.
 */
function checkTemplate(template: string | null | undefined): void {
  const problem = template ? payloadTemplateProblem(template) : null;
  if (problem) throw badInput('payloadTemplate', problem);
}

/** The webhook as it is to be stored, or the BAD_USER_INPUT naming the first field that breaks a rule. */
function checked(input: NewWebhook): Omit<Webhook, 'id' | 'userId' | 'teamId' | 'eventTypeId' | 'oAuthClientId' | 'createdAt' | 'updatedAt'> {
  const subscriberUrl = typeof input.subscriberUrl === 'string' ? input.subscriberUrl.trim() : input.subscriberUrl;
  if (!isHttpUrl(subscriberUrl)) throw badInput('subscriberUrl', 'must be an http or https URL');
  try {
    // No DNS lookup while a request waits: IP literals and localhost only (delivery checks names again).
    checkOutboundUrlWithoutLookup(subscriberUrl as string);
  } catch (error) {
    if (error instanceof OutboundRefused) throw badInput('subscriberUrl', error.message);
    throw error;
  }

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

  /** A row's owner columns: exactly one of them is set. */
  private static columnsOf(owner: WebhookOwner): Pick<Webhook, 'userId' | 'teamId' | 'eventTypeId' | 'oAuthClientId'> {
    return {
      userId: 'userId' in owner ? owner.userId : null,
      teamId: 'teamId' in owner ? owner.teamId : null,
      eventTypeId: 'eventTypeId' in owner ? owner.eventTypeId : null,
      oAuthClientId: 'oAuthClientId' in owner ? owner.oAuthClientId : null,
    };
  }

  /** `where` for the owner's rows (a user's own webhooks are those of no event type and no team). */
  private static whereOf(owner: WebhookOwner) {
    if ('userId' in owner) return { userId: owner.userId };
    if ('eventTypeId' in owner) return { eventTypeId: owner.eventTypeId };
    if ('oAuthClientId' in owner) return { oAuthClientId: owner.oAuthClientId };
    return { teamId: owner.teamId };
  }

  /** Save, answering 409 CONFLICT when the owner already has a webhook for this subscriberUrl (unique index). */
  private async saved(owner: WebhookOwner, webhook: Webhook, save: () => Promise<Webhook> = () => this.webhooks.save(webhook)): Promise<Webhook> {
    try {
      return await save();
    } catch (error) {
      if (isConstraintViolation(error))
        throw conflict(`subscriberUrl: ${OWNER_WORDS(owner)} already ha${'userId' in owner ? 've' : 's'} a webhook for ${webhook.subscriberUrl}`);
      throw error;
    }
  }

  create(owner: WebhookOwner, input: NewWebhook): Promise<Webhook> {
    checkTemplate(input.payloadTemplate);
    const webhook = this.webhooks.create({ ...checked(input), ...WebhookService.columnsOf(owner) });
    // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this webhook.
    return this.saved(owner, webhook, () =>
      this.db.transaction(async (tx) => {
        const saved = await tx.save(webhook);
        await recordKeyedWrite(tx, { id: saved.id });
        return saved;
      }),
    );
  }

  /** The webhook a keyed creation committed (platform/keyed-writes.ts), as it is now. */
  recalled(reference: KeyedWriteReference): Promise<Webhook> {
    return this.webhooks.findOneByOrFail({ id: Number(reference.id) });
  }

  list(owner: WebhookOwner, page: PageArgs): Promise<[Webhook[], number]> {
    const { take, skip } = pageWindow(page);
    return this.webhooks.findAndCount({ where: WebhookService.whereOf(owner), order: { id: 'ASC' }, take, skip });
  }

  /** The owner's webhook; NOT_FOUND for anybody else's, so ids of others are not disclosed. */
  async get(owner: WebhookOwner, id: number): Promise<Webhook> {
    const webhook = await this.webhooks.findOneBy({ id, ...WebhookService.whereOf(owner) });
    if (!webhook) throw notFound('Webhook', id);
    return webhook;
  }

  /** A partial update, checked like a create on the result (a no-show trigger still needs time and timeUnit). */
  async update(owner: WebhookOwner, id: number, patch: WebhookPatch): Promise<Webhook> {
    const current = await this.get(owner, id);
    const given = <K extends keyof WebhookPatch>(key: K) => patch[key] !== undefined;
    if (given('payloadTemplate')) checkTemplate(patch.payloadTemplate);
    const next = checked({
      subscriberUrl: patch.subscriberUrl ?? current.subscriberUrl,
      triggers: patch.triggers ?? current.triggers,
      active: patch.active ?? current.active,
      payloadTemplate: given('payloadTemplate') ? patch.payloadTemplate : current.payloadTemplate,
      version: patch.version ?? current.version,
      time: given('time') ? patch.time : current.time,
      timeUnit: given('timeUnit') ? patch.timeUnit : current.timeUnit,
      secret: given('secret') ? patch.secret : null,
    });
    if (!given('secret')) next.secretCiphertext = current.secretCiphertext;
    return this.saved(owner, this.webhooks.merge(current, next));
  }

  /** Deletes the owner's webhook and answers it as it was. */
  async remove(owner: WebhookOwner, id: number): Promise<Webhook> {
    const webhook = await this.get(owner, id);
    await this.webhooks.delete({ id: webhook.id });
    return webhook;
  }

  /** Deletes every webhook of the owner; answers how many. */
  async removeAll(owner: WebhookOwner): Promise<number> {
    const result = await this.webhooks.delete(WebhookService.whereOf(owner));
    return result.affected ?? 0;
  }

  /** The plain signing secret, for the HMAC of a delivery; null when the webhook has none. */
  signingSecretOf(webhook: Webhook): string | null {
    return webhook.secretCiphertext == null ? null : decryptWebhookSecret(webhook.secretCiphertext);
  }
}
