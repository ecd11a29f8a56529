/**
 * Pure scheduling maths: no I/O, no GraphQL, no database. Every instant is a UTC `Date`; wall-clock
 * times are read in IANA time zones with luxon.
 *
 * - interval.ts        half-open [start, end) intervals: overlap, merge, subtract, clip
 * - zone-offset.ts     a zone's UTC offset at an instant (luxon, memoised)
 * - local-time.ts      wall-clock time in a zone → UTC, with the DST rules (gap: offset from before the
 *                      gap; overlap: first occurrence), calendar-date helpers
 * - open-intervals.ts  when a schedule (2.14) is open: weekly hours, date overrides (replace the date;
 *                      startTime == endTime closes it)
 * - available-slots.ts slot starts on a grid anchored to each open interval, minus busy time and notice;
 *                      the range bounds slot starts: rangeStart <= start < rangeEnd
 * - booking-limits.ts  user booking limits (2.17, §8): reached day / week (Monday) / month / year periods
 *                      in the user's zone, and the check for a new booking
 * - group-by-day.ts    slots keyed by local date, ISO strings with the zone's offset
 * - team-slots.ts      union of the hosts' slots with the free hosts of each
 * - schedule-slots.ts  the above put together for one host
 */
export * from './interval';
export * from './zone-offset';
export * from './local-time';
export * from './open-intervals';
export * from './available-slots';
export * from './booking-limits';
export * from './group-by-day';
export * from './team-slots';
export * from './schedule-slots';
