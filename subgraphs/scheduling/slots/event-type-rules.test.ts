import { bookingWindowBounds, eventTypeLimitPeriods, eventTypeLimitProblem, firstSlotPerDay, inBookingWindow, withBuffers } from './event-type-rules';
import { slotsByDay } from './group-by-day';
import { slotsForSchedule } from './schedule-slots';
import { slotsOfHosts } from './host-slots';
import { joinableAt } from './event-type-context';

/** The event type rules that shape slots and bookings (pure maths; the clock is always passed in). */

const NY = 'America/New_York';
const d = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const everyDay = (startTime: string, endTime: string) => ({
  timeZone: NY,
  availability: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], startTime, endTime }],
  overrides: [],
});
const localTimes = (slots: Date[]) =>
  Object.fromEntries(Object.entries(slotsByDay(slots, NY)).map(([day, list]) => [day, list.map((s) => s.start.slice(11, 16))]));

describe('buffers: a new meeting needs [start - before, end + after) free', () => {
  it('widens every busy interval by the after-buffer before it and the before-buffer after it', () => {
    const widened = withBuffers([{ start: d('2030-06-03T10:00:00Z'), end: d('2030-06-03T11:00:00Z') }], { beforeEventBuffer: 15, afterEventBuffer: 30 });
    expect(widened.map((b) => [iso(b.start), iso(b.end)])).toEqual([['2030-06-03T09:30:00.000Z', '2030-06-03T11:15:00.000Z']]);
  });

  it('through the slot grid, across the spring-forward change (2030-03-10, New York): 09:00–10:00 booked, 30 + 30 minutes of buffer', () => {
    const busy = ['2030-03-09T14:00:00Z', '2030-03-10T13:00:00Z'].map((start) => ({ start: d(start), end: new Date(d(start).getTime() + 3_600_000) })); // 09:00 local both days
    const slots = slotsForSchedule({
      schedule: everyDay('09:00', '13:00'),
      busy: withBuffers(busy, { beforeEventBuffer: 30, afterEventBuffer: 30 }),
      lengthInMinutes: 60,
      rangeStart: d('2030-03-09T05:00:00Z'),
      rangeEnd: d('2030-03-11T04:00:00Z'),
    });
    expect(localTimes(slots)).toEqual({ '2030-03-09': ['11:00', '12:00'], '2030-03-10': ['11:00', '12:00'] });
  });
});

describe('offsetStart and slotInterval keep the schedule’s wall clock across DST', () => {
  it('offset 15, interval 30, length 60 on the fall-back day (2030-11-03)', () => {
    const slots = slotsForSchedule({
      schedule: everyDay('09:00', '11:00'),
      lengthInMinutes: 60,
      stepMinutes: 30,
      offsetMinutes: 15,
      rangeStart: d('2030-11-02T04:00:00Z'),
      rangeEnd: d('2030-11-04T05:00:00Z'),
    });
    expect(localTimes(slots)).toEqual({ '2030-11-02': ['09:15', '09:45'], '2030-11-03': ['09:15', '09:45'] });
  });

  it('minimum notice: nothing starts before now + notice', () => {
    const now = d('2030-06-03T13:10:00Z'); // 09:10 in New York
    const slots = slotsForSchedule({
      schedule: everyDay('09:00', '13:00'),
      lengthInMinutes: 60,
      rangeStart: d('2030-06-03T04:00:00Z'),
      rangeEnd: d('2030-06-04T04:00:00Z'),
      now,
      minimumNoticeMinutes: 120,
    });
    expect(localTimes(slots)).toEqual({ '2030-06-03': ['12:00'] });
  });
});

describe('booking window, in the host’s time zone', () => {
  const now = d('2030-03-08T15:00:00Z'); // Friday 10:00 EST

  it('calendarDays 3: until local midnight after the third day, today counted (the DST night moves the UTC bound)', () => {
    const bounds = bookingWindowBounds({ type: 'calendarDays', value: 3, rolling: false }, now, NY)!;
    expect(iso(bounds.end)).toBe('2030-03-11T04:00:00.000Z'); // Monday 00:00 EDT
  });

  it('businessDays 2: Friday and Monday, the weekend skipped', () => {
    const bounds = bookingWindowBounds({ type: 'businessDays', value: 2, rolling: false }, now, NY)!;
    expect(iso(bounds.end)).toBe('2030-03-12T04:00:00.000Z'); // Tuesday 00:00 EDT
    expect(inBookingWindow(d('2030-03-11T13:00:00Z'), { type: 'businessDays', value: 2, rolling: false }, now, NY)).toBe(true);
    expect(inBookingWindow(d('2030-03-12T13:00:00Z'), { type: 'businessDays', value: 2, rolling: false }, now, NY)).toBe(false);
  });

  it('range: from local midnight of the first date to local midnight after the last', () => {
    const bounds = bookingWindowBounds({ type: 'range', value: ['2030-11-02', '2030-11-03'] }, now, NY)!;
    expect([iso(bounds.start), iso(bounds.end)]).toEqual(['2030-11-02T04:00:00.000Z', '2030-11-04T05:00:00.000Z']);
  });
});

