import { DataSource, In, IsNull } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
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
}

export type EventTypeChanges = Partial<Omit<NewEventType, 'ownerId' | 'scheduleId'>> & { parentId?: number | null };

export class EventTypeService {
  constructor(private readonly db: DataSource) {}

  private get eventTypes() {
    return this.db.getRepository(EventType);
  }

  async create(input: NewEventType): Promise<EventType> {
    try {
      return await this.eventTypes.save(
        this.eventTypes.create({
          title: input.title.trim(),
          slug: input.slug,
          lengthInMinutes: input.lengthInMinutes,
          locations: (input.locations ?? []).map(({ type }) => ({ type })),
          description: input.description ?? null,
          hidden: input.hidden ?? false,
          ownerId: input.ownerId ?? null,
          teamId: input.teamId ?? null,
          scheduleId: input.scheduleId ?? null,
        }),
      );
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`An event type with slug "${input.slug}" already exists for this owner`);
      throw error;
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
    for (const field of ['teamId', 'parentId'] as const) {
      if (changes[field] !== undefined && changes[field] !== eventType[field]) {
        throw badInput(field, `${field} of an event type is immutable and cannot be changed`);
      }
    }
    const { teamId: _teamId, parentId: _parentId, ...editable } = changes;
    for (const [key, value] of Object.entries(editable)) {
      if (value !== undefined) (eventType as unknown as Record<string, unknown>)[key] = key === 'locations' ? (value as EventTypeLocation[]).map(({ type }) => ({ type })) : value;
    }
    try {
      return await this.eventTypes.save(eventType);
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`An event type with slug "${changes.slug}" already exists for this owner`);
      throw error;
    }
  }

  findByIds(ids: readonly number[]): Promise<EventType[]> {
    return this.eventTypes.findBy({ id: In([...ids]) });
  }
}
