import { randomBytes } from 'node:crypto';
import { Availability, AvailabilityOverride } from '../../subgraphs/scheduling/schedule/schedule.entity';
import { MembershipRole, operatorOf, userWithKey } from './fixtures';
import { TestStack } from './stack';

/** svc-api-version of the bookings endpoints (spec 9). */
export const BOOKINGS_VERSION = { 'svc-api-version': '2024-08-13' };

export const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export type Host = Awaited<ReturnType<typeof userWithKey>>;

/** A user with an API key and a default schedule. */
export async function hostWithSchedule(
  stack: TestStack,
  schedule: { timeZone: string; availability: Availability[]; overrides?: AvailabilityOverride[] },
  name?: string,
): Promise<Host> {
  const host = await userWithKey(stack, { name, timeZone: schedule.timeZone });
  await operatorOf(stack).createSchedule({ ownerId: host.user.id, name: 'Working hours', isDefault: true, overrides: [], ...schedule });
  return host;
}

/** A personal event type of the owner. */
export function personalEventType(
  stack: TestStack,
  ownerId: number,
  options: { lengthInMinutes?: number; slug?: string; title?: string; locations?: Array<{ type: string }> } = {},
) {
  const slug = options.slug ?? `meeting-${randomBytes(3).toString('hex')}`;
  return operatorOf(stack).createEventType({
    title: options.title ?? 'Meeting',
    slug,
    lengthInMinutes: options.lengthInMinutes ?? 60,
    ownerId,
    locations: options.locations,
  });
}

/** A team whose accepted members are the hosts, and a team event type they host. */
export async function teamEventType(stack: TestStack, hosts: Host[], options: { lengthInMinutes?: number; slug?: string } = {}) {
  const operator = operatorOf(stack);
  const team = await operator.createTeam({ name: `Team ${randomBytes(3).toString('hex')}`, ownerId: hosts[0].user.id });
  for (const host of hosts.slice(1)) await operator.addMember({ teamId: team.id, userId: host.user.id, role: MembershipRole.MEMBER });
  const eventType = await operator.createEventType({
    title: 'Team call',
    slug: options.slug ?? `team-call-${randomBytes(3).toString('hex')}`,
    lengthInMinutes: options.lengthInMinutes ?? 60,
    teamId: team.id,
    hostIds: hosts.map((h) => h.user.id),
  });
  return { team, eventType };
}

/** GET /v2/slots/available with these query parameters (no credential: the endpoint is public). */
export function getSlots(stack: TestStack, query: Record<string, string | number>, key?: string) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return stack.rest('GET', `/v2/slots/available?${search}`, { key });
}

/** `data.slots` of a successful answer as {date: ['HH:mm±hh:mm', …]} (the local time and offset of each slot). */
export function localTimes(data: { slots: Record<string, Array<{ time: string }>> }): Record<string, string[]> {
  return Object.fromEntries(Object.entries(data.slots).map(([date, slots]) => [date, slots.map((s) => s.time.slice(11, 16) + s.time.slice(23))]));
}

export function attendee(tag: string | number, timeZone = 'Europe/Paris') {
  return { name: `Guest ${tag}`, email: `guest-${tag}@example.com`, timeZone, language: 'en' };
}

/** POST /v2/bookings with svc-api-version 2024-08-13 (no credential: booking is public). */
export function book(stack: TestStack, body: Record<string, unknown>, key?: string) {
  return stack.rest('POST', '/v2/bookings', { body, key, headers: BOOKINGS_VERSION });
}

/** The rows of the booking_events table, oldest first. */
export async function bookingEvents(
  stack: TestStack,
  bookingUids: string[],
): Promise<Array<{ type: string; booking_uid: string; payload: any; dispatched_at: Date | null }>> {
  return stack
    .db('scheduling')
    .query('SELECT type, booking_uid, payload, dispatched_at FROM booking_events WHERE booking_uid = ANY($1) ORDER BY id', [bookingUids]);
}
