import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Outbox row of a deleted team: written in the transaction that deletes the team and its memberships,
 * completed once the scheduling subgraph has removed the team's event types.
 */
@Entity({ name: 'team_deletions' })
export class TeamDeletion {
  @PrimaryColumn({ name: 'team_id' })
  teamId: number;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
