import { DataSource } from 'typeorm';
import { notFound } from '../../../platform/errors';
import { GraphLink } from '../../../platform/graph-link';
import { CLAIM_SECONDS, claimDue, recordOutboxFailure, startOutboxRetries } from '../outbox';
import { Membership } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { setting } from '../../../platform/configuration/settings';
import { RemoveTeamEventTypesDocument } from '../contracts/generated';

/** The scheduling subgraph's idempotent clean-up of a deleted team's event types (@internal). */
export interface DeletedTeam {
  team: Team;
  /** Users who were members: their cached principals must forget the team. */
  memberIds: number[];
}

/**
 * Deleting a team spans two subgraphs: its memberships (here) and its event types (scheduling). The
 * team, its memberships and invite links go in one local transaction that also writes a
 * `team_deletions` outbox row; the scheduling clean-up is then asked through the supergraph, and
 * retried from the outbox (at start and on every poll) until it succeeds. The clean-up is idempotent,
 * so a crash at any point — before the call, during it, after it but before the row is completed —
 * only means it runs again.
 */
export class TeamDeletionService {
  constructor(
    private readonly db: DataSource,
    private readonly graph: GraphLink,
  ) {}

  /** Deletes the team (NOT_FOUND unless it is a team of `orgId`, or of no organization when `orgId` is null). */
  async delete(teamId: number, orgId: number | null): Promise<DeletedTeam> {
    const deleted = await this.db.transaction(async (tx) => {
      // The team row lock serializes the deletion with membership changes that count owners.
      const team = await tx.findOne(Team, { where: { id: teamId }, lock: { mode: 'pessimistic_write' } });
      if (!team || team.isOrganization || team.parentId !== orgId) throw notFound('Team', teamId);
      const memberIds = (await tx.find(Membership, { where: { teamId } })).map((m) => m.userId);
      await tx.delete(Team, { id: teamId }); // memberships and invite links go with it (ON DELETE CASCADE)
      // The request dispatches at once; the poll takes the row over only if that has not succeeded a minute later (a crash).
      await tx.query(
        `INSERT INTO team_deletions (team_id, next_attempt_at) VALUES ($1, now() + interval '${CLAIM_SECONDS} seconds') ON CONFLICT (team_id) DO NOTHING`,
        [teamId],
      );
      return { team, memberIds };
    });
    await this.dispatch(teamId);
    return deleted;
  }

  /** One attempt at the scheduling clean-up; a failure is recorded for the next poll, never thrown. */
  async dispatch(teamId: number): Promise<boolean> {
    try {
      await this.graph.call(RemoveTeamEventTypesDocument, { teamId });
      await this.db.query('UPDATE team_deletions SET completed_at = now(), attempts = attempts + 1, last_error = NULL WHERE team_id = $1', [teamId]);
      return true;
    } catch (error) {
      await recordOutboxFailure(this.db, 'team_deletions', teamId, error, 'removing its event types');
      return false;
    }
  }

  /** Claims the deletions that are due (SKIP LOCKED: replicas share the work) and tries each once. */
  async retryDue(limit = 20): Promise<number> {
    const due = await claimDue(this.db, 'team_deletions', limit);
    for (const teamId of due) await this.dispatch(teamId);
    return due.length;
  }
}

/** Retries pending team deletions at start and every TEAM_DELETION_POLL_MS (default 30 s). */
export function startTeamDeletionRetries(runtime: { db: DataSource; graph: GraphLink }): { stop(): Promise<void> } {
  const service = new TeamDeletionService(runtime.db, runtime.graph);
  return startOutboxRetries('team deletion', setting('TEAM_DELETION_POLL_MS'), () => service.retryDue());
}
