import { DataSource } from 'typeorm';
import { conflict, notFound } from '../../../platform/errors';
import { OAuthClient, OAuthClientStatus } from './oauth-client.entity';

export enum OAuthClientDecision {
  APPROVE = 'APPROVE',
  REJECT = 'REJECT',
}

/** Spec 3: a pending client is approved (ready to use) or rejected by a service admin; either is final. */
export class OAuthClientReviewService {
  constructor(private readonly db: DataSource) {}

  /** Clients waiting for review, oldest first. */
  listPending(): Promise<OAuthClient[]> {
    return this.db.getRepository(OAuthClient).find({ where: { status: OAuthClientStatus.PENDING }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The latest reviews, newest first. */
  async listReviewed(limit = 20): Promise<OAuthClient[]> {
    return this.db
      .getRepository(OAuthClient)
      .createQueryBuilder('c')
      .where('c.status <> :pending', { pending: OAuthClientStatus.PENDING })
      .orderBy('c.reviewed_at', 'DESC', 'NULLS LAST')
      .addOrderBy('c.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** NOT_FOUND for an unknown client, CONFLICT for one already reviewed. */
  async review(clientId: string, decision: OAuthClientDecision, reviewerId: number | null, now = new Date()): Promise<OAuthClient> {
    return this.db.transaction(async (tx) => {
      const client = await tx.findOne(OAuthClient, { where: { id: clientId }, lock: { mode: 'pessimistic_write' } });
      if (!client) throw notFound('OAuthClient', clientId);
      if (client.status !== OAuthClientStatus.PENDING) throw conflict(`OAuth client ${clientId} was already reviewed: it is ${client.status}`);
      client.status = decision === OAuthClientDecision.APPROVE ? OAuthClientStatus.APPROVED : OAuthClientStatus.REJECTED;
      client.reviewedAt = now;
      client.reviewedBy = reviewerId;
      return tx.save(client);
    });
  }
}
