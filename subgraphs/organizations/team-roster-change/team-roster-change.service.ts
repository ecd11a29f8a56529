import { DataSource } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import { claimDue, recordOutboxFailure, startOutboxRetries } from '../outbox';
import { setting } from '../../../platform/configuration/settings';
import { ApplyTeamRosterDocument } from '../contracts/generated';

/** The scheduling subgraph's idempotent application of a team's accepted members (@internal). */
/**
 * A team's members are owned here, the event types they host by scheduling: `assignAllTeamMembers`
 * event types take members who join later and drop those who leave. The trigger on `memberships`
 * writes a `team_roster_changes` outbox row (new `version`) in the transaction of any roster change;
 * the request that made it dispatches at once, the poll retries (as for team deletions). A dispatch
 * holds the team's advisory lock, reads the accepted members and sends them whole, so the latest
 * roster always arrives last; a row is completed only for the version whose roster was sent.
 */
export class TeamRosterChangeService {
  constructor(
    private readonly db: DataSource,
    private readonly graph: GraphLink,
  ) {}

  /** Dispatches the pending changes of the team and of the teams of an organization (leaving it ends their memberships). */
  async dispatchAround(teamId: number): Promise<void> {
    const pending: Array<{ team_id: number }> = await this.db.query(
      `SELECT team_id FROM team_roster_changes WHERE completed_at IS NULL
          AND (team_id = $1 OR team_id IN (SELECT id FROM teams WHERE parent_id = $1)) ORDER BY team_id`,
      [teamId],
    );
    for (const row of pending) await this.dispatch(row.team_id);
  }

  /** One attempt at telling scheduling the team's roster; a failure is recorded for the next poll, never thrown. */
  async dispatch(teamId: number): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['organizations.team_roster', teamId]);
        const [row]: Array<{ version: string }> = await tx.query('SELECT version FROM team_roster_changes WHERE team_id = $1 AND completed_at IS NULL', [
          teamId,
        ]);
        if (!row) return; // another dispatch sent it
        const members: Array<{ user_id: number }> = await tx.query('SELECT user_id FROM memberships WHERE team_id = $1 AND accepted ORDER BY user_id', [
          teamId,
        ]);
        await this.graph.call(ApplyTeamRosterDocument, { teamId, memberIds: members.map((m) => m.user_id) });
        await tx.query('UPDATE team_roster_changes SET completed_at = now(), attempts = attempts + 1, last_error = NULL WHERE team_id = $1 AND version = $2', [
          teamId,
          row.version,
        ]);
      });
      return true;
    } catch (error) {
      await recordOutboxFailure(this.db, 'team_roster_changes', teamId, error, 'applying its members to its event types');
      return false;
    }
  }

  /** Claims the changes that are due (SKIP LOCKED: replicas share the work) and tries each once. */
  async retryDue(limit = 20): Promise<number> {
    const due = await claimDue(this.db, 'team_roster_changes', limit);
    for (const teamId of due) await this.dispatch(teamId);
    return due.length;
  }
}

/** Retries pending roster changes at start and every TEAM_ROSTER_POLL_MS (default 30 s). */
export function startTeamRosterRetries(runtime: { db: DataSource; graph: GraphLink }): { stop(): Promise<void> } {
  const service = new TeamRosterChangeService(runtime.db, runtime.graph);
  return startOutboxRetries('team roster', setting('TEAM_ROSTER_POLL_MS'), () => service.retryDue());
}
