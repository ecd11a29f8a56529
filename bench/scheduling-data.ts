import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { Operator } from '../stack/operator';
import { RunningStack } from '../stack/start-stack';
import { MembershipRole } from '../subgraphs/organizations/team/membership.entity';
import { MAX_RANGE_DAYS } from '../platform/slot-range';

/**
 * The data of the slots and booking scenarios of bench/run.ts (e, f, g), and what their answers
 * must be, computed here without the slots code: every host works Mon–Fri 09:00–17:00 in its own
 * zone, slots and bookings are 30 minutes on that grid, so a host's slot is free exactly when none
 * of its bookings starts at the same instant.
 */

const DAY = 86_400_000;
const SLOT_MINUTES = 30;
const WORKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const WORKING_HOURS = [{ days: WORKDAYS, startTime: '09:00', endTime: '17:00' }];
const PASSWORD = 'correct horse battery';

/** Mixed zones, all on whole or half hours so that the hosts' grids line up on :00 and :30 UTC. */
export const TEAM_HOST_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Africa/Johannesburg',
];
export const BOOKINGS_PER_TEAM_HOST = 200;
export const TEAM_RANGE_DAYS = 30;
/** The team range is 2030-06-03 (a Monday) 00:00Z plus 30 days; the answer is grouped by New York days. */
const TEAM_RANGE_START = Date.UTC(2030, 5, 3);
const TEAM_ANSWER_ZONE = 'America/New_York';

/** A year: the slots endpoint accepts ranges up to MAX_RANGE_DAYS (366) long. */
export const YEAR_RANGE_DAYS = Math.min(365, MAX_RANGE_DAYS);
export { MAX_RANGE_DAYS };
export const YEAR_HOST_BOOKINGS = 200;
const YEAR_RANGE_START = Date.UTC(2030, 0, 7);
const YEAR_ZONE = 'Europe/Berlin';

/** Booking scenario: this many contended slots (BENCH_BOOKING_SLOTS, default 80: five working days), as many for the warm-up, one for the probe. */
export const CONTENDED_SLOTS = Number(process.env.BENCH_BOOKING_SLOTS ?? 80);
const ATTENDEES_PER_SLOT = 5;

export interface SlotsCase {
  eventTypeId: number;
  hostIds: number[];
  /** The query string of GET /v2/slots/available. */
  query: string;
  rangeDays: number;
  /** How many slots the answer must hold. */
  expectedSlots: number;
  /** Bookings seeded for the hosts (inside and around the range). */
  seededBookings: number;
}

export interface BookingCase {
  eventTypeId: number;
  hostId: number;
  /** One body per (slot, attendee) of the contended slots. */
  bodies: string[];
  warmupBodies: string[];
  probeBody: string;
  /** Start instants (ISO) of the contended slots. */
  slotStarts: string[];
}

export interface SchedulingData {
  team: SlotsCase;
  year: SlotsCase;
  booking: BookingCase;
  /** The same case for another host: scenario G runs it against the stack as `npm start` runs it. */
  bookingDeployed: BookingCase;
}

/** Mulberry32: the same "random" bookings on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Slot starts (ms) of Mon–Fri 09:00–17:00 in `zone`, every 30 minutes, for the local dates around [from, to). */
function workingGrid(zone: string, from: number, to: number): number[] {
  const starts: number[] = [];
  const last = DateTime.fromMillis(to, { zone }).startOf('day').plus({ days: 1 });
  for (let day = DateTime.fromMillis(from, { zone }).startOf('day').minus({ days: 1 }); day <= last; day = day.plus({ days: 1 })) {
    if (day.weekday > 5) continue;
    for (let minute = 9 * 60; minute + SLOT_MINUTES <= 17 * 60; minute += SLOT_MINUTES) {
      starts.push(
        DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: Math.floor(minute / 60), minute: minute % 60 }, { zone }).toMillis(),
      );
    }
  }
  return starts;
}

/** `count` distinct grid slots of the host in [from, to), at random. */
function pickBookings(zone: string, from: number, to: number, count: number, random: () => number): number[] {
  const grid = workingGrid(zone, from, to).filter((ms) => ms >= from && ms < to);
  if (grid.length < count) throw new Error(`only ${grid.length} working slots in ${zone} for ${count} bookings`);
  for (let i = grid.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [grid[i], grid[j]] = [grid[j], grid[i]];
  }
  return grid.slice(0, count).sort((a, b) => a - b);
}

