import { DataSource } from 'typeorm';
import { notFound } from '../../kit/errors';
import { GraphLink } from '../../kit/graph-link';
import { Membership } from '../membership/membership.entity';
import { Team } from '../team/team.entity';

/** The scheduling subgraph's idempotent clean-up of a deleted team's event types (@internal). */
const REMOVE_TEAM_EVENT_TYPES = /* GraphQL */ `mutation RemoveTeamEventTypes($teamId: Int!) { removeTeamEventTypes(teamId: $teamId) }`;

/** How long a claimed row is left alone by other replicas while one of them tries it. */
const CLAIM_SECONDS = 60;

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
      await tx.query(`INSERT INTO team_deletions (team_id, next_attempt_at) VALUES ($1, now() + interval '${CLAIM_SECONDS} seconds') ON CONFLICT (team_id) DO NOTHING`, [teamId]);
      return { team, memberIds };
    });
    await this.dispatch(teamId);
    return deleted;
  }

  /** One attempt at the scheduling clean-up; a failure is recorded for the next poll, never thrown. */
  async dispatch(teamId: number): Promise<boolean> {
    try {
      await this.graph.run(REMOVE_TEAM_EVENT_TYPES, { teamId });
      await this.db.query('UPDATE team_deletions SET completed_at = now(), attempts = attempts + 1, last_error = NULL WHERE team_id = $1', [teamId]);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db
        .query(
          // 5 s after the first failure, doubling, at most 10 minutes.
          `UPDATE team_deletions SET attempts = attempts + 1, last_error = $2,
             next_attempt_at = now() + make_interval(secs => LEAST(600, 5 * power(2, attempts)))
           WHERE team_id = $1 AND completed_at IS NULL`,
          [teamId, message.slice(0, 2000)],
        )
        .catch(() => undefined);
      console.warn(`team ${teamId}: removing its event types failed, will retry: ${message}`);
      return false;
    }
  }

  /** Claims the deletions that are due (SKIP LOCKED: replicas share the work) and tries each once. */
  async retryDue(limit = 20): Promise<number> {
    const due: Array<{ team_id: number }> = await this.db.query(
      `WITH claimed AS (
         UPDATE team_deletions SET next_attempt_at = now() + make_interval(secs => $2)
         WHERE team_id IN (
           SELECT team_id FROM team_deletions WHERE completed_at IS NULL AND next_attempt_at <= now()
           ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING team_id)
       SELECT team_id FROM claimed`,
      [limit, CLAIM_SECONDS],
    );
    for (const row of due) await this.dispatch(row.team_id);
    return due.length;
  }
}

/** Retries pending team deletions at start and every TEAM_DELETION_POLL_MS (default 30 s). */
export function startTeamDeletionRetries(runtime: { db: DataSource; graph: GraphLink }): { stop(): Promise<void> } {
  const service = new TeamDeletionService(runtime.db, runtime.graph);
  const every = Number(process.env.TEAM_DELETION_POLL_MS ?? 30_000);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => service.retryDue()).catch((error) => console.warn('team deletion retries:', (error as Error).message));
  };
  // The gateway may not listen yet when the subgraph starts: the first pass waits one short moment.
  const first = setTimeout(tick, Math.min(every, 2_000));
  const timer = setInterval(tick, every);
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
