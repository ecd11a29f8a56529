import { availableSlots } from './available-slots';
import { BookingLimits, limitReachedPeriods } from './booking-limits';
import { Interval } from './interval';
import { addDays, localDateOf, localTimeToUtc } from './local-time';
import { openIntervals, ScheduleHours } from './open-intervals';

export interface ScheduleSlotsInput {
  schedule: ScheduleHours;
  /** Bookings and calendar events of the host; touching edges are fine. */
  busy?: readonly Interval[];
  /** The host's user booking limits (spec 2.17) and the accepted bookings they count. */
  bookingLimits?: {
    limits: BookingLimits;
    acceptedBookingStarts: readonly Date[];
    /** The user's time zone, in which days, weeks, months and years are counted. */
    timeZone: string;
  };
  lengthInMinutes: number;
  stepMinutes?: number;
  rangeStart: Date;
  rangeEnd: Date;
  now?: Date;
  minimumNoticeMinutes?: number;
  offsetMinutes?: number;
}

/**
 * The bookable slot starts of one host: `openIntervals` of the schedule, minus `busy` and every
 * period whose booking limit is reached, cut into slots by `availableSlots`.
 *
 * The open intervals are computed from local midnight one day before rangeStart's date to local
 * midnight two days after rangeEnd's date (in the schedule's zone), so the slot grid is anchored to
 * the schedule's own window starts (09:00, 09:30, …) whatever instant the range starts at, and a slot
 * that starts before rangeEnd may run past it. A slot disappears when any part of it lies in a
 * reached limit period (the conservative reading of rule 3).
 */
export function slotsForSchedule(input: ScheduleSlotsInput): Date[] {
  const zone = input.schedule.timeZone;
  const paddedStart = new Date(localTimeToUtc(addDays(localDateOf(input.rangeStart, zone), -1), 0, zone));
  const paddedEnd = new Date(localTimeToUtc(addDays(localDateOf(input.rangeEnd, zone), 2), 0, zone));
  const open = openIntervals(input.schedule, paddedStart, paddedEnd);

  const busy: Interval[] = [...(input.busy ?? [])];
  if (input.bookingLimits) {
    const { limits, acceptedBookingStarts, timeZone } = input.bookingLimits;
    busy.push(...limitReachedPeriods(limits, acceptedBookingStarts, timeZone, paddedStart, paddedEnd));
  }

  return availableSlots({
    open,
    busy,
    lengthInMinutes: input.lengthInMinutes,
    stepMinutes: input.stepMinutes,
    rangeStart: input.rangeStart,
    rangeEnd: input.rangeEnd,
    now: input.now,
    minimumNoticeMinutes: input.minimumNoticeMinutes,
    offsetMinutes: input.offsetMinutes,
  });
}
