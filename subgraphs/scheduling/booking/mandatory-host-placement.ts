import { DataSource, EntityManager } from 'typeorm';
import { HostCalendar } from '../slots/host-calendars';
import { SlotProblem, slotProblemOf, unavailable } from './booking-availability';
import { placeCollective, refused } from './collective-placement';
import type { Placement } from './placement';

/**
 * Round robin with mandatory hosts: the booking includes every mandatory host and one optional host (when the event
 * type has any), as a collective booking of those hosts does. A mandatory host who cannot take the time refuses it at
 * once; the optional hosts free on their calendars (`problems`: why the others are not) are tried in `candidates` order (priority, then load), the next one
 * when another request took the time of the one tried. The organizer is the preferred host when included, else the
 * first mandatory host.
 */
export async function placeWithMandatoryHosts<T>(
  db: DataSource,
  placement: Placement,
  hosts: { mandatory: readonly HostCalendar[]; optionalCount: number; candidates: readonly HostCalendar[]; problems: readonly SlotProblem[] },
  write: (tx: EntityManager, hostId: number) => Promise<T>,
): Promise<T> {
  const { start, end, context, now, eventType } = placement;
  for (const calendar of hosts.mandatory) {
    const problem = slotProblemOf(calendar, start, end, context, now);
    if (problem) throw refused(problem, start, calendar.hostId, eventType);
  }
  if (!hosts.optionalCount) return placeCollective(db, { ...placement, calendars: hosts.mandatory }, write);
  if (!hosts.candidates.length) throw unavailable(hosts.problems, start, hosts.optionalCount);
  let refusal: unknown;
  for (const candidate of hosts.candidates) {
    try {
      return await placeCollective(db, { ...placement, calendars: [...hosts.mandatory, candidate] }, write);
    } catch (error) {
      if ((error as { extensions?: { code?: string } }).extensions?.code !== 'CONFLICT') throw error;
      refusal = error;
    }
  }
  throw refusal;
}
