import { DataSource } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeService } from '../event-type/event-type.service';
import { Schedule } from '../schedule/schedule.entity';
import { ScheduleService } from '../schedule/schedule.service';

const CAL_VIDEO = [{ type: 'integration', integration: 'cal-video' }];

/**
 * The reference's four default event types of a managed user (OAuth client `areDefaultEventTypesEnabled`):
 * 30 and 60 minutes, each without and with video.
 */
export const DEFAULT_EVENT_TYPES = [
  { slug: 'thirty-minutes', title: '30 Minutes', lengthInMinutes: 30, locations: [] },
  { slug: 'sixty-minutes', title: '60 Minutes', lengthInMinutes: 60, locations: [] },
  { slug: 'thirty-minutes-video', title: '30 Minutes', lengthInMinutes: 30, locations: CAL_VIDEO },
  { slug: 'sixty-minutes-video', title: '60 Minutes', lengthInMinutes: 60, locations: CAL_VIDEO },
];

export const DEFAULT_SCHEDULE_NAME = 'Default Schedule';

/**
 * What a new managed user gets (reference CreateManagedUserInput.timeZone and CreateOAuthClientInput
 * .areDefaultEventTypesEnabled): a default schedule, Monday to Friday 09:00–17:00 in the given time zone, and the
 * default event types. Each part is made once: called again for the same user, what exists is kept.
 */
export class ManagedUserDefaultsService {
  constructor(private readonly db: DataSource) {}

  /** Answers the user's default schedule id (null without a time zone and without schedules). */
  async setUp(userId: number, timeZone: string | null, defaultEventTypes: boolean): Promise<number | null> {
    if (timeZone != null && !(await this.db.getRepository(Schedule).existsBy({ ownerId: userId }))) {
      await new ScheduleService(this.db).create({ ownerId: userId, name: DEFAULT_SCHEDULE_NAME, timeZone, isDefault: true });
    }
    if (defaultEventTypes) {
      const owned = await this.db.getRepository(EventType).findBy({ ownerId: userId });
      const eventTypes = new EventTypeService(this.db);
      for (const eventType of DEFAULT_EVENT_TYPES.filter((d) => !owned.some((o) => o.slug === d.slug))) {
        await eventTypes.create({ ...eventType, ownerId: userId });
      }
    }
    const schedule = await this.db.getRepository(Schedule).findOneBy({ ownerId: userId, isDefault: true });
    return schedule?.id ?? null;
  }
}
