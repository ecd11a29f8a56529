import { leanFindAndCount, leanFindBy } from '../../../platform/lean-reads';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { defaultBookingFields, StoredBookingField } from '../booking-field/booking-field.kinds';
import { BookingFieldRequest, replaceBookingFields } from '../booking-field/booking-field.rules';
import { EventTypeSettings, EventTypeSettingsInput, SEATS_WITH_RECURRENCE, settingsOf } from './event-type-settings';
import { Schedule } from '../schedule/schedule.entity';
import { EventTypeHost } from './event-type-host.entity';
import type { HostRole } from './host-roles';
import { EventType, EventTypeLocation } from './event-type.entity';
import { refuseChildDeletion, refuseLockedChanges } from './managed-event-types';
import { slugConflict, stillBooked } from './event-type-conflicts';
import { storedLocations } from './event-type-locations';

export type NewEventType = {
  title: string;
  slug: string;
  lengthInMinutes: number;
  locations?: EventTypeLocation[];
  description?: string | null;
  hidden?: boolean;
  ownerId?: number | null;
  teamId?: number | null;
  scheduleId?: number | null;
  /** Team event types: the users who can host it, with their roles (checked against the team by the caller). */
  hosts?: HostRole[];
  /** Team event types: the hosts are every accepted member of the team. */
  assignAllTeamMembers?: boolean;
  /** Team event types: how hosts are chosen. */
  schedulingType?: string | null;
  /** The booking form as sent (replaces the default form, spec 2.6 rules). */
  bookingFields?: BookingFieldRequest[] | null;
} & EventTypeSettingsInput;

/** The scheduling types of team event types, as the reference spells them (its older upper-case names accepted too). */
const SCHEDULING_TYPES: Record<string, string> = {
  roundRobin: 'roundRobin',
  ROUND_ROBIN: 'roundRobin',
  collective: 'collective',
  COLLECTIVE: 'collective',
  managed: 'managed',
  MANAGED: 'managed',
};

/**
 * Team event types: `roundRobin` (one free host per booking; the default), `collective` (every host
 * attends: all must be free) or `managed` (a template copied to each assigned member).
 */
export function schedulingTypeOf(value: string | null | undefined, teamEventType: boolean): string | null | undefined {
  if (value == null) return value === null && teamEventType ? 'roundRobin' : undefined;
  if (!teamEventType) throw badInput('schedulingType', 'schedulingType is for team event types only');
  const type = Object.prototype.hasOwnProperty.call(SCHEDULING_TYPES, value) ? SCHEDULING_TYPES[value] : undefined;
  if (type) return type;
  throw badInput('schedulingType', `schedulingType must be one of roundRobin, collective, managed; got ${JSON.stringify(value)}`);
}

/** The columns a create or update body sets: the settings, and the booking form when sent. */
export function writableSettings(
  input: EventTypeSettingsInput & { bookingFields?: BookingFieldRequest[] | null },
  lengthInMinutes: number | undefined,
  currentForm: StoredBookingField[],
): EventTypeSettings & { bookingFields?: StoredBookingField[] } {
  const settings: EventTypeSettings & { bookingFields?: StoredBookingField[] } = settingsOf(input, lengthInMinutes);
  if (input.bookingFields != null) settings.bookingFields = replaceBookingFields(currentForm, input.bookingFields);
  return settings;
}

/**
 * A seated event type has one location at most, no confirmation policy and no recurrence (as in the reference
 * service): a 400 naming the field that was sent, whichever of the two came first.
 */
export function refuseSeatedConflicts(
  eventType: Pick<EventType, 'seats' | 'confirmationPolicy' | 'locations' | 'recurrence'>,
  sent: { locations?: unknown; confirmationPolicy?: unknown; recurrence?: unknown },
): void {
  if (!eventType.seats) return;
  if (eventType.recurrence) {
    const field = sent.recurrence !== undefined ? 'recurrence' : 'seats';
    throw badInput(field, `${field}: ${SEATS_WITH_RECURRENCE}`);
  }
  if (eventType.locations.length > 1) {
    const field = sent.locations !== undefined ? 'locations' : 'seats';
    throw badInput(
      field,
      `${field}: a seated event type can have one location at most (it has ${eventType.locations.length}); send one of seats and several locations`,
    );
  }
  if (eventType.confirmationPolicy) {
    const field = sent.confirmationPolicy !== undefined ? 'confirmationPolicy' : 'seats';
    throw badInput(field, `${field}: a seated event type cannot require confirmation; send one of seats and confirmationPolicy`);
  }
}

export type EventTypeChanges = Partial<Omit<NewEventType, 'ownerId' | 'hosts' | 'assignAllTeamMembers'>> & { parentId?: number | null };

/** `teamId` and `parentId` of an event type can be repeated but never changed (spec 2.19). */
export function refuseImmutableChanges(eventType: EventType, changes: EventTypeChanges): void {
  for (const field of ['teamId', 'parentId'] as const) {
    if (changes[field] !== undefined && changes[field] !== eventType[field]) {
      throw badInput(field, `${field} of an event type is immutable and cannot be changed`);
    }
  }
}

export class EventTypeService {
  constructor(private readonly db: DataSource) {}

  private get eventTypes() {
    return this.db.getRepository(EventType);
  }

  /**
   * A schedule the event type may use: one of these users' schedules. Any other, or none, is a 404 naming
   * scheduleId (as in the reference service; one answer for both tells nothing about other users' schedules).
   */
  async checkSchedule(scheduleId: number | null | undefined, ownerIds: readonly number[]): Promise<void> {
    if (scheduleId == null) return;
    const schedule = await this.db.getRepository(Schedule).findOneBy({ id: scheduleId });
    if (!schedule || !ownerIds.includes(schedule.ownerId))
      throw notFound(`Schedule (scheduleId) of ${ownerIds.length > 1 ? 'a member of the team' : 'the owner'}`, scheduleId);
  }

