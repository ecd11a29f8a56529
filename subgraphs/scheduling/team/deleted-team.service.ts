import { DataSource } from 'typeorm';

/**
 * The event types of a deleted team, in one transaction: those no booking refers to (nor a booking of
 * one of their children) are deleted with their hosts and private links; the others are the record of
 * their bookings and stay, hidden, without hosts or private links, so they can never be booked again.
 * Running it twice changes nothing the second time.
 */
export async function removeEventTypesOfDeletedTeam(db: DataSource, teamId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted: Array<{ id: number }> = await tx.query(
      `WITH gone AS (
         DELETE FROM event_types et
         WHERE et.team_id = $1
           AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.event_type_id = et.id)
           AND NOT EXISTS (SELECT 1 FROM bookings b JOIN event_types child ON child.id = b.event_type_id WHERE child.parent_id = et.id)
         RETURNING et.id)
       SELECT id FROM gone`,
      [teamId],
    );
    const kept = `SELECT id FROM event_types WHERE team_id = $1`;
    await tx.query(`DELETE FROM event_type_hosts WHERE event_type_id IN (${kept})`, [teamId]);
    await tx.query(`DELETE FROM private_links WHERE event_type_id IN (${kept})`, [teamId]);
    await tx.query(`UPDATE event_types SET hidden = true WHERE team_id = $1 AND NOT hidden`, [teamId]);
    return deleted.length;
  });
}
