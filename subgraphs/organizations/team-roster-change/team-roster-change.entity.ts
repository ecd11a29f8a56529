import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Outbox row of a team whose accepted members changed (written by the trigger on `memberships`),
 * completed once the scheduling subgraph has applied the roster of its latest `version`.
 */
@Entity({ name: 'team_roster_changes' })
export class TeamRosterChange {
  @PrimaryColumn({ name: 'team_id' })
  teamId: number;

  @Column({ type: 'bigint' })
  version: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
