import { slotsByDay } from './group-by-day';
import { slotsForSchedule } from './schedule-slots';

/** One host’s bookable slots: schedule hours, minus busy time and reached booking limits. */

const NY = 'America/New_York';
const weekdays = {
  timeZone: NY,
  availability: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }],
  overrides: [{ date: '2026-03-04', startTime: '00:00', endTime: '00:00' }],
};
const d = (iso: string) => new Date(iso);
const localTimes = (slots: Date[]) =>
  Object.fromEntries(Object.entries(slotsByDay(slots, NY)).map(([day, list]) => [day, list.map((s) => s.start.slice(11, 16))]));

describe('slots of a schedule', () => {
  it('follow the schedule’s wall clock and grid (09:00 + 2 h steps), skip the busy slot and the closed override date', () => {
    const slots = slotsForSchedule({
      schedule: weekdays,
      busy: [{ start: d('2026-03-02T14:00:00Z'), end: d('2026-03-02T15:00:00Z') }], // 09:00–10:00 EST
      lengthInMinutes: 120,
      rangeStart: d('2026-03-02T05:00:00Z'),
      rangeEnd: d('2026-03-05T05:00:00Z'),
    });
    expect(localTimes(slots)).toEqual({ '2026-03-02': ['11:00', '13:00', '15:00'], '2026-03-03': ['09:00', '11:00', '13:00', '15:00'] });
  });

  it('keep the schedule’s grid whatever instant the range starts at', () => {
    const slots = slotsForSchedule({ schedule: weekdays, lengthInMinutes: 60, rangeStart: d('2026-03-02T15:20:00Z'), rangeEnd: d('2026-03-02T18:00:00Z') });
    expect(localTimes(slots)).toEqual({ '2026-03-02': ['11:00', '12:00'] });
  });

  it('drop every period whose booking limit is reached, counted in the user’s time zone', () => {
    const slots = slotsForSchedule({
      schedule: weekdays,
      bookingLimits: { limits: { perDay: 1, perWeek: null }, acceptedBookingStarts: [d('2026-03-03T04:30:00Z')], timeZone: NY }, // 23:30 on 03-02
      lengthInMinutes: 240,
      rangeStart: d('2026-03-02T05:00:00Z'),
      rangeEnd: d('2026-03-04T05:00:00Z'),
    });
    expect(localTimes(slots)).toEqual({ '2026-03-03': ['09:00', '13:00'] });
  });

  it('respect the minimum notice', () => {
    const slots = slotsForSchedule({
      schedule: weekdays,
      lengthInMinutes: 60,
      rangeStart: d('2026-03-02T05:00:00Z'),
      rangeEnd: d('2026-03-03T05:00:00Z'),
      now: d('2026-03-02T14:30:00Z'),
      minimumNoticeMinutes: 120,
    });
    expect(localTimes(slots)).toEqual({ '2026-03-02': ['12:00', '13:00', '14:00', '15:00', '16:00'] });
  });
});
