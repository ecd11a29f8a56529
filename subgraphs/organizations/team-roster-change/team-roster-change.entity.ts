import { Column, Entity } from 'typeorm';
import { TeamOutboxRow } from '../outbox';

/**
 * Outbox row of a team whose accepted members changed (written by the trigger on `memberships`),
 * completed once the scheduling subgraph has applied the roster of its latest `version`.
 */
@Entity({ name: 'team_roster_changes' })
export class TeamRosterChange extends TeamOutboxRow {
  @Column({ type: 'bigint' })
  version: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
