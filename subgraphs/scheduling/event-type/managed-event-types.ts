import { DataSource, EntityManager, In } from 'typeorm';
import { badInput, conflict } from '../../../platform/errors';
import { EventType } from './event-type.entity';
import { slugConflict, stillBooked } from './event-type-conflicts';

/**
 * Managed team event types: the team's event type is a template and each assigned member gets a
 * personal copy (a child: `ownerId` the member, no `teamId`, `parentId` the template), booked on the
 * member's own page. Every column of the template is locked (copied, and copied again on each update
 * of the template) except these, which are the child's own.
 */
const OWN_COLUMNS = new Set(['id', 'ownerId', 'teamId', 'parentId', 'assignAllTeamMembers', 'schedulingType', 'scheduleId', 'createdAt', 'updatedAt']);

/** Body fields of PATCH /v2/event-types/{id} a member may send for a managed copy: its schedule. */
const MEMBER_FIELDS = new Set(['scheduleId', 'teamId', 'parentId']);

/** The columns a child takes from its template. */
export function lockedColumns(manager: EntityManager): string[] {
  return manager.connection
    .getMetadata(EventType)
    .columns.map((c) => c.propertyName)
    .filter((name) => !OWN_COLUMNS.has(name));
}

/** A member's change to a managed copy: only its own schedule; a locked field is a 400 naming it. */
export function refuseLockedChanges(child: EventType, changes: object): void {
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined || MEMBER_FIELDS.has(field)) continue;
    throw badInput(field, `${field} of event type ${child.id} is locked: it is managed by team event type ${child.parentId}, whose admins change it`);
  }
}

/** A managed copy is removed by unassigning its member from the template, not by the member (409). */
export function refuseChildDeletion(child: EventType): void {
  if (child.parentId != null)
    throw conflict(`Event type ${child.id} is managed by team event type ${child.parentId}: a team admin removes it by unassigning its host`);
}

function copyLocked(manager: EntityManager, from: EventType, to: EventType): void {
  for (const column of lockedColumns(manager)) (to as unknown as Record<string, unknown>)[column] = (from as unknown as Record<string, unknown>)[column];
}

/**
 * Makes the template's children exactly one per member: a missing child is created, a kept one gets
 * the locked fields again, a child of a member no longer assigned is deleted (409 while bookings refer
 * to it). In the caller's transaction.
 */
export async function syncManagedChildren(tx: EntityManager, template: EventType, memberIds: readonly number[]): Promise<void> {
  const children = await tx.find(EventType, { where: { parentId: template.id } });
  const wanted = new Set(memberIds);
  const gone = children.filter((c) => !wanted.has(c.ownerId!));
  if (gone.length) {
    try {
      await tx.delete(EventType, { id: In(gone.map((c) => c.id)) });
    } catch (error) {
      throw stillBooked(error, gone[0].id);
    }
  }
  const kept = children.filter((c) => wanted.has(c.ownerId!));
  for (const child of kept) copyLocked(tx, template, child);
  const added = [...wanted]
    .filter((id) => !children.some((c) => c.ownerId === id))
    .map((ownerId) => {
      const child = tx.create(EventType, { ownerId, teamId: null, parentId: template.id, assignAllTeamMembers: false, schedulingType: null, scheduleId: null });
      copyLocked(tx, template, child);
      return child;
    });
  try {
    await tx.save([...kept, ...added]);
  } catch (error) {
    throw slugConflict(error, template.slug, 'owner');
  }
}

/**
 * A managed team event type and its members' copies, the template first and the copies by id (what the
 * reference answers when one is created or updated); null for any other event type.
 */
export async function managedFamilyOf(db: DataSource, eventType: EventType): Promise<EventType[] | null> {
  if (eventType.schedulingType !== 'managed' || eventType.teamId == null) return null;
  const copies = await db.getRepository(EventType).find({ where: { parentId: eventType.id }, order: { id: 'ASC' } });
  return [eventType, ...copies];
}
