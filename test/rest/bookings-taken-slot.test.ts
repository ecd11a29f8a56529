import { attendee, book, EVERY_DAY, Host, hostWithSchedule, teamEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const UTC = 'UTC';
const HOURS_9_TO_17 = { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
const TAKEN = /^The slot at .* is already taken: the host has another booking at that time$/;

/**
 * POST /v2/bookings of a slot that is already taken: 409 CONFLICT "already taken" (spec §8), decided
 * before the host's schedules, limits and connected calendars are read. What a booker sees: the same
 * answer as before, also while the calendars cannot be read; and the bookings that only look taken —
 * a seat still free, the holder's own reservation, another free host — are still made.
 */
describe('a slot already taken', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const eventType = async (owner: Host, fields: Record<string, unknown> = {}) =>
    expectSuccess(
      await stack.rest('POST', '/v2/event-types', {
        key: owner.key,
        body: { title: 'Call', slug: `call-${Math.random().toString(36).slice(2, 8)}`, lengthInMinutes: 30, ...fields },
      }),
      201,
    );
  const bookAt = (eventTypeId: number, start: string, tag: string, extra: Record<string, unknown> = {}) =>
    book(stack, { eventTypeId, start, attendee: attendee(tag, UTC), ...extra });
  const liveBookings = async (hostId: number) =>
    (
      await stack
        .db('scheduling')
        .query(`SELECT start_time FROM bookings WHERE user_id = $1 AND status IN ('accepted', 'pending') ORDER BY start_time`, [hostId])
    ).map((r: { start_time: Date }) => r.start_time.toISOString());

  describe('the buffers count as the slots endpoint counts them: 10:00–10:30 booked, both event types with 15 minutes before and after', () => {
    // The new meeting needs its own buffers free of the booking widened by that booking's buffers: 30 minutes apart.
    it.each([
      ['09:00', 201],
      ['09:15', 409],
      ['09:30', 409],
      ['10:00', 409],
      ['10:30', 409],
      ['10:45', 409],
      ['11:00', 201],
    ])('a booking at %s → %i', async (time, status) => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17);
      const buffered = await eventType(host, { beforeEventBuffer: 15, afterEventBuffer: 15 });
      expectSuccess(await bookAt(buffered.id, '2030-10-07T10:00:00Z', 'first'), 201);
      const answer = await bookAt(buffered.id, `2030-10-07T${time}:00Z`, 'second');
      if (status === 201) expectSuccess(answer, 201);
      else expectErrorEnvelope(answer, 409, 'CONFLICT', TAKEN);
      expect(await liveBookings(host.user.id)).toHaveLength(status === 201 ? 2 : 1);
    });
  });

  it('a seated slot with a free seat is joined; once its seats are taken it is refused as taken', async () => {
    const host = await hostWithSchedule(stack, HOURS_9_TO_17);
    const seated = await eventType(host, { seats: { seatsPerTimeSlot: 2, showAttendeeInfo: true, showAvailabilityCount: true } });
    const first = expectSuccess(await bookAt(seated.id, '2030-10-08T10:00:00Z', 'seat-1'), 201);
    const second = expectSuccess(await bookAt(seated.id, '2030-10-08T10:00:00Z', 'seat-2'), 201);
    expect(second.uid).toBe(first.uid);
    expectErrorEnvelope(await bookAt(seated.id, '2030-10-08T10:00:00Z', 'seat-3'), 409, 'CONFLICT', TAKEN);
  });

  it('the holder of a reservation books the slot it holds (reservationUid); anyone else is refused as taken', async () => {
    const host = await hostWithSchedule(stack, HOURS_9_TO_17);
    const call = await eventType(host);
    const held = expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: call.id, slotStart: '2030-10-09T10:00:00Z' } }), 201);
    expectErrorEnvelope(await bookAt(call.id, '2030-10-09T10:00:00Z', 'other'), 409, 'CONFLICT', TAKEN);
    // A reservation over it is a 422 (the real service's user-event-type-slots.controller.e2e-spec.ts, "overlapping slot reservations").
    const overlapping = await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: call.id, slotStart: '2030-10-09T10:15:00Z' } });
    expectErrorEnvelope(overlapping, 422, 'UNPROCESSABLE_ENTITY', /already reserved/);
    expectSuccess(await bookAt(call.id, '2030-10-09T10:00:00Z', 'holder', { reservationUid: held.reservationUid }), 201);
    expect(await liveBookings(host.user.id)).toEqual(['2030-10-09T10:00:00.000Z']);
  });

  it('round robin: a slot one host has taken is booked with the other host; when both have taken it, 409 saying every host has', async () => {
    const hosts = [await hostWithSchedule(stack, HOURS_9_TO_17), await hostWithSchedule(stack, HOURS_9_TO_17)];
    const { eventType: team } = await teamEventType(stack, hosts, { lengthInMinutes: 30 });
    const first = expectSuccess(await bookAt(team.id, '2030-10-10T10:00:00Z', 'rr-1'), 201);
    const second = expectSuccess(await bookAt(team.id, '2030-10-10T10:00:00Z', 'rr-2'), 201);
    expect([first.hosts[0].id, second.hosts[0].id].sort()).toEqual(hosts.map((h) => h.user.id).sort());
    expectErrorEnvelope(await bookAt(team.id, '2030-10-10T10:00:00Z', 'rr-3'), 409, 'CONFLICT', /already taken: every host has another booking/);
  });

  it('a booking moved (rescheduled) by 15 minutes, overlapping its own old time, is moved', async () => {
    const host = await hostWithSchedule(stack, HOURS_9_TO_17);
    const call = await eventType(host);
    const booked = expectSuccess(await bookAt(call.id, '2030-10-11T10:00:00Z', 'move'), 201);
    const moved = expectSuccess(
      await stack.rest('POST', `/v2/bookings/${booked.uid}/reschedule`, {
        body: { start: '2030-10-11T10:15:00Z' },
        headers: { 'svc-api-version': '2024-08-13' },
      }),
      201,
    );
    expect(moved.start).toBe('2030-10-11T10:15:00.000Z');
    expect(await liveBookings(host.user.id)).toEqual(['2030-10-11T10:15:00.000Z']);
  });

  // Last: it stops the integrations service of this file's stack.
  it('is refused 409 "already taken" while the connected calendars cannot be read (integrations unreachable); a free slot is not booked then', async () => {
    const host = await hostWithSchedule(stack, HOURS_9_TO_17);
    const call = await eventType(host, { locations: [{ type: 'attendeePhone' }] });
    const phone = { location: { type: 'attendeePhone', phone: '+441234567890' } };
    expectSuccess(await bookAt(call.id, '2030-10-14T10:00:00Z', 'first', phone), 201);
    await stack.subgraphs.integrations.stop();
    expectErrorEnvelope(await bookAt(call.id, '2030-10-14T10:00:00Z', 'second', phone), 409, 'CONFLICT', TAKEN);
    const free = await bookAt(call.id, '2030-10-14T12:00:00Z', 'third', phone);
    expect(free.status).toBe(503);
    expect(await liveBookings(host.user.id)).toEqual(['2030-10-14T10:00:00.000Z']);
  });
});
