import { HostCalendar } from '../slots/host-calendars';
import { slotProblemOf, unavailable } from './booking-availability';
import { bookingLocationOf, locationText } from '../booking-record/booking-location';
import { checkAttendee, checkMetadata } from '../booking-record/booking-rules';

/** Whether one host can take a booking, and the 409 that says why not (no I/O). */
const d = (iso: string) => new Date(iso);
const calendar = (over: Partial<HostCalendar> = {}): HostCalendar => ({
  hostId: 1,
  schedule: { timeZone: 'America/New_York', availability: [{ days: ['Monday'], startTime: '09:00', endTime: '12:00' }], overrides: [] },
  timeZone: 'America/New_York',
  limits: { perDay: null, perWeek: null, perMonth: null, perYear: null },
  busy: [],
  acceptedStarts: [],
  ...over,
});
// Monday 2030-06-03, 09:00–12:00 EDT = 13:00–16:00Z

describe('a host can take [start, end) when it lies in one open interval, overlaps no live booking and breaks no limit', () => {
  it('inside the hours, on or off the slot grid', () => {
    expect(slotProblemOf(calendar(), d('2030-06-03T13:00:00Z'), d('2030-06-03T14:00:00Z'))).toBeNull();
    expect(slotProblemOf(calendar(), d('2030-06-03T13:15:00Z'), d('2030-06-03T14:15:00Z'))).toBeNull();
    expect(slotProblemOf(calendar(), d('2030-06-03T15:00:00Z'), d('2030-06-03T16:00:00Z'))).toBeNull(); // ends at closing time
  });

  it('outside: before opening, across closing, another day, or no schedule', () => {
    for (const [start, end] of [
      ['2030-06-03T12:00:00Z', '2030-06-03T13:00:00Z'],
      ['2030-06-03T15:30:00Z', '2030-06-03T16:30:00Z'],
      ['2030-06-04T13:00:00Z', '2030-06-04T14:00:00Z'],
    ]) {
      expect(slotProblemOf(calendar(), d(start), d(end))).toEqual({ kind: 'outside' });
    }
    expect(slotProblemOf(calendar({ schedule: null }), d('2030-06-03T13:00:00Z'), d('2030-06-03T14:00:00Z'))).toEqual({ kind: 'outside' });
  });

  it('taken: a live booking overlaps (touching is fine)', () => {
    const busy = [{ start: d('2030-06-03T14:00:00Z'), end: d('2030-06-03T15:00:00Z') }];
    expect(slotProblemOf(calendar({ busy }), d('2030-06-03T13:30:00Z'), d('2030-06-03T14:30:00Z'))).toEqual({ kind: 'taken' });
    expect(slotProblemOf(calendar({ busy }), d('2030-06-03T13:00:00Z'), d('2030-06-03T14:00:00Z'))).toBeNull();
  });

  it('limit: the day (in the host’s zone) already has perDay accepted bookings', () => {
    const limited = calendar({ limits: { perDay: 1, perWeek: null, perMonth: null, perYear: null }, acceptedStarts: [d('2030-06-04T03:30:00Z')] }); // 23:30 EDT on 06-03
    expect(slotProblemOf(limited, d('2030-06-03T13:00:00Z'), d('2030-06-03T14:00:00Z'))).toEqual({ kind: 'limit', exceeded: { period: 'day', limit: 1 } });
  });
});

describe('the 409 says why: taken before limit before outside', () => {
  const at = d('2030-06-03T13:00:00Z');
  it.each([
    [[{ kind: 'outside' }], 1, /^The slot at 2030-06-03T13:00:00.000Z is outside the availability of the host$/],
    [[{ kind: 'taken' }], 1, /already taken: the host has another booking/],
    [[{ kind: 'limit', exceeded: { period: 'week', limit: 3 } }], 1, /^Booking limit reached: 3 per week: the host cannot take another booking that week/],
    [[{ kind: 'outside' }, { kind: 'limit', exceeded: { period: 'day', limit: 1 } }, { kind: 'taken' }], 3, /every host has another booking/],
    [[{ kind: 'outside' }, { kind: 'limit', exceeded: { period: 'day', limit: 1 } }], 2, /^Booking limit reached: 1 per day: no free host can/],
    [[], 0, /has no host/],
  ] as const)('%j with %i hosts', (problems, hosts, message) => {
    const error = unavailable(problems as never, at, hosts);
    expect(error.extensions.code).toBe('CONFLICT');
    expect(error.message).toMatch(message);
  });
});

describe('booking locations: one of the event type’s, with the attendee’s detail; written as text', () => {
  const offered = [{ type: 'integration' }, { type: 'attendeePhone' }];
  it('defaults to the event type’s first location; a string is an attendee-defined place', () => {
    expect(bookingLocationOf(undefined, offered)).toEqual({ type: 'integration' });
    expect(bookingLocationOf(null, [])).toBeNull();
    expect(bookingLocationOf(' Café Central ', offered)).toEqual({ type: 'attendeeDefined', location: 'Café Central' });
  });

  it('keeps the detail the type needs and refuses a type the event type does not offer', () => {
    expect(bookingLocationOf({ type: 'attendeePhone', phone: '+3912345' }, offered)).toEqual({ type: 'attendeePhone', phone: '+3912345' });
    expect(() => bookingLocationOf({ type: 'attendeePhone' }, offered)).toThrow(/^location\.phone is required/);
    expect(() => bookingLocationOf({ type: 'address' }, offered)).toThrow(
      /^location\.type must be one of this event type's locations: integration, attendeePhone/,
    );
    expect(() => bookingLocationOf({ type: 'teleport' }, [])).toThrow(/^location\.type must be one of address/);
  });

  it('as text: the detail, integrations:<app>, or the type', () => {
    expect(locationText({ type: 'attendeeAddress', address: '1 Main St' })).toBe('1 Main St');
    expect(locationText({ type: 'integration', integration: 'zoom' })).toBe('integrations:zoom');
    expect(locationText({ type: 'link' })).toBe('link');
    expect(locationText(null)).toBeNull();
  });
});

describe('attendee and metadata rules', () => {
  it('an attendee is trimmed, its e-mail lower-cased, language en by default', () => {
    expect(checkAttendee({ name: ' Ada ', email: ' Ada@Example.COM ', timeZone: 'Europe/London' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      timeZone: 'Europe/London',
      language: 'en',
    });
    expect(() => checkAttendee({ name: 'Ada', email: 'ada@example.com', timeZone: 'Europe/Londres' })).toThrow(/^attendee\.timeZone/);
  });

  it('metadata: at most 50 keys of up to 40 characters, string values up to 500', () => {
    expect(checkMetadata(undefined)).toEqual({});
    expect(() => checkMetadata(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])))).toThrow(/^metadata must have at most 50 keys/);
    expect(() => checkMetadata({ note: 'x'.repeat(501) })).toThrow(/^metadata\.note/);
    expect(() => checkMetadata([1])).toThrow(/^metadata must be an object/);
  });
});
