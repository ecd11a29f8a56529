import { DataSource, EntityManager, In } from 'typeorm';
import { EventTypeHost } from './event-type-host.entity';
import { EventType } from './event-type.entity';
import { syncManagedChildren } from './managed-event-types';

/** What a roster changes in an `assignAllTeamMembers` event type's hosts: who joins, who leaves (pure). */
export function rosterChanges(currentHostIds: readonly number[], memberIds: readonly number[]): { wanted: number[]; added: number[]; gone: number[] } {
  const wanted = [...new Set(memberIds)].sort((a, b) => a - b);
  const current = new Set(currentHostIds);
  return { wanted, added: wanted.filter((id) => !current.has(id)), gone: [...current].filter((id) => !wanted.includes(id)).sort((a, b) => a - b) };
}

/**
 * A managed copy of a member who is no longer assigned is deleted; one that bookings refer to is the
 * record of those bookings and stays with its member, detached from the template and hidden (never
 * bookable again through the team), as a deleted team's booked event types do.
 */
async function detachBookedChildren(tx: EntityManager, templateId: number, keptMemberIds: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE event_types child SET parent_id = NULL, hidden = true
      WHERE child.parent_id = $1 AND NOT (child.owner_id = ANY($2::int[]))
        AND EXISTS (SELECT 1 FROM bookings b WHERE b.event_type_id = child.id)`,
    [templateId, [...keptMemberIds]],
  );
}

/**
 * A member joining a managed event type whose own event type already has its slug cannot get a copy
 * (creating the template answers 409 for it): that member is left out — not a host, no copy — and
 * logged, rather than failing the whole roster (the team's other event types) over and over.
 */
async function withoutSlugClash(tx: EntityManager, template: EventType, currentHostIds: readonly number[], memberIds: readonly number[]): Promise<number[]> {
  const joining = memberIds.filter((id) => !currentHostIds.includes(id));
  if (!joining.length) return [...memberIds];
  const clashing: Array<{ owner_id: number }> = await tx.query(
    `SELECT DISTINCT owner_id FROM event_types WHERE owner_id = ANY($1::int[]) AND slug = $2 AND team_id IS NULL AND parent_id IS DISTINCT FROM $3`,
    [joining, template.slug, template.id],
  );
  if (!clashing.length) return [...memberIds];
  const left = new Set(clashing.map((r) => r.owner_id));
  console.warn(`managed event type ${template.id}: members ${[...left].join(', ')} already have an event type with slug "${template.slug}"; they get no copy`);
  return memberIds.filter((id) => !left.has(id));
}

/**
 * Applies a team's accepted members (sent by the organizations subgraph's roster outbox) to its
 * `assignAllTeamMembers` event types, in one transaction: every member becomes a host (one who joined
 * later included), one who left stops being one; a managed event type's copies follow its hosts.
 * Event types with chosen hosts are left as they are. Idempotent: applying one roster twice changes
 * nothing the second time. Answers how many event types changed.
 */
export async function applyTeamRoster(db: DataSource, teamId: number, memberIds: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    // Two rosters of one team are applied one after the other (the organizations side sends the latest last).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.team_roster', teamId]);
    const eventTypes = await tx.find(EventType, { where: { teamId, assignAllTeamMembers: true }, order: { id: 'ASC' } });
    if (!eventTypes.length) return 0;
    const hostRows = await tx.find(EventTypeHost, { where: { eventTypeId: In(eventTypes.map((t) => t.id)) } });
    let changed = 0;
    for (const eventType of eventTypes) {
      const current = hostRows.filter((h) => h.eventTypeId === eventType.id).map((h) => h.userId);
      const members = eventType.schedulingType === 'managed' ? await withoutSlugClash(tx, eventType, current, memberIds) : memberIds;
      const { wanted, added, gone } = rosterChanges(current, members);
      if (!added.length && !gone.length) continue;
      if (gone.length) await tx.delete(EventTypeHost, { eventTypeId: eventType.id, userId: In(gone) });
      if (added.length)
        await tx.insert(
          EventTypeHost,
          added.map((userId) => ({ eventTypeId: eventType.id, userId })),
        );
      if (eventType.schedulingType === 'managed') {
        await detachBookedChildren(tx, eventType.id, wanted);
        await syncManagedChildren(tx, eventType, wanted);
      }
      changed++;
    }
    return changed;
  });
}
