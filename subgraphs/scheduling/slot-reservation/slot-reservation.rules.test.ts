import { reservationMinutesOf, reservedUntilOf } from './slot-reservation.rules';

/** How long a reservation holds its slot (pure rules; the clock is passed in). */

describe('slot reservations hold their slot for a while (clock injected)', () => {
  const now = new Date('2030-06-03T10:00:00Z');
  it('hold for the asked minutes (default 5)', () => {
    const until = reservedUntilOf(now, reservationMinutesOf(undefined, 'anonymous'));
    expect(until.toISOString()).toBe('2030-06-03T10:05:00.000Z');
  });
  it('a custom duration needs a caller tied to the event type and stays within 1 to 60 minutes', () => {
    expect(reservationMinutesOf(15, 'related')).toBe(15);
    expect(() => reservationMinutesOf(15, 'anonymous')).toThrow(/reservationDuration/);
    expect(() => reservationMinutesOf(15, 'stranger')).toThrow(/reservationDuration/);
    expect(() => reservationMinutesOf(61, 'related')).toThrow(/reservationDuration/);
  });
});
