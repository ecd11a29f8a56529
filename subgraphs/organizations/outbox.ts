import { Column, DataSource, PrimaryColumn } from 'typeorm';

/**
 * What the organizations service's outboxes share (`team_deletions`: a deleted team's event types;
 * `team_roster_changes`: a team's members as hosts; `sign_up_invitations`: the e-mail of an account an
 * organization made): one row per team or user, dispatched by the request that wrote it and retried by a
 * poll, with backoff, until done. Each table has its key column, attempts, last_error, next_attempt_at and
 * completed_at.
 */
export type OutboxTable = 'team_deletions' | 'team_roster_changes' | 'sign_up_invitations';

/** The key column of each outbox: one row per team, or per user. */
const KEY_COLUMN: Record<OutboxTable, 'team_id' | 'user_id'> = {
  team_deletions: 'team_id',
  team_roster_changes: 'team_id',
  sign_up_invitations: 'user_id',
};

/** The columns every team outbox row has (each entity adds what it carries); `sign_up_invitations` is read with SQL only. */
export abstract class TeamOutboxRow {
  @PrimaryColumn({ name: 'team_id' })
  teamId: number;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}

/** How long a claimed row is left alone by other replicas while one of them tries it. */
export const CLAIM_SECONDS = 60;

/** Records a failed dispatch for the next poll (5 s after the first failure, doubling, at most 10 minutes); never throws. */
export async function recordOutboxFailure(db: DataSource, table: OutboxTable, key: number, error: unknown, what: string): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .query(
      `UPDATE ${table} SET attempts = attempts + 1, last_error = $2,
         next_attempt_at = now() + make_interval(secs => LEAST(600, 5 * power(2, attempts)))
       WHERE ${KEY_COLUMN[table]} = $1 AND completed_at IS NULL`,
      [key, message.slice(0, 2000)],
    )
    .catch(() => undefined);
  console.warn(`${KEY_COLUMN[table] === 'team_id' ? 'team' : 'user'} ${key}: ${what} failed, will retry: ${message}`);
}

/** Claims the keys (teams or users) whose rows are due (SKIP LOCKED: replicas share the work), for CLAIM_SECONDS. */
export async function claimDue(db: DataSource, table: OutboxTable, limit: number): Promise<number[]> {
  const key = KEY_COLUMN[table];
  const due: Array<{ key: number }> = await db.query(
    `WITH claimed AS (
       UPDATE ${table} SET next_attempt_at = now() + make_interval(secs => $2)
       WHERE ${key} IN (
         SELECT ${key} FROM ${table} WHERE completed_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${key})
     SELECT ${key} AS key FROM claimed`,
    [limit, CLAIM_SECONDS],
  );
  return due.map((row) => row.key);
}

/** Runs `retryDue` shortly after start and every `everyMs`, one pass at a time; `stop()` waits for the pass under way. */
export function startOutboxRetries(what: string, everyMs: number, retryDue: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(retryDue).catch((error) => console.warn(`${what} retries:`, (error as Error).message));
  };
  // The gateway may not listen yet when the subgraph starts: the first pass waits one short moment.
  const first = setTimeout(tick, Math.min(everyMs, 2_000));
  const timer = setInterval(tick, everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
