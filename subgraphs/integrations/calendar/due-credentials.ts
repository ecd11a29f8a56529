import { DataSource } from 'typeorm';
import { CalendarCredential } from './calendar-credential.entity';

/**
 * Claims up to `batch` credentials of the given apps not read for `intervalMs` (marking them read now, so
 * replicas share the work) and answers them. `skipInvalid` leaves out the ones a provider refused.
 */
export async function claimDueCredentials(
  db: DataSource,
  appIds: readonly string[],
  intervalMs: number,
  batch: number,
  options: { skipInvalid: boolean },
): Promise<CalendarCredential[]> {
  // A CTE so that the answer is the claimed rows (TypeORM answers a bare UPDATE with [rows, count]).
  const claimed: Array<{ id: number }> = await db.query(
    `WITH claimed AS (
       UPDATE calendar_credentials SET refreshed_at = now()
        WHERE id IN (SELECT id FROM calendar_credentials
                      WHERE app_id = ANY($1) ${options.skipInvalid ? 'AND NOT invalid' : ''} AND (refreshed_at IS NULL OR refreshed_at < now() - make_interval(secs => $2))
                      ORDER BY refreshed_at NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id)
     SELECT id FROM claimed`,
    [[...appIds], intervalMs / 1000, batch],
  );
  const credentials: CalendarCredential[] = [];
  for (const { id } of claimed) {
    const credential = await db.getRepository(CalendarCredential).findOneBy({ id });
    if (credential) credentials.push(credential);
  }
  return credentials;
}
