import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { defaultBookingFields } from '../booking-field/booking-field.kinds';
import { EventTypeHost } from './event-type-host.entity';
import { EventType, EventTypeLocation } from './event-type.entity';

export interface NewEventType {
  title: string;
  slug: string;
  lengthInMinutes: number;
  locations?: EventTypeLocation[];
  description?: string | null;
  hidden?: boolean;
  ownerId?: number | null;
  teamId?: number | null;
  scheduleId?: number | null;
  /** Team event types: the users who can host it (checked against the team by the caller). */
  hostIds?: number[];
  /** Team event types: the hosts are every accepted member of the team. */
  assignAllTeamMembers?: boolean;
}

export type EventTypeChanges = Partial<Omit<NewEventType, 'ownerId' | 'scheduleId' | 'hostIds' | 'assignAllTeamMembers'>> & { parentId?: number | null };

/** `teamId` and `parentId` of an event type can be repeated but never changed (spec 2.19). */
export function refuseImmutableChanges(eventType: EventType, changes: EventTypeChanges): void {
  for (const field of ['teamId', 'parentId'] as const) {
    if (changes[field] !== undefined && changes[field] !== eventType[field]) {
      throw badInput(field, `${field} of an event type is immutable and cannot be changed`);
    }
  }
}

/** A slug taken by another event type of the same owner or team is a 409. */
export function slugConflict(error: unknown, slug: string | undefined, owner: 'owner' | 'team'): unknown {
  return isConstraintViolation(error) ? conflict(`An event type with slug "${slug}" already exists for this ${owner}`) : error;
}

/** Deleting an event type that bookings still refer to (foreign key violation, 23503) is a 409. */
export function stillBooked(error: unknown, id: number): unknown {
  const code = (error as { driverError?: { code?: string } })?.driverError?.code;
  return code === '23503' ? conflict(`Event type ${id} has bookings and cannot be deleted`) : error;
}

export class EventTypeService {
  constructor(private readonly db: DataSource) {}

  private get eventTypes() {
    return this.db.getRepository(EventType);
  }

  async create(input: NewEventType): Promise<EventType> {
    try {
      return await this.db.transaction(async (tx) => {
        const eventType = await tx.save(
          tx.create(EventType, {
            title: input.title.trim(),
            slug: input.slug,
            lengthInMinutes: input.lengthInMinutes,
            locations: (input.locations ?? []).map(({ type }) => ({ type })),
            description: input.description ?? null,
            hidden: input.hidden ?? false,
            ownerId: input.ownerId ?? null,
            teamId: input.teamId ?? null,
            scheduleId: input.scheduleId ?? null,
            assignAllTeamMembers: input.assignAllTeamMembers ?? false,
            bookingFields: defaultBookingFields(),
          }),
        );
        if (input.hostIds?.length) await this.setHosts(tx, eventType.id, input.hostIds);
        return eventType;
      });
    } catch (error) {
      throw slugConflict(error, input.slug, input.teamId == null ? 'owner' : 'team');
    }
  }

  /** Personal event types of a user. */
  listPersonal(ownerId: number, page: PageArgs): Promise<[EventType[], number]> {
    const { take, skip } = pageWindow(page);
    return this.eventTypes.findAndCount({ where: { ownerId, teamId: IsNull() }, order: { id: 'ASC' }, take, skip });
  }

  /** A personal event type of the user; another owner's is reported as not found. */
  async getPersonal(id: number, ownerId: number): Promise<EventType> {
    const eventType = await this.eventTypes.findOneBy({ id, ownerId, teamId: IsNull() });
    if (!eventType) throw notFound('Event type', id);
    return eventType;
  }

  /** Applies the changes; `teamId` and `parentId` can be repeated but never changed. */
  async update(id: number, ownerId: number, changes: EventTypeChanges): Promise<EventType> {
    const eventType = await this.getPersonal(id, ownerId);
    refuseImmutableChanges(eventType, changes);
    applyChanges(eventType, changes);
    try {
      return await this.eventTypes.save(eventType);
    } catch (error) {
      throw slugConflict(error, changes.slug, 'owner');
    }
  }

  /** Deletes a personal event type of the user and answers it as it was. */
  async deletePersonal(id: number, ownerId: number): Promise<EventType> {
    const eventType = await this.getPersonal(id, ownerId);
    await this.remove(eventType);
    return eventType;
  }

  /** Deletes the event type with its hosts and private links; one that bookings refer to stays (409). */
  async remove(eventType: EventType): Promise<void> {
    try {
      await this.eventTypes.delete({ id: eventType.id });
    } catch (error) {
      throw stillBooked(error, eventType.id);
    }
  }

  /** Makes exactly these users the hosts of the event type. */
  async setHosts(manager: EntityManager, eventTypeId: number, userIds: number[]): Promise<void> {
    await manager.delete(EventTypeHost, { eventTypeId });
    const unique = [...new Set(userIds)];
    if (unique.length) await manager.insert(EventTypeHost, unique.map((userId) => ({ eventTypeId, userId })));
  }

  findByIds(ids: readonly number[]): Promise<EventType[]> {
    return this.eventTypes.findBy({ id: In([...ids]) });
  }

  /** Host rows of these event types, by user id. */
  hostsOf(eventTypeIds: readonly number[]): Promise<EventTypeHost[]> {
    return this.db.getRepository(EventTypeHost).find({ where: { eventTypeId: In([...eventTypeIds]) }, order: { userId: 'ASC' } });
  }
}

/** Copies the editable fields that were sent onto the event type (never `teamId` or `parentId`). */
export function applyChanges(eventType: EventType, changes: EventTypeChanges): void {
  const { teamId: _teamId, parentId: _parentId, ...editable } = changes;
  for (const [key, value] of Object.entries(editable)) {
    if (value === undefined) continue;
    (eventType as unknown as Record<string, unknown>)[key] = key === 'locations' ? (value as EventTypeLocation[]).map(({ type }) => ({ type })) : value;
  }
}
