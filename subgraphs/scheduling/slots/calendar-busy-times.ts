import { SubgraphContext } from '../../../platform/context';
import { Interval } from './interval';
import { UsersCalendarBusyTimesDocument } from '../contracts/generated';

/**
 * Busy times of the hosts' connected calendars (ICS feeds, …). The integrations subgraph owns them and
 * answers from its cache (refreshed in the background, never fetched during a request), through the
 * supergraph's @internal `usersCalendarBusyTimes`.
 */
export interface CalendarBusySource {
  calendarBusyTimes(userIds: readonly number[], from: Date, to: Date): Promise<Map<number, Interval[]>>;
}

export function calendarBusySourceOf(ctx: SubgraphContext): CalendarBusySource {
  return {
    async calendarBusyTimes(userIds, from, to) {
      const byUser = new Map<number, Interval[]>();
      if (!userIds.length) return byUser;
      const data = await ctx.graph.call(UsersCalendarBusyTimesDocument, {
        userIds: [...userIds],
        from: from.toISOString(),
        to: to.toISOString(),
      });
      for (const busy of data.usersCalendarBusyTimes) {
        const list = byUser.get(busy.userId) ?? [];
        list.push({ start: new Date(busy.start), end: new Date(busy.end) });
        byUser.set(busy.userId, list);
      }
      return byUser;
    },
  };
}

/** The calendar busy times of the hosts when the directory can tell them (request paths), else none. */
export function calendarBusyOf(source: Partial<CalendarBusySource> | null, userIds: readonly number[], from: Date, to: Date): Promise<Map<number, Interval[]>> {
  return source?.calendarBusyTimes ? source.calendarBusyTimes(userIds, from, to) : Promise.resolve(new Map());
}