/** The slots the endpoint must answer: the union over hosts of their free grid slots starting in [start, end). */
function expectedSlotCount(hosts: Array<{ zone: string; booked: number[] }>, start: number, end: number): number {
  const now = Date.now();
  const union = new Set<number>();
  for (const host of hosts) {
    const booked = new Set(host.booked);
    for (const ms of workingGrid(host.zone, start, end)) if (ms >= start && ms < end && ms >= now && !booked.has(ms)) union.add(ms);
  }
  return union.size;
}

/** Accepted bookings (one attendee each) straight into the scheduling tables: two statements per call. */
async function insertBookings(stack: RunningStack, eventTypeId: number, rows: Array<{ hostId: number; start: number }>): Promise<void> {
  const uids = rows.map(() => randomUUID());
  await stack.db('scheduling').query(
    `WITH inserted AS (
       INSERT INTO bookings (uid, event_type_id, user_id, title, start_time, end_time, status)
       SELECT uid, $2::int, user_id, 'Bench booking', start_time, start_time + interval '${SLOT_MINUTES} minutes', 'accepted'
       FROM unnest($1::text[], $3::int[], $4::timestamptz[]) AS t(uid, user_id, start_time)
       RETURNING id, uid
     )
     INSERT INTO attendees (booking_id, name, email, time_zone)
     SELECT id, 'Guest ' || left(uid, 8), 'guest-' || left(uid, 8) || '@example.com', 'Europe/Paris' FROM inserted`,
    [uids, eventTypeId, rows.map((r) => r.hostId), rows.map((r) => new Date(r.start).toISOString())],
  );
}

function slotsQuery(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

async function host(operator: Operator, tag: string, zone: string) {
  const user = await operator.createUser({ email: `bench-${tag}@example.com`, name: `Bench ${tag}`, timeZone: zone, password: PASSWORD });
  await operator.createSchedule({ ownerId: user.id, name: 'Working hours', timeZone: zone, availability: WORKING_HOURS, overrides: [], isDefault: true });
  return user;
}

/** e: a team event type with ten hosts in mixed zones, 200 bookings each over 60 days around the 30-day range. */
async function seedTeam(stack: RunningStack, operator: Operator): Promise<SlotsCase> {
  const random = prng(2030);
  const hosts = [];
  for (const [i, zone] of TEAM_HOST_ZONES.entries()) hosts.push({ user: await host(operator, `team-host-${i}`, zone), zone });
  const team = await operator.createTeam({ name: 'Bench Slots Team', ownerId: hosts[0].user.id });
  for (const h of hosts.slice(1)) await operator.addMember({ teamId: team.id, userId: h.user.id, role: MembershipRole.MEMBER });
  const eventType = await operator.createEventType({
    title: 'Team slots',
    slug: 'team-slots',
    lengthInMinutes: SLOT_MINUTES,
    teamId: team.id,
    hostIds: hosts.map((h) => h.user.id),
  });

  const start = TEAM_RANGE_START;
  const end = start + TEAM_RANGE_DAYS * DAY;
  const booked = hosts.map((h) => ({
    hostId: h.user.id,
    zone: h.zone,
    booked: pickBookings(h.zone, start - 15 * DAY, end + 15 * DAY, BOOKINGS_PER_TEAM_HOST, random),
  }));
  await insertBookings(
    stack,
    eventType.id,
    booked.flatMap((h) => h.booked.map((ms) => ({ hostId: h.hostId, start: ms }))),
  );
  return {
    eventTypeId: eventType.id,
    hostIds: hosts.map((h) => h.user.id),
    query: slotsQuery({
      eventTypeId: eventType.id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(end).toISOString(),
      timeZone: TEAM_ANSWER_ZONE,
    }),
    rangeDays: TEAM_RANGE_DAYS,
    expectedSlots: expectedSlotCount(booked, start, end),
    seededBookings: hosts.length * BOOKINGS_PER_TEAM_HOST,
  };
}

/** f: one user's personal 30-minute event type over 365 days, 200 bookings over the year. */
async function seedYear(stack: RunningStack, operator: Operator): Promise<SlotsCase> {
  const random = prng(365);
  const user = await host(operator, 'year-host', YEAR_ZONE);
  const eventType = await operator.createEventType({
    title: 'Year call',
    slug: 'year-call',
    lengthInMinutes: SLOT_MINUTES,
    ownerId: user.id,
    locations: [{ type: 'integration' }],
  });
  const start = YEAR_RANGE_START;
  const end = start + YEAR_RANGE_DAYS * DAY;
  const booked = pickBookings(YEAR_ZONE, start, end, YEAR_HOST_BOOKINGS, random);
  await insertBookings(
    stack,
    eventType.id,
    booked.map((ms) => ({ hostId: user.id, start: ms })),
  );
  return {
    eventTypeId: eventType.id,
    hostIds: [user.id],
    query: slotsQuery({ eventTypeId: eventType.id, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), timeZone: YEAR_ZONE }),
    rangeDays: YEAR_RANGE_DAYS,
    expectedSlots: expectedSlotCount([{ zone: YEAR_ZONE, booked }], start, end),
    seededBookings: YEAR_HOST_BOOKINGS,
  };
}