describe('event type booking limits (count and duration), calendar periods in the host’s zone', () => {
  const bookings = [{ start: d('2030-11-03T05:30:00Z'), minutes: 60 }]; // 01:30 EDT on the 25-hour fall-back day

  it('count day 1: the whole 25-hour local day is busy; the next day is free', () => {
    const busy = eventTypeLimitPeriods({ bookingLimitsCount: { day: 1 } }, bookings, 60, NY, d('2030-11-02T00:00:00Z'), d('2030-11-06T00:00:00Z'));
    expect(busy.map((b) => [iso(b.start), iso(b.end)])).toEqual([['2030-11-03T04:00:00.000Z', '2030-11-04T05:00:00.000Z']]);
    expect(eventTypeLimitProblem({ bookingLimitsCount: { day: 1 } }, bookings, d('2030-11-04T14:00:00Z'), 60, NY)).toBeNull();
    expect(eventTypeLimitProblem({ bookingLimitsCount: { day: 1 } }, bookings, d('2030-11-04T03:00:00Z'), 60, NY)).toEqual({
      kind: 'count',
      period: 'day',
      limit: 1,
    });
  });

  it('duration day 90: 60 minutes booked leave room for 30, not for 60', () => {
    const rules = { bookingLimitsDuration: { day: 90 } };
    expect(eventTypeLimitProblem(rules, bookings, d('2030-11-03T15:00:00Z'), 30, NY)).toBeNull();
    expect(eventTypeLimitProblem(rules, bookings, d('2030-11-03T15:00:00Z'), 60, NY)).toEqual({ kind: 'duration', period: 'day', limit: 90 });
    expect(eventTypeLimitPeriods(rules, bookings, 30, NY, d('2030-11-02T00:00:00Z'), d('2030-11-06T00:00:00Z'))).toEqual([]);
  });

  it('the shortest period is reported first; week counts Monday to Sunday', () => {
    const week = [d('2030-06-03T14:00:00Z'), d('2030-06-05T14:00:00Z')].map((start) => ({ start, minutes: 30 }));
    expect(eventTypeLimitProblem({ bookingLimitsCount: { day: 1, week: 2 } }, week, d('2030-06-07T14:00:00Z'), 30, NY)).toEqual({
      kind: 'count',
      period: 'week',
      limit: 2,
    });
    expect(eventTypeLimitProblem({ bookingLimitsCount: { day: 1, week: 2 } }, week, d('2030-06-10T14:00:00Z'), 30, NY)).toBeNull();
  });
});

describe('onlyShowFirstAvailableSlot', () => {
  it('keeps the earliest slot of each local date (a 23:30 UTC slot belongs to the New York date before)', () => {
    const slots = ['2030-06-03T13:00:00Z', '2030-06-03T14:00:00Z', '2030-06-03T23:30:00Z', '2030-06-04T13:00:00Z'].map((s) => ({ start: d(s) }));
    expect(firstSlotPerDay(slots, NY).map((s) => iso(s.start))).toEqual(['2030-06-03T13:00:00.000Z', '2030-06-04T13:00:00.000Z']);
  });
});

describe('seats: a seated booking with a free seat keeps its own start offered, nothing else it covers', () => {
  it('09:00–12:00 UTC, 60 minutes every 30; a seated booking 10:00–11:00 with one of two seats taken', () => {
    const booked = { start: d('2030-06-03T10:00:00Z'), end: d('2030-06-03T11:00:00Z') };
    const calendar = {
      hostId: 1,
      schedule: { timeZone: 'UTC', availability: [{ days: ['Monday'], startTime: '09:00', endTime: '12:00' }], overrides: [] },
      timeZone: 'UTC',
      limits: { perDay: null, perWeek: null, perMonth: null, perYear: null },
      busy: [booked],
      acceptedStarts: [booked.start],
    };
    const context = {
      rules: { lengthInMinutes: 60, slotInterval: 30 },
      counted: [],
      reservations: [],
      joinable: [{ ...booked, bookingId: 7, hostId: 1, attendees: 1 }],
    };
    const range = { start: d('2030-06-03T00:00:00Z'), end: d('2030-06-04T00:00:00Z') };
    const starts = (joinable: typeof context.joinable) =>
      slotsOfHosts([calendar], { ...context, joinable }, range, d('2030-06-01T00:00:00Z')).map((s) => iso(s.start).slice(11, 16));
    expect(starts(context.joinable)).toEqual(['09:00', '10:00', '11:00']);
    expect(starts([])).toEqual(['09:00', '11:00']); // full: the booking's time is busy like any other
    expect(joinableAt(context, 1, booked.start, booked.end)?.bookingId).toBe(7);
    expect(joinableAt(context, 1, d('2030-06-03T10:30:00Z'), d('2030-06-03T11:30:00Z'))).toBeUndefined();
  });
});
