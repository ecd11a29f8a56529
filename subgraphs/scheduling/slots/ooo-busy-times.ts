import { EntityManager, In, LessThan, MoreThan } from 'typeorm';
import { Interval } from './interval';
import { OutOfOfficeEntry } from '../out-of-office/out-of-office.entity';

/**
 * The out-of-office periods of the hosts that touch [from, to): busy time in the availability
 * computation, so an away user has no slots and cannot be booked. One statement for every host.
 */
export async function outOfOfficeBusyTimes(manager: EntityManager, hostIds: readonly number[], from: Date, to: Date): Promise<Map<number, Interval[]>> {
  const byHost = new Map<number, Interval[]>();
  if (!hostIds.length) return byHost;
  const entries = await manager.getRepository(OutOfOfficeEntry).find({
    select: { userId: true, start: true, end: true },
    where: { userId: In([...hostIds]), start: LessThan(to), end: MoreThan(from) },
  });
  for (const e of entries) {
    // `end` is the last millisecond of the last day: the period is busy up to the next day's start.
    byHost.set(e.userId, [...(byHost.get(e.userId) ?? []), { start: e.start, end: new Date(e.end.getTime() + 1) }]);
  }
  return byHost;
}
