import { DataSource, EntityManager, In } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { Availability, AvailabilityOverride, Schedule } from './schedule.entity';
import { checkAvailability, checkName, checkOverrides, checkTimeZone, WORKING_HOURS } from './schedule.rules';

export { WEEKDAYS, WORKING_HOURS } from './schedule.rules';

export interface NewSchedule {
  ownerId: number;
  name: string;
  timeZone: string;
  isDefault?: boolean;
  availability?: Availability[];
  overrides?: AvailabilityOverride[];
}

/** A partial update: an omitted (undefined) field keeps its value. */
export interface ScheduleChanges {
  name?: string | null;
  timeZone?: string | null;
  isDefault?: boolean | null;
  availability?: Availability[] | null;
  overrides?: AvailabilityOverride[] | null;
}

/**
 * A user who has schedules has exactly one default: the first schedule becomes it, `isDefault: true`
 * moves it, and the default cannot be unset or deleted while other schedules exist.
 */
export class ScheduleService {
  constructor(private readonly db: DataSource) {}

  /** Serializes one owner's schedule writes, so "is there a default yet?" cannot race. */
  private async lockOwner(tx: EntityManager, ownerId: number): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.schedules', ownerId]);
  }

  private async ownedInTx(tx: EntityManager, scheduleId: number, ownerId: number): Promise<Schedule> {
    const schedule = await tx.findOneBy(Schedule, { id: scheduleId, ownerId });
    if (!schedule) throw notFound('Schedule', scheduleId);
    return schedule;
  }

  /** Makes `schedule` the owner's only default. */
  private async makeDefault(tx: EntityManager, ownerId: number, except?: number): Promise<void> {
    const others = tx.createQueryBuilder().update(Schedule).set({ isDefault: false }).where('owner_id = :ownerId AND is_default', { ownerId });
    if (except !== undefined) others.andWhere('id <> :except', { except });
    await others.execute();
  }

  async create(input: NewSchedule): Promise<Schedule> {
    const name = checkName(input.name);
    const timeZone = checkTimeZone(input.timeZone);
    const availability = checkAvailability('availability', input.availability ?? WORKING_HOURS);
    const overrides = checkOverrides('overrides', input.overrides ?? []);
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, input.ownerId);
      const hasDefault = await tx.existsBy(Schedule, { ownerId: input.ownerId, isDefault: true });
      const isDefault = !hasDefault || input.isDefault === true;
      if (isDefault) await this.makeDefault(tx, input.ownerId);
      const schedule = await tx.save(tx.create(Schedule, { ownerId: input.ownerId, name, timeZone, availability, overrides, isDefault }));
      await recordKeyedWrite(tx, { scheduleId: schedule.id });
      return schedule;
    });
  }

  list(ownerId: number, page: PageArgs): Promise<[Schedule[], number]> {
    const { take, skip } = pageWindow(page);
    return this.db.getRepository(Schedule).findAndCount({ where: { ownerId }, order: { id: 'ASC' }, take, skip });
  }

  /** One page of the schedules of these owners (a team's or an organization's members), by id. */
  listForOwners(ownerIds: readonly number[], page: PageArgs): Promise<[Schedule[], number]> {
    const { take, skip } = pageWindow(page);
    if (!ownerIds.length) return Promise.resolve([[], 0]);
    return this.db.getRepository(Schedule).findAndCount({ where: { ownerId: In([...ownerIds]) }, order: { id: 'ASC' }, take, skip });
  }

  /** Every schedule of these owners, by id. */
  forOwners(ownerIds: readonly number[]): Promise<Schedule[]> {
    return this.db.getRepository(Schedule).find({ where: { ownerId: In([...ownerIds]) }, order: { id: 'ASC' } });
  }

  /** The owner's schedule; NOT_FOUND for another user's, so ids of others' schedules are not confirmed. */
  async getOwned(scheduleId: number, ownerId: number): Promise<Schedule> {
    const schedule = await this.db.getRepository(Schedule).findOneBy({ id: scheduleId, ownerId });
    if (!schedule) throw notFound('Schedule', scheduleId);
    return schedule;
  }

  /** The owner's default schedule, or null when the owner has no schedule. */
  defaultOf(ownerId: number): Promise<Schedule | null> {
    return this.db.getRepository(Schedule).findOneBy({ ownerId, isDefault: true });
  }

  async update(scheduleId: number, ownerId: number, changes: ScheduleChanges): Promise<Schedule> {
    for (const field of ['name', 'timeZone', 'isDefault', 'availability', 'overrides'] as const) {
      if (changes[field] === null) throw badInput(field, `${field} must not be null (omit it to keep the current value)`);
    }
    const name = changes.name === undefined ? undefined : checkName(changes.name);
    const timeZone = changes.timeZone === undefined ? undefined : checkTimeZone(changes.timeZone);
    const availability = changes.availability == null ? undefined : checkAvailability('availability', changes.availability);
    const overrides = changes.overrides == null ? undefined : checkOverrides('overrides', changes.overrides);
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const schedule = await this.ownedInTx(tx, scheduleId, ownerId);
      if (changes.isDefault === false && schedule.isDefault) {
        throw badInput(
          'isDefault',
          `isDefault: schedule ${scheduleId} is the default schedule and a user always has one; set isDefault true on another schedule to move the default`,
        );
      }
      if (changes.isDefault === true && !schedule.isDefault) {
        await this.makeDefault(tx, ownerId, scheduleId);
        schedule.isDefault = true;
      }
      Object.assign(schedule, {
        ...(name !== undefined && { name }),
        ...(timeZone !== undefined && { timeZone }),
        ...(availability !== undefined && { availability }),
        ...(overrides !== undefined && { overrides }),
      });
      return tx.save(schedule);
    });
  }

  /** Deletes a schedule and answers it as it was. The default goes only when it is the owner's last schedule. */
  async remove(scheduleId: number, ownerId: number): Promise<Schedule> {
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const schedule = await this.ownedInTx(tx, scheduleId, ownerId);
      if (schedule.isDefault && (await tx.countBy(Schedule, { ownerId })) > 1) {
        throw badInput(
          'scheduleId',
          `scheduleId: schedule ${scheduleId} is the default schedule and cannot be deleted while you have other schedules; make another one the default first (isDefault: true)`,
        );
      }
      await tx.delete(Schedule, { id: scheduleId });
      return schedule;
    });
  }
}
