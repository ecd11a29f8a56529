import { InstantError, MAX_RANGE_DAYS, parseRangeBound, parseTimestamp, slotRange } from './slot-range';

/** Instants and ranges as clients write them: ISO 8601 timestamps (UTC when no zone), bare dates as whole days. */
describe('ISO 8601 timestamps of query strings and bodies', () => {
  it.each([
    ['2030-03-11T13:00:00Z', '2030-03-11T13:00:00.000Z'],
    ['2030-03-11T13:00:00.250Z', '2030-03-11T13:00:00.250Z'],
    ['2030-03-11T13:00Z', '2030-03-11T13:00:00.000Z'],
    ['2030-03-11T09:00:00-04:00', '2030-03-11T13:00:00.000Z'],
    ['2030-03-11T18:30:00+0530', '2030-03-11T13:00:00.000Z'],
    ['2030-03-11T13:00:00', '2030-03-11T13:00:00.000Z'], // no zone: UTC
  ])('%s is %s', (text, iso) => {
    expect(parseTimestamp('start', text).toISOString()).toBe(iso);
  });

  it.each([['tomorrow'], ['2030-03-11'], ['2030-02-30T10:00:00Z'], ['2030-03-11T24:00:00Z'], ['2030-03-11T10:60:00Z'], [''], [null], [42]])(
    '%p is refused, naming the field',
    (text) => {
      expect(() => parseTimestamp('start', text)).toThrow(InstantError);
      expect(() => parseTimestamp('start', text)).toThrow(/^start /);
    },
  );
});

describe('range bounds may be bare dates: a start at its 00:00 UTC, an end including the day', () => {
  it('2030-06-03 as start and as end', () => {
    expect(parseRangeBound('startTime', '2030-06-03', 'start').toISOString()).toBe('2030-06-03T00:00:00.000Z');
    expect(parseRangeBound('endTime', '2030-06-03', 'end').toISOString()).toBe('2030-06-04T00:00:00.000Z');
  });

  it('a slots range: end after start, at most 366 days, errors name startTime or endTime', () => {
    expect(slotRange('2030-06-03', '2030-06-03')).toEqual({ start: new Date('2030-06-03T00:00:00Z'), end: new Date('2030-06-04T00:00:00Z') });
    expect(() => slotRange('2030-06-03T10:00:00Z', '2030-06-03T10:00:00Z')).toThrow(/^endTime must be after startTime/);
    expect(() => slotRange('2030-01-01', '2030-12-31')).not.toThrow(); // 365 days
    expect(() => slotRange('2030-01-01', '2031-01-02')).toThrow(new RegExp(`^endTime must be at most ${MAX_RANGE_DAYS} days`));
    expect(() => slotRange('x', '2030-01-01')).toThrow(/^startTime/);
  });
});
