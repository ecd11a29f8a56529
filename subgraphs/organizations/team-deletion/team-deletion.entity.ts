import { Column, Entity } from 'typeorm';
import { TeamOutboxRow } from '../outbox';

/**
 * Outbox row of a deleted team: written in the transaction that deletes the team and its memberships,
 * completed once the scheduling subgraph has removed the team's event types.
 */
@Entity({ name: 'team_deletions' })
export class TeamDeletion extends TeamOutboxRow {
  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;
}