/** g: a personal event type whose host works in UTC; the bodies ask for a few dozen slots, many requests per slot. */
async function seedBooking(operator: Operator, name: string): Promise<BookingCase> {
  const user = await host(operator, `${name}-host`, 'UTC');
  const eventType = await operator.createEventType({
    title: 'Contended call',
    slug: `${name}-call`,
    lengthInMinutes: SLOT_MINUTES,
    ownerId: user.id,
    locations: [{ type: 'integration' }],
  });
  // Working slots from 2030-09-02 (a Monday): the first CONTENDED_SLOTS are contended, the next as many are the warm-up's, then the probe's.
  const grid = workingGrid('UTC', Date.UTC(2030, 8, 2), Date.UTC(2031, 8, 2)).filter((ms) => ms >= Date.UTC(2030, 8, 2));
  if (!(CONTENDED_SLOTS >= 1 && 2 * CONTENDED_SLOTS < grid.length))
    throw new Error(`BENCH_BOOKING_SLOTS must be between 1 and ${Math.floor((grid.length - 1) / 2)}`);
  const bodiesFor = (starts: number[], tag: string) =>
    starts.flatMap((ms, slot) =>
      Array.from({ length: ATTENDEES_PER_SLOT }, (_, i) =>
        JSON.stringify({
          eventTypeId: eventType.id,
          start: new Date(ms).toISOString(),
          attendee: { name: `Guest ${tag}${slot}-${i}`, email: `guest-${tag}${slot}-${i}@example.com`, timeZone: 'Europe/Paris', language: 'en' },
        }),
      ),
    );
  const contended = grid.slice(0, CONTENDED_SLOTS);
  return {
    eventTypeId: eventType.id,
    hostId: user.id,
    bodies: bodiesFor(contended, 'c'),
    warmupBodies: bodiesFor(grid.slice(CONTENDED_SLOTS, 2 * CONTENDED_SLOTS), 'w'),
    probeBody: bodiesFor([grid[2 * CONTENDED_SLOTS]], 'p')[0],
    slotStarts: contended.map((ms) => new Date(ms).toISOString()),
  };
}

export async function seedScheduling(stack: RunningStack): Promise<SchedulingData> {
  const operator = new Operator(stack.db);
  return {
    team: await seedTeam(stack, operator),
    year: await seedYear(stack, operator),
    booking: await seedBooking(operator, 'contended'),
    bookingDeployed: await seedBooking(operator, 'contended-deployed'),
  };
}

/** Live bookings of the contended slots, and pairs of live bookings of one host that overlap (must be none). */
export async function bookingOutcome(
  stack: RunningStack,
  booking: BookingCase,
): Promise<{ bookedSlots: number; liveBookings: number; doubleBookings: number }> {
  const db = stack.db('scheduling');
  const [slots] = await db.query(
    `SELECT count(DISTINCT start_time)::int AS "bookedSlots", count(*)::int AS "liveBookings" FROM bookings
     WHERE event_type_id = $1 AND status IN ('accepted', 'pending') AND start_time = ANY($2::timestamptz[])`,
    [booking.eventTypeId, booking.slotStarts],
  );
  const [pairs] = await db.query(
    `SELECT count(*)::int AS "doubleBookings" FROM bookings a JOIN bookings b ON a.user_id = b.user_id AND a.id < b.id
     WHERE a.status IN ('accepted', 'pending') AND b.status IN ('accepted', 'pending')
       AND a.start_time < b.end_time AND b.start_time < a.end_time`,
  );
  return { bookedSlots: slots.bookedSlots, liveBookings: slots.liveBookings, doubleBookings: pairs.doubleBookings };
}
