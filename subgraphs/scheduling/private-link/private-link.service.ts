import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { EventType } from '../event-type/event-type.entity';
import { isExpired, NO_COUNT_CAP, PrivateLink } from './private-link.entity';

export interface PrivateLinkTerms {
  /** ISO 8601 date-time (`2030-12-31T23:59:59Z`); null: no time limit. */
  expiresAt?: string | Date | null;
  /** -1: no count cap. */
  maxUsageCount?: number | null;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The terms checked: `expiresAt` a date-time in the future, `maxUsageCount` -1 or at least 1. */
function termsOf(terms: PrivateLinkTerms, now: Date): { expiresAt?: Date | null; maxUsageCount?: number | null } {
  let expiresAt: Date | null | undefined;
  if (terms.expiresAt instanceof Date || terms.expiresAt == null) expiresAt = terms.expiresAt;
  else {
    expiresAt = new Date(terms.expiresAt);
    if (!ISO_DATE_TIME.test(terms.expiresAt) || Number.isNaN(expiresAt.getTime()))
      throw badInput('expiresAt', 'expiresAt must be an ISO 8601 date-time such as 2030-12-31T23:59:59Z');
  }
  if (expiresAt != null && expiresAt.getTime() <= now.getTime()) throw badInput('expiresAt', 'expiresAt must be in the future');
  if (terms.maxUsageCount != null && terms.maxUsageCount !== NO_COUNT_CAP && !(Number.isInteger(terms.maxUsageCount) && terms.maxUsageCount >= 1)) {
    throw badInput('maxUsageCount', 'maxUsageCount must be -1 (no count cap) or at least 1');
  }
  return { expiresAt, maxUsageCount: terms.maxUsageCount };
}

/** Private links of an event type the caller may manage (the resolver found it); `linkId` is a random, unguessable id. */
export class PrivateLinkService {
  constructor(private readonly db: DataSource) {}

  private get links() {
    return this.db.getRepository(PrivateLink);
  }

  list(eventType: EventType): Promise<PrivateLink[]> {
    return this.links.find({ where: { eventTypeId: eventType.id }, order: { createdAt: 'ASC', linkId: 'ASC' } });
  }

  /** Spec section 8: with neither `expiresAt` nor `maxUsageCount` the link is usable once; with only `expiresAt`, until then. */
  create(eventType: EventType, requested: PrivateLinkTerms, now = new Date()): Promise<PrivateLink> {
    const terms = termsOf(requested, now);
    const expiresAt = terms.expiresAt ?? null;
    const maxUsageCount = terms.maxUsageCount ?? (expiresAt ? NO_COUNT_CAP : 1);
    return this.db.transaction(async (tx) => {
      const link = await tx.save(
        tx.create(PrivateLink, { linkId: randomBytes(10).toString('hex'), eventTypeId: eventType.id, expiresAt, maxUsageCount, usageCount: 0 }),
      );
      await recordKeyedWrite(tx, { linkId: link.linkId });
      return link;
    });
  }

  async get(eventType: EventType, linkId: string): Promise<PrivateLink> {
    const link = await this.links.findOneBy({ linkId, eventTypeId: eventType.id });
    if (!link) throw notFound('Private link', linkId);
    return link;
  }

  /** `expiresAt: null` removes the time limit; `maxUsageCount: -1` the count cap; the usage count stays. */
  async update(eventType: EventType, linkId: string, requested: PrivateLinkTerms, now = new Date()): Promise<PrivateLink> {
    const terms = termsOf(requested, now);
    const link = await this.get(eventType, linkId);
    if (terms.expiresAt !== undefined) link.expiresAt = terms.expiresAt;
    if (terms.maxUsageCount != null) link.maxUsageCount = terms.maxUsageCount;
    return this.links.save(link);
  }

  /** Deletes the link and answers it as it was. */
  async remove(eventType: EventType, linkId: string): Promise<PrivateLink> {
    const link = await this.get(eventType, linkId);
    await this.links.delete({ linkId });
    return link;
  }

  /**
   * The link a booking of event type `eventTypeId` names, read before the booking's transaction so that
   * the client learns at once what is wrong with it: an unknown link is a 404, a link of another event
   * type a 400 naming `privateLinkId`, an expired link a 409 "private link has expired". Nothing is
   * counted here: `redeem`, in the booking's transaction, decides again under the row lock.
   */
  async checkUsable(eventTypeId: number, linkId: string, now = new Date()): Promise<PrivateLink> {
    const link = await this.links.findOneBy({ linkId });
    if (!link) throw notFound('Private link', linkId);
    if (link.eventTypeId !== eventTypeId) {
      throw badInput(
        'privateLinkId',
        `privateLinkId: private link ${JSON.stringify(linkId)} is a link of another event type, not of event type ${eventTypeId}`,
      );
    }
    if (isExpired(link, now)) throw conflict('private link has expired');
    return link;
  }

  /**
   * Uses the link once, inside the caller's transaction (a booking made through it): locks the link's
   * row, refuses an expired link (409 "private link has expired") and counts the use. Answers the event
   * type the link books.
   */
  async redeem(manager: EntityManager, linkId: string, now = new Date()): Promise<{ eventTypeId: number }> {
    const link = await manager.findOne(PrivateLink, { where: { linkId }, lock: { mode: 'pessimistic_write' } });
    if (!link) throw notFound('Private link', linkId);
    if (isExpired(link, now)) throw conflict('private link has expired');
    await manager.increment(PrivateLink, { linkId }, 'usageCount', 1);
    return { eventTypeId: link.eventTypeId };
  }

  findByIds(linkIds: readonly string[]): Promise<PrivateLink[]> {
    return this.links.findBy({ linkId: In([...linkIds]) });
  }
}
