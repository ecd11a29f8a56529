import { DataSource } from 'typeorm';
import { badInput } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { isIanaTimeZone } from '../../kit/time-zones';
import { Availability, AvailabilityOverride, Schedule } from './schedule.entity';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const WORKING_HOURS: Availability[] = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' },
];

export interface NewSchedule {
  ownerId: number;
  name: string;
  timeZone: string;
  isDefault?: boolean;
  availability?: Availability[];
  overrides?: AvailabilityOverride[];
}

function checkWindows(field: string, windows: Array<{ startTime: string; endTime: string }>): void {
  windows.forEach((w, i) => {
    if (w.startTime >= w.endTime) throw badInput(`${field}[${i}]`, 'startTime must be before endTime');
  });
}

export class ScheduleService {
  constructor(private readonly db: DataSource) {}

  /** Creates a schedule; the first one of a user, or one marked default, becomes the default. */
  async create(input: NewSchedule): Promise<Schedule> {
    if (!isIanaTimeZone(input.timeZone)) throw badInput('timeZone', `"${input.timeZone}" is not an IANA time zone`);
    const availability = input.availability ?? WORKING_HOURS;
    availability.forEach((a, i) => {
      const unknown = a.days.find((d) => !WEEKDAYS.includes(d));
      if (unknown) throw badInput(`availability[${i}].days`, `"${unknown}" is not a weekday name (Monday … Sunday)`);
    });
    checkWindows('availability', availability);
    checkWindows('overrides', input.overrides ?? []);
    return this.db.transaction(async (tx) => {
      const hasDefault = await tx.existsBy(Schedule, { ownerId: input.ownerId, isDefault: true });
      const isDefault = input.isDefault ?? !hasDefault;
      if (isDefault && hasDefault) await tx.update(Schedule, { ownerId: input.ownerId, isDefault: true }, { isDefault: false });
      return tx.save(tx.create(Schedule, { ...input, availability, overrides: input.overrides ?? [], isDefault }));
    });
  }

  list(ownerId: number, page: PageArgs): Promise<[Schedule[], number]> {
    const { take, skip } = pageWindow(page);
    return this.db.getRepository(Schedule).findAndCount({ where: { ownerId }, order: { id: 'ASC' }, take, skip });
  }
}
