import { attendee, book, EVERY_DAY, Host, hostWithSchedule } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const OPEN = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const REQUEST = '/v2/bookings/email-verification-code';

/**
 * Booker e-mail verification (reference `requiresBookerEmailVerification` on event types,
 * `emailVerificationCode` in the 2024-08-13 booking body): the event type stores and answers the flag;
 * a booking of such an event type carries a code mailed to the attendee (the public
 * POST /v2/bookings/email-verification-code, docs/decisions.md). Codes: 10 minutes, once, 5 wrong
 * guesses, hashed at rest, 5 requests per address and event type per hour. Mail over a loopback SMTP server.
 */
describe('booker e-mail verification', () => {
  let stack: TestStack;
  let host: Host;
  let eventTypeId: number;
  let day = 0;
  /** A free start each time (2031-05-01 onwards, 10:00 UTC). */
  const nextStart = () => new Date(Date.UTC(2031, 4, 1 + day++, 10)).toISOString();

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    host = await hostWithSchedule(stack, OPEN);
    eventTypeId = expectSuccess(
      await stack.rest('POST', '/v2/event-types', {
        key: host.key,
        body: { title: 'Verified call', slug: 'verified-call', lengthInMinutes: 30, requiresBookerEmailVerification: true },
      }),
      201,
    ).id;
  });
  afterAll(() => stack.stop());

  const used = new Set<string>();
  /** Asks for a code (anonymously) and reads it from the mail that arrives. */
  async function codeFor(email: string, forEventType = eventTypeId): Promise<string> {
    expectSuccess(await stack.rest('POST', REQUEST, { body: { eventTypeId: forEventType, email } }), 201);
    const mail = await stack.mail.waitFor((m) => m.to.includes(email.toLowerCase()) && !used.has(m.raw));
    used.add(mail.raw);
    return codeIn(mail.text)!;
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('the flag is stored and answered on personal, team and organization-team event types (create and update)', async () => {
    expect(expectSuccess(await stack.rest('GET', `/v2/event-types/${eventTypeId}`, { key: host.key })).requiresBookerEmailVerification).toBe(true);
    const off = expectSuccess(await stack.rest('PATCH', `/v2/event-types/${eventTypeId}`, { key: host.key, body: { requiresBookerEmailVerification: false } }));
    expect(off.requiresBookerEmailVerification).toBe(false);
    expect(
      expectSuccess(await stack.rest('PATCH', `/v2/event-types/${eventTypeId}`, { key: host.key, body: { title: 'Verified call' } }))
        .requiresBookerEmailVerification,
    ).toBe(false);
    expectSuccess(await stack.rest('PATCH', `/v2/event-types/${eventTypeId}`, { key: host.key, body: { requiresBookerEmailVerification: true } }));

    const operator = operatorOf(stack);
    const org = await operator.createOrganization({ name: 'Verifiers', ownerId: host.user.id });
    const team = await operator.createTeam({ name: 'Checkers', orgId: org.id, ownerId: host.user.id });
    const body = { title: 'Team check', slug: 'team-check', lengthInMinutes: 30, hosts: [{ userId: host.user.id }], requiresBookerEmailVerification: true };
    const teamType = expectSuccess(await stack.rest('POST', `/v2/teams/${team.id}/event-types`, { key: host.key, body }), 201);
    expect(teamType.requiresBookerEmailVerification).toBe(true);
    const orgPath = `/v2/organizations/${org.id}/teams/${team.id}/event-types`;
    const orgType = expectSuccess(await stack.rest('POST', orgPath, { key: host.key, body: { ...body, slug: 'org-team-check' } }), 201);
    expect(orgType.requiresBookerEmailVerification).toBe(true);
    expect(
      expectSuccess(await stack.rest('PATCH', `${orgPath}/${orgType.id}`, { key: host.key, body: { requiresBookerEmailVerification: false } }))
        .requiresBookerEmailVerification,
    ).toBe(false);
    expect(expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}/event-types/${teamType.id}`, { key: host.key })).requiresBookerEmailVerification).toBe(
      true,
    );
  });

  it('a booking without a code is a 400 naming emailVerificationCode; nothing is booked', async () => {
    const start = nextStart();
    expectErrorEnvelope(await book(stack, { eventTypeId, start, attendee: attendee('no-code') }), 400, 'BAD_REQUEST', /emailVerificationCode/);
    const rows = await stack.db('scheduling').query('SELECT 1 FROM bookings WHERE event_type_id = $1', [eventTypeId]);
    expect(rows).toEqual([]);
  });

  it('the mailed code books once (anonymous, public); a wrong code is a 400; only a hash is stored', async () => {
    const who = attendee('verified');
    const code = await codeFor('Guest-Verified@Example.com');
    expect(code).toMatch(/^\d{6}$/);
    expectErrorEnvelope(
      await book(stack, { eventTypeId, start: nextStart(), attendee: who, emailVerificationCode: otherThan(code) }),
      400,
      'BAD_REQUEST',
      /emailVerificationCode/,
    );
    const booking = expectSuccess(await book(stack, { eventTypeId, start: nextStart(), attendee: who, emailVerificationCode: code }), 201);
    expect(booking.attendees[0].email).toBe(who.email);
    // Single use.
    expectErrorEnvelope(
      await book(stack, { eventTypeId, start: nextStart(), attendee: who, emailVerificationCode: code }),
      400,
      'BAD_REQUEST',
      /emailVerificationCode/,
    );
    const stored = await stack.db('scheduling').query('SELECT code_hash, used_at FROM booker_email_codes WHERE email = $1', [who.email]);
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].code_hash).not.toContain(code);
    expect(stored[0].used_at).not.toBeNull();
  });

  it('a code is bound to its address and its event type', async () => {
    const code = await codeFor('guest-owner-of-code@example.com');
    expectErrorEnvelope(
      await book(stack, { eventTypeId, start: nextStart(), attendee: attendee('someone-else'), emailVerificationCode: code }),
      400,
      'BAD_REQUEST',
      /emailVerificationCode/,
    );
    const other = expectSuccess(
      await stack.rest('POST', '/v2/event-types', {
        key: host.key,
        body: { title: 'Other verified', slug: 'other-verified', lengthInMinutes: 30, requiresBookerEmailVerification: true },
      }),
      201,
    );
    expectErrorEnvelope(
      await book(stack, { eventTypeId: other.id, start: nextStart(), attendee: attendee('owner-of-code'), emailVerificationCode: code }),
      400,
      'BAD_REQUEST',
      /emailVerificationCode/,
    );
    expectSuccess(await book(stack, { eventTypeId, start: nextStart(), attendee: attendee('owner-of-code'), emailVerificationCode: code }), 201);
  });

  it('five wrong guesses kill the code; an expired code books nothing', async () => {
    const guessed = await codeFor('guest-guessed@example.com');
    for (let i = 0; i < 5; i++) {
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: nextStart(), attendee: attendee('guessed'), emailVerificationCode: otherThan(guessed) }),
        400,
        'BAD_REQUEST',
        /emailVerificationCode/,
      );
    }
    expectErrorEnvelope(
      await book(stack, { eventTypeId, start: nextStart(), attendee: attendee('guessed'), emailVerificationCode: guessed }),
      400,
      'BAD_REQUEST',
      /emailVerificationCode/,
    );

    const expiring = await codeFor('guest-late@example.com');
    // Expiry is a time in the row (10 minutes): moved into the past, as the clock would.
    await stack.db('scheduling').query(`UPDATE booker_email_codes SET expires_at = now() - interval '1 second' WHERE email = 'guest-late@example.com'`);
    expectErrorEnvelope(
      await book(stack, { eventTypeId, start: nextStart(), attendee: attendee('late'), emailVerificationCode: expiring }),
      400,
      'BAD_REQUEST',
      /expired/,
    );
  });

  it('asking for a code: 400 for an event type without verification or a bad address, 404 for none, 429 after 5 per hour', async () => {
    const plain = expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: host.key, body: { title: 'Plain', slug: 'plain', lengthInMinutes: 30 } }),
      201,
    );
    expectErrorEnvelope(
      await stack.rest('POST', REQUEST, { body: { eventTypeId: plain.id, email: 'guest-plain@example.com' } }),
      400,
      'BAD_REQUEST',
      /eventTypeId/,
    );
    expectErrorEnvelope(await stack.rest('POST', REQUEST, { body: { eventTypeId, email: 'not an address' } }), 400, 'BAD_REQUEST', /email/);
    expectErrorEnvelope(await stack.rest('POST', REQUEST, { body: { eventTypeId: 999_999, email: 'guest-none@example.com' } }), 404, 'NOT_FOUND');
    // A plain event type books without a code, as before.
    expectSuccess(await book(stack, { eventTypeId: plain.id, start: nextStart(), attendee: attendee('plain') }), 201);
    for (let i = 0; i < 5; i++) await codeFor('guest-many@example.com');
    const refused = await stack.rest('POST', REQUEST, { body: { eventTypeId, email: 'guest-many@example.com' } });
    expect(refused.status).toBe(429);
  });
});
