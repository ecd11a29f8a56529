import { conflict } from '../../../platform/errors';
import { EventTypeContext, joinableAt } from '../slots/event-type-context';
import { EventTypeLimitProblem, eventTypeLimitMessage, eventTypeLimitProblem, inBookingWindow, withBuffers } from '../slots/event-type-rules';
import { ExceededLimit, limitMessage, wouldExceedLimits } from '../slots/booking-limits';
import { HostCalendar } from '../slots/host-calendars';
import { overlaps } from '../slots/interval';
import { openIntervals } from '../slots/open-intervals';

/** Why a host cannot take a booking at a time (no I/O: decided on the host's loaded calendar). */
export type SlotProblem =
  | { kind: 'outside' }
  | { kind: 'taken' }
  | { kind: 'limit'; exceeded: ExceededLimit }
  | { kind: 'notice'; minutes: number }
  | { kind: 'window' }
  | { kind: 'eventTypeLimit'; problem: EventTypeLimitProblem };

const DAY = 86_400_000;

/**
 * Whether the host can take a booking [start, end): null when it can. Checked in this order:
 * the whole meeting must lie in one open interval of the host's schedule (with its overrides) —
 * `outside`; no accepted or pending booking of the host may overlap it — `taken` (a read: the
 * database's exclusion constraint has the last word); and no booking limit of the host may be
 * reached in a period containing the start — `limit` (spec §8 rule 3).
 * The start does not need to be on the slot grid the slots endpoint shows.
 */
export function slotProblemOf(calendar: HostCalendar, start: Date, end: Date, context?: EventTypeContext, now = new Date()): SlotProblem | null {
  const rules = context?.rules;
  if (rules?.minimumBookingNotice && start.getTime() < now.getTime() + rules.minimumBookingNotice * 60_000)
    return { kind: 'notice', minutes: rules.minimumBookingNotice };
  if (rules?.bookingWindow && !inBookingWindow(start, rules.bookingWindow, now, calendar.timeZone)) return { kind: 'window' };
  if (context?.rollingWindowEnd && start.getTime() >= context.rollingWindowEnd.getTime()) return { kind: 'window' };
  if (!calendar.schedule) return { kind: 'outside' };
  const open = openIntervals(calendar.schedule, new Date(start.getTime() - DAY), new Date(end.getTime() + DAY));
  if (!open.some((i) => i.start.getTime() <= start.getTime() && end.getTime() <= i.end.getTime())) return { kind: 'outside' };
  if (joinableAt(context, calendar.hostId, start, end)) return null; // a free seat of a seated booking
  const held = context ? context.reservations.filter((r) => r.userId === calendar.hostId) : [];
  const busy = context ? withBuffers([...calendar.busy, ...held], context.rules) : calendar.busy;
  if (busy.some((b) => overlaps(b, { start, end }))) return { kind: 'taken' };
  if (context) {
    const problem = eventTypeLimitProblem(context.rules, context.counted, start, Math.round((end.getTime() - start.getTime()) / 60_000), calendar.timeZone);
    if (problem) return { kind: 'eventTypeLimit', problem };
  }
  const exceeded = wouldExceedLimits(calendar.limits, calendar.acceptedStarts, start, calendar.timeZone);
  return exceeded ? { kind: 'limit', exceeded } : null;
}

/** `extensions.reason` of the 409 for a slot some host's booking or hold takes (a reservation answers it with a 422). */
export const SLOT_TAKEN = 'SLOT_TAKEN';

/**
 * The 409 a client gets when no host could take the booking, saying why. With several hosts (a team
 * event type) the reason closest to success is given: some host was booked at that time (taken),
 * else some host's limit is reached, else the time is outside every host's availability.
 */
export function unavailable(problems: readonly SlotProblem[], start: Date, hostCount: number) {
  const at = start.toISOString();
  const team = hostCount > 1;
  if (!problems.length) return conflict(`The slot at ${at} cannot be booked: the event type has no host`);
  const notice = problems.find((p): p is Extract<SlotProblem, { kind: 'notice' }> => p.kind === 'notice');
  if (notice) return conflict(`The slot at ${at} is too soon: the event type needs ${notice.minutes} minutes of notice (minimumBookingNotice)`);
  if (problems.some((p) => p.kind === 'window')) return conflict(`The slot at ${at} is outside the event type's booking window (bookingWindow)`);
  if (problems.some((p) => p.kind === 'taken')) {
    return conflict(`The slot at ${at} is already taken: ${team ? 'every host has' : 'the host has'} another booking at that time`, SLOT_TAKEN);
  }
  const eventTypeLimit = problems.find((p): p is Extract<SlotProblem, { kind: 'eventTypeLimit' }> => p.kind === 'eventTypeLimit');
  if (eventTypeLimit) return conflict(`${eventTypeLimitMessage(eventTypeLimit.problem)} (slot at ${at})`);
  const limit = problems.find((p): p is Extract<SlotProblem, { kind: 'limit' }> => p.kind === 'limit');
  if (limit) {
    return conflict(
      `${limitMessage(limit.exceeded)}: ${team ? 'no free host can' : 'the host cannot'} take another booking that ${limit.exceeded.period} (slot at ${at})`,
    );
  }
  return conflict(`The slot at ${at} is outside the availability of ${team ? 'every host' : 'the host'}`);
}