  /** `alsoWrite` runs in the same transaction once the event type and its hosts are written (a managed type's copies). */
  async create(input: NewEventType, alsoWrite?: (tx: EntityManager, eventType: EventType) => Promise<void>): Promise<EventType> {
    if (input.ownerId != null && input.teamId == null) await this.checkSchedule(input.scheduleId, [input.ownerId]);
    try {
      return await this.db.transaction(async (tx) => {
        const created = tx.create(EventType, {
          title: input.title.trim(),
          slug: input.slug,
          lengthInMinutes: input.lengthInMinutes,
          locations: storedLocations(input.locations ?? []),
          description: input.description ?? null,
          hidden: input.hidden ?? false,
          ownerId: input.ownerId ?? null,
          teamId: input.teamId ?? null,
          scheduleId: input.scheduleId ?? null,
          assignAllTeamMembers: input.assignAllTeamMembers ?? false,
          schedulingType: schedulingTypeOf(input.schedulingType ?? null, input.teamId != null) ?? null,
          bookingFields: defaultBookingFields(),
          ...writableSettings(input, input.lengthInMinutes, defaultBookingFields()),
        });
        refuseSeatedConflicts(created, input);
        const eventType = await tx.save(created);
        if (input.hosts?.length) await this.setHosts(tx, eventType.id, input.hosts);
        if (alsoWrite) await alsoWrite(tx, eventType);
        await recordKeyedWrite(tx, { eventTypeId: eventType.id });
        return eventType;
      });
    } catch (error) {
      throw slugConflict(error, input.slug, input.teamId == null ? 'owner' : 'team');
    }
  }

  /** Personal event types of a user; `shownOnly`: without the hidden ones (the list somebody else reads). */
  listPersonal(ownerId: number, page: PageArgs, eventSlug?: string | null, shownOnly = false): Promise<[EventType[], number]> {
    const { take, skip } = pageWindow(page);
    const where = { ownerId, teamId: null, ...(eventSlug ? { slug: eventSlug } : {}), ...(shownOnly ? { hidden: false } : {}) };
    return leanFindAndCount(this.db, EventType, where, ['id'], take, skip);
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
    if (eventType.parentId != null) refuseLockedChanges(eventType, changes);
    await this.checkSchedule(changes.scheduleId, [ownerId]);
    applyChanges(eventType, changes);
    if (changes.schedulingType != null) schedulingTypeOf(changes.schedulingType, false);
    try {
      return await this.eventTypes.save(eventType);
    } catch (error) {
      throw slugConflict(error, changes.slug, 'owner');
    }
  }

  /** Deletes a personal event type of the user and answers it as it was. */
  async deletePersonal(id: number, ownerId: number): Promise<EventType> {
    const eventType = await this.getPersonal(id, ownerId);
    refuseChildDeletion(eventType);
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

  /** Makes exactly these users the hosts of the event type, with their roles (one row per user: hostRolesOf keeps the first). */
  async setHosts(manager: EntityManager, eventTypeId: number, hosts: readonly HostRole[]): Promise<void> {
    await manager.delete(EventTypeHost, { eventTypeId });
    if (hosts.length)
      await manager.insert(
        EventTypeHost,
        hosts.map((host) => ({ eventTypeId, ...host })),
      );
  }

  findByIds(ids: readonly number[]): Promise<EventType[]> {
    return leanFindBy(this.db, EventType, 'id', ids);
  }

  /** Host rows of these event types, by user id. */
  hostsOf(eventTypeIds: readonly number[]): Promise<EventTypeHost[]> {
    return this.db.getRepository(EventTypeHost).find({ where: { eventTypeId: In([...eventTypeIds]) }, order: { userId: 'ASC' } });
  }
}

/** The body fields `applyChanges` copies as they are (the settings are checked and written by `writableSettings`). */
const PLAIN_FIELDS = new Set(['title', 'slug', 'lengthInMinutes', 'locations', 'description', 'hidden', 'scheduleId']);

/** Copies the editable fields that were sent onto the event type (never `teamId` or `parentId`). */
export function applyChanges(eventType: EventType, changes: EventTypeChanges): void {
  const length = changes.lengthInMinutes ?? eventType.lengthInMinutes;
  const settings = writableSettings(changes, length, eventType.bookingFields);
  const options = settings.lengthInMinutesOptions !== undefined ? settings.lengthInMinutesOptions : eventType.lengthInMinutesOptions;
  if (options && !options.includes(length))
    throw badInput('lengthInMinutesOptions', `lengthInMinutesOptions must include lengthInMinutes (${length}), the default length`);
  Object.assign(eventType, settings);
  if (changes.schedulingType != null && eventType.teamId != null) {
    const type = schedulingTypeOf(changes.schedulingType, true)!;
    // A managed event type and its members' copies are a different structure: it is created as one, not converted.
    if (type !== eventType.schedulingType && (type === 'managed' || eventType.schedulingType === 'managed')) {
      throw badInput('schedulingType', `schedulingType cannot change from ${eventType.schedulingType} to ${type}: create a new event type instead`);
    }
    eventType.schedulingType = type;
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || !PLAIN_FIELDS.has(key)) continue;
    (eventType as unknown as Record<string, unknown>)[key] = key === 'locations' ? storedLocations(value as EventTypeLocation[]) : value;
  }
  refuseSeatedConflicts(eventType, changes);
}
