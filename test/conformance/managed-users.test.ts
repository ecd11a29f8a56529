import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { sha256Hex } from '../../platform/sha256';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const SCHEDULES_VERSION = { 'svc-api-version': '2024-06-11' };
const EVENT_TYPES_VERSION = { 'svc-api-version': '2024-06-14' };
/** The reference's CreateManagedUserInput.timeZone: the default schedule is Monday to Friday, 9 AM to 5 PM. */
const WORKING_WEEK = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];
/** The reference's areDefaultEventTypesEnabled: 30 and 60 minutes, each without and with video (their slugs). */
const DEFAULT_EVENT_TYPE_SLUGS = ['sixty-minutes', 'sixty-minutes-video', 'thirty-minutes', 'thirty-minutes-video'];
const AVATAR = 'https://example.com/avatars/alice.png';

interface Client {
  id: string;
  secret: string;
}

/** `alice@example.com` of client `c1` is `alice+c1@example.com` (their getOAuthUserEmail). */
const oauthEmail = (clientId: string, email: string) => {
  const [local, domain] = email.split('@');
  return `${local}+${clientId}@${domain}`;
};

/**
 * Conformance: managed users of a platform OAuth client, replayed from the real service's public e2e specs
 * apps/api/v2/src/modules/oauth-clients/controllers/oauth-client-users/oauth-client-users.controller.e2e-spec.ts
 * ("OAuth Client Users Endpoints") and the refresh part of
 * apps/api/v2/src/modules/oauth-clients/controllers/oauth-flow/oauth-flow.controller.e2e-spec.ts ("OAuthFlow
 * Endpoints"), test names beside each case. Their clients are rows made by a fixture; here an owner of the
 * organization creates them (POST /v2/oauth-clients) and the operator approves them (a new client is pending, spec 3).
 * What their fixtures read from the database is read through the API: the client's users (GET …/users), the user's
 * event types and schedules (with the managed user's own access token).
 * Not replayed: their "User team even-types" describe (teams made by an OAuth client: no such teams here; its one
 * assertion counts the event types their fixture gave the team).
 */
describe('conformance: managed users of a platform OAuth client', () => {
  let stack: TestStack;
  let client: Client;
  let clientWithoutEventTypes: Client;
  let owner: Person;
  let org: { id: number };
  /** A client of the organization, made by its owner and approved by the operator (a new client is pending, spec 3). */
  let register: (areDefaultEventTypesEnabled: boolean, permissions?: string[]) => Promise<Client>;

  const asClient = (c: Client, method: string, path: string, body?: unknown) =>
    stack.rest(method, `/v2/oauth-clients/${c.id}/users${path}`, { body, headers: { 'x-svc-secret-key': c.secret } });

  /**
   * Both managed-user-bookings specs' "should create an event type for managed user": the first managed user makes it with
   * its access token; 201, its title, description, length and owner. Answers its id.
   */
  async function firstManagedUserEventType(first: { accessToken: string; user: { id: number } }): Promise<number> {
    const body = {
      title: 'Managed user bookings first managed user event type',
      slug: 'managed-user-bookings-first-managed-user-event-type',
      description: 'Managed user bookings first managed user event type description',
      lengthInMinutes: 30,
    };
    const created = expectSuccess(await stack.rest('POST', '/v2/event-types', { key: first.accessToken, headers: EVENT_TYPES_VERSION, body }), 201);
    expect(created).toMatchObject({ title: body.title, description: body.description, lengthInMinutes: 30, ownerId: first.user.id });
    return created.id;
  }

  /**
   * Both managed-user-bookings specs' "should create … managed user" cases: each address made a managed user of the
   * client, in order; 201, the OAuth e-mail and tokens. Answers them by the same keys.
   */
  async function makeManagedUsers<W extends string>(client: Client, emails: Record<W, string>, names: Record<W, string>): Promise<Record<W, any>> {
    const made = {} as Record<W, any>;
    for (const who of Object.keys(emails) as W[]) {
      const body = { email: emails[who], timeZone: 'Europe/Rome', weekStart: 'Monday', timeFormat: 24, locale: 'fr', name: names[who], avatarUrl: AVATAR };
      const data = expectSuccess(await asClient(client, 'POST', '', body), 201);
      expect(data.user.email).toBe(oauthEmail(client.id, emails[who]));
      expect(data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      made[who] = data;
    }
    return made;
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [owner, org] = await Promise.all([person(stack, 'oauth-client-users-admin'), operator.createOrganization({ name: 'oauth-client-users-organization' })]);
    await operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER });
    register = async (areDefaultEventTypesEnabled, permissions = ['EVENT_TYPE_READ', 'SCHEDULE_READ', 'SCHEDULE_WRITE', 'PROFILE_READ']) => {
      const created = expectSuccess(
        await stack.rest('POST', '/v2/oauth-clients', {
          key: owner.key,
          body: {
            name: 'name',
            redirectUris: ['http://localhost:4321'],
            permissions,
            areDefaultEventTypesEnabled,
          },
        }),
        201,
      );
      await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
      return { id: created.clientId, secret: created.clientSecret };
    };
    [client, clientWithoutEventTypes] = await Promise.all([register(true), register(false)]);
  });
  afterAll(() => stack.stop());

  it('the OpenAPI document marks the deviations of managed users (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    expect(paths['/v2/oauth-clients/{clientId}/users'].get['x-svc-deviation']).toEqual([expect.stringMatching(/emails: Invalid email/)]);
    for (const [path, method] of [
      ['/v2/oauth-clients/{clientId}/users', 'post'],
      ['/v2/oauth-clients/{clientId}/users/{userId}/force-refresh', 'post'],
      ['/v2/oauth/{clientId}/refresh', 'post'],
    ]) {
      expect(paths[path][method]['x-svc-deviation']).toEqual([expect.stringMatching(/opaque \(svc_at_…, svc_rt_…\), not JWTs/)]);
    }
  });

  describe('"Not authenticated"', () => {
    it('"secret header not set › /POST": 401', async () => {
      const response = await stack.rest('POST', `/v2/oauth-clients/${client.id}/users`, { body: { email: 'bob@example.com' } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    });

    it.each([
      ['/GET/:id', 'GET'],
      ['/PUT/:id', 'PATCH'],
      ['/DELETE/:id', 'DELETE'],
    ])('"Bearer access token not set › %s": 401', async (_name, method) => {
      expect((await stack.rest(method, `/v2/oauth-clients/${client.id}/users/200`)).status).toBe(401);
    });

    // Deviation (docs/compatibility.md, "Managed users", row 3): no such routes (spec 4.1's token endpoint instead).
    it.each([
      ['authorize', 'missing Cookie with user'],
      ['exchange', 'missing Authorization Bearer token'],
    ])('"OAuthFlow Endpoints › POST /oauth/:clientId/%s %s": 404', async (step) => {
      expect((await stack.rest('POST', `/v2/oauth/${client.id}/${step}`)).status).toBe(404);
    });

    it('"OAuthFlow Endpoints › POST /oauth/:clientId/refresh missing x-svc-secret-key header with secret": 401', async () => {
      const response = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, { body: { refreshToken: 'x' } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    });
  });

  describe('"User Authenticated"', () => {
    const alice = { email: 'oauth-client-users-user@example.com', name: 'Alice Smith' };
    const bob = { email: 'oauth-client-users-user-2@example.com', name: 'Bob Smith' };
    const carol = { email: 'oauth-client-users-user2@example.com', name: 'Alice Smith' };
    const preferences = { weekStart: 'Monday', timeFormat: 24, locale: 'fr', avatarUrl: AVATAR };
    let aliceData: any;
    let bobData: any;

    it('"should fail /POST with incorrect timeZone": 400 naming timeZone', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'incorrect-time-zone', avatarUrl: AVATAR });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^timeZone/);
    });

    it('"should fail /POST with incorrect timeFormat": 400 naming timeFormat', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'Europe/Rome', timeFormat: 100 });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^timeFormat/);
    });

    /** Their userHasDefaultSchedule and userHasOnlyOneSchedule, through the user's own token. */
    async function expectOneDefaultSchedule(data: any, timeZone: string) {
      expect(data.user.defaultScheduleId).toEqual(expect.any(Number));
      const schedules = expectSuccess(await stack.rest('GET', '/v2/schedules', { key: data.accessToken, headers: SCHEDULES_VERSION }));
      expect(schedules).toEqual([expect.objectContaining({ id: data.user.defaultScheduleId, isDefault: true, timeZone, availability: WORKING_WEEK })]);
    }

    /** Their userHasDefaultEventTypes (the four slugs) and userDoesNotHaveDefaultEventTypes (none). */
    async function eventTypeSlugs(data: any): Promise<string[]> {
      const eventTypes = expectSuccess(await stack.rest('GET', '/v2/event-types', { key: data.accessToken, headers: EVENT_TYPES_VERSION }));
      return eventTypes.map((e: { slug: string }) => e.slug).sort();
    }

    it.each([
      ['"/POST with default event types" (the first)', 'Alice', alice, 'Europe/Rome', () => client, 1, DEFAULT_EVENT_TYPE_SLUGS],
      ['"/POST with default event types" (the second)', 'Bob', bob, 'Europe/Rome', () => client, 2, DEFAULT_EVENT_TYPE_SLUGS],
      ['"/POST without default event types"', 'Carol', carol, 'America/New_York', () => clientWithoutEventTypes, 1, []],
    ] as const)(
      "%s: 201, the user and its tokens; the client's users, the default event types, one default schedule",
      async (_name, who, body, timeZone, of, usersCount, slugs) => {
        const data = expectSuccess(await asClient(of(), 'POST', '', { ...body, timeZone, ...preferences }), 201);
        expect(data.user).toMatchObject({ email: oauthEmail(of().id, body.email), timeZone, name: body.name, ...preferences });
        expect(data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
        const users = expectSuccess(await asClient(of(), 'GET', ''));
        expect(users).toHaveLength(usersCount);
        expect(users.map((u: { email: string }) => u.email)).toContain(data.user.email);
        expect(await eventTypeSlugs(data)).toEqual(slugs);
        await expectOneDefaultSchedule(data, timeZone);
        if (who === 'Alice') aliceData = data;
        if (who === 'Bob') bobData = data;
      },
    );

    it('"should fail /POST using already used managed user email": 409 naming the existing user', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'Europe/Rome', ...preferences });
      expectErrorEnvelope(response, 409, 'CONFLICT', `User with the provided e-mail already exists. Existing user ID=${aliceData.user.id}`);
    });

    it('"/GET: return list of managed users": both, the first created first', async () => {
      const users = expectSuccess(await asClient(client, 'GET', '?limit=10&offset=0'));
      expect(users.map((u: { email: string; name: string }) => [u.email, u.name])).toEqual([
        [aliceData.user.email, alice.name],
        [bobData.user.email, bob.name],
      ]);
    });

    it.each([
      ['"/GET: managed user by original email"', () => alice.email, () => [aliceData]],
      ['"/GET: managed users by original emails"', () => `${alice.email},${bob.email}`, () => [aliceData, bobData]],
      ['"/GET: managed user by oAuth email"', () => encodeURIComponent(aliceData.user.email), () => [aliceData]],
      [
        '"/GET: managed users by oAuth emails"',
        () => `${encodeURIComponent(aliceData.user.email)},${encodeURIComponent(bobData.user.email)}`,
        () => [aliceData, bobData],
      ],
    ])('%s', async (_name, emails, expected) => {
      const users = expectSuccess(await asClient(client, 'GET', `?limit=10&offset=0&emails=${emails()}`));
      expect(users.map((u: { email: string; name: string }) => [u.email, u.name])).toEqual(expected().map((d) => [d.user.email, d.user.name]));
    });

    // Deviation (docs/compatibility.md, "Managed users", row 1): the message starts with the field at fault.
    it('"should error /GET if managed user email is invalid": 400 "Invalid email invalid-email" (after `emails: `)', async () => {
      const response = await asClient(client, 'GET', '?limit=10&offset=0&emails=invalid-email');
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', 'emails: Invalid email invalid-email');
    });

    it('"/GET/:id": the user, its OAuth e-mail', async () => {
      expect(expectSuccess(await asClient(client, 'GET', `/${aliceData.user.id}`)).email).toBe(oauthEmail(client.id, alice.email));
    });

    it('"/PUT/:id" (PATCH): the new e-mail, plus-addressed; the new locale', async () => {
      const updated = expectSuccess(await asClient(client, 'PATCH', `/${aliceData.user.id}`, { email: 'pineapple-pizza@example.com', locale: 'pt-BR' }));
      expect(updated).toMatchObject({ email: oauthEmail(client.id, 'pineapple-pizza@example.com'), locale: 'pt-BR' });
    });

    it('(beyond the spec) PATCH with a new timeZone moves the default schedule to it, as PATCH /v2/me does', async () => {
      expect(expectSuccess(await asClient(client, 'PATCH', `/${bobData.user.id}`, { timeZone: 'America/Chicago' })).timeZone).toBe('America/Chicago');
      const schedule = expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: bobData.accessToken, headers: SCHEDULES_VERSION }));
      expect(schedule).toMatchObject({ id: bobData.user.defaultScheduleId, timeZone: 'America/Chicago', availability: WORKING_WEEK });
    });

    it('"/DELETE/:id": 200', async () => {
      expect((await asClient(client, 'DELETE', `/${aliceData.user.id}`)).status).toBe(200);
    });

    // Deviation (docs/compatibility.md, "Managed users", row 2): the tokens are opaque; their decoded claims are read back through the API.
    it('"OAuthFlow Endpoints › Refresh Token Endpoint › POST /oauth/:clientId/refresh": 200, a new pair of the same user and their expiries', async () => {
      const before = Date.now();
      const response = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, {
        headers: { 'x-svc-secret-key': client.secret },
        body: { refreshToken: bobData.refreshToken },
      });
      const keys = expectSuccess(response);
      expect(keys).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        accessTokenExpiresAt: expect.any(Number),
        refreshTokenExpiresAt: expect.any(Number),
      });
      expect(keys.accessTokenExpiresAt).toBeGreaterThan(before);
      expect(keys.refreshTokenExpiresAt).toBeGreaterThan(keys.accessTokenExpiresAt);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: keys.accessToken })).id).toBe(bobData.user.id);
    });
  });

  /**
   * apps/api/v2/src/ee/bookings/2024-08-13/controllers/e2e/managed-user-bookings.e2e-spec.ts ("Managed user bookings
   * 2024-08-13"), test names beside each case, in their order (each case builds on the ones before, as theirs). Their
   * client has every permission; this one has those its cases use. Their fixture rows (the event type requiring
   * confirmation, the pending bookings, the regular user's) are made through the API or the operator here.
   */
  describe('managed-user-bookings.e2e-spec.ts (2024-08-13)', () => {
    const VERSION = { 'svc-api-version': '2024-08-13' };
    const original = {
      first: 'managed-user-bookings-2024-08-13-first-user@api.com',
      second: 'managed-user-bookings-2024-08-13-second-user@api.com',
      third: 'managed-user-bookings-2024-08-13-third-user@api.com',
      orgAdmin: 'managed-user-bookings-2024-08-13-org-admin@api.com',
    };
    const names = { first: 'Alice Smith', second: 'Bob Smith', third: 'Charlie Smith', orgAdmin: 'Org Admin Smith' };
    type Who = keyof typeof original;
    const users = {} as Record<Who, any>;
    let bookingsClient: Client;
    let firstEventTypeId: number;
    let requiresConfirmationId: number;
    /** Their counters: how many bookings each user's list shows in the real service. */
    const theirs = { first: 0, second: 0, third: 0 };
    const listOf = async (who: Who, query = '') =>
      expectSuccess(await stack.rest('GET', `/v2/bookings${query}`, { key: users[who].accessToken, headers: VERSION })) as Array<{ uid: string }>;
    const attendeeOf = (who: Who, email: string) => ({ name: names[who], email, timeZone: 'Europe/Rome', language: 'fr' });
    const bookFirst = async (start: string, attendee: Record<string, string>, guests?: string[]) =>
      expectSuccess(
        await stack.rest('POST', '/v2/bookings', {
          headers: VERSION,
          body: { start, eventTypeId: firstEventTypeId, attendee, guests, location: 'https://meet.google.com/abc-def-ghi' },
        }),
        201,
      );

    beforeAll(async () => {
      bookingsClient = await register(false, ['EVENT_TYPE_READ', 'EVENT_TYPE_WRITE', 'BOOKING_READ', 'BOOKING_WRITE', 'SCHEDULE_READ', 'PROFILE_READ']);
    });

    it('"should create first managed user", "…second…", "…third…", "should create org admin managed user": 201, the OAuth e-mail and tokens; the org admin made ADMIN of the organization', async () => {
      Object.assign(users, await makeManagedUsers(bookingsClient, original, names));
      // Theirs: the client itself POSTs the ADMIN membership; here the organization's owner makes the member (a managed
      // user joins the client's organization as a MEMBER) an ADMIN.
      const memberships = expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/memberships?take=250`, { key: owner.key }));
      const membership = memberships.find((m: { userId: number }) => m.userId === users.orgAdmin.user.id);
      const patched = await stack.rest('PATCH', `/v2/organizations/${org.id}/memberships/${membership.id}`, { key: owner.key, body: { role: 'ADMIN' } });
      expect(expectSuccess(patched).role).toBe('ADMIN');
    });

    it('"should create an event type for managed user": 201, its title, description, length and owner', async () => {
      firstEventTypeId = await firstManagedUserEventType(users.first);
    });

    it('"should create an event type requiring confirmation for first managed user" (their fixture row; here through the API)', async () => {
      const body = {
        title: 'managed-user-bookings-event-type-requires-confirmation',
        slug: 'managed-user-bookings-event-type-requires-confirmation',
        lengthInMinutes: 60,
        confirmationPolicy: { type: 'always', blockUnconfirmedBookingsInBooker: true },
      };
      requiresConfirmationId = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: users.first.accessToken, headers: EVENT_TYPES_VERSION, body }),
        201,
      ).id;
    });

    /** Their cases: the host sees every booking; the attendees' lists (theirs: the bookings where their e-mail attends) hold none here. */
    async function expectLists(attending: Who[]) {
      expect(await listOf('first')).toHaveLength(theirs.first);
      for (const who of attending) expect(await listOf(who)).toEqual([]);
    }

    describe('"bookings using original emails"', () => {
      it('(deviation, docs/compatibility.md "Bookings") "managed user should be booked by managed user attendee and booking shows up in both users\' bookings": the host\'s list has it; the attendee\'s none (theirs: 1)', async () => {
        await bookFirst(new Date(Date.UTC(2030, 0, 8, 13, 0, 0)).toISOString(), attendeeOf('second', original.second));
        theirs.first += 1;
        theirs.second += 1;
        await expectLists(['second']);
      });

      it("(deviation) \"…and managed user as a guest and booking shows up in all three users' bookings\": the host's list has both; the attendee's and the guest's none (theirs: 1 and 2)", async () => {
        await bookFirst(new Date(Date.UTC(2030, 0, 8, 14, 0, 0)).toISOString(), attendeeOf('third', original.third), [original.second]);
        theirs.first += 1;
        theirs.second += 1;
        theirs.third += 1;
        await expectLists(['second', 'third']);
      });
    });

    describe('"bookings using OAuth client emails"', () => {
      it("(deviation) \"managed user should be booked by managed user attendee and booking shows up in both users' bookings\": the host's 3; the attendee's none (theirs: 3)", async () => {
        await bookFirst(new Date(Date.UTC(2030, 0, 8, 15, 0, 0)).toISOString(), attendeeOf('second', users.second.user.email));
        theirs.first += 1;
        theirs.second += 1;
        await expectLists(['second']);
      });

      it('(deviation) "…and managed user as a guest and booking shows up in all three users\' bookings": the host\'s 4; the others none (theirs: 4 and 2)', async () => {
        await bookFirst(new Date(Date.UTC(2030, 0, 8, 15, 30, 0)).toISOString(), attendeeOf('third', users.third.user.email), [users.second.user.email]);
        theirs.first += 1;
        theirs.second += 1;
        theirs.third += 1;
        await expectLists(['second', 'third']);
      });

      it('the OpenAPI document marks the deviation on both versions of GET /v2/bookings (x-svc-deviation)', async () => {
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        expect(paths['/v2/bookings'].get['x-svc-deviation']).toContainEqual(
          expect.stringMatching(/^Bookings — a user's list holds the bookings they host; a booking whose attendee or guest has the user's e-mail is not in it/),
        );
      });
    });

    describe('"fetch bookings by attendeeEmail" (the host\'s list): either form of a managed user\'s e-mail, as attendee or guest', () => {
      it.each([
        ['"should return bookings for the original email when original email is attendee only"', () => original.third, () => theirs.third, 2],
        ['"should return bookings for the oAuth email when original oAuth email is attendee only"', () => users.third.user.email, () => theirs.third, 2],
        ['"should return bookings for the original email when original email is attendee or guest"', () => original.second, () => theirs.second, 4],
        ['"should return bookings for the oAuth email when original oAuth email is attendee or guest"', () => users.second.user.email, () => theirs.second, 4],
      ])('%s', async (_name, email, count, expected) => {
        expect(count()).toBe(expected);
        expect(await listOf('first', `?attendeeEmail=${encodeURIComponent(email())}`)).toHaveLength(expected);
      });
    });

    describe('"booking confirmation by org admin"', () => {
      /** Their fixture's pending booking of the event type requiring confirmation, its attendee the second user. */
      const pendingBooking = async (eventTypeId: number, hour: number, attendee = attendeeOf('second', original.second)) =>
        (await operatorOf(stack).createBooking({ eventTypeId, start: new Date(Date.UTC(2030, 0, 9, hour, 0, 0)), attendee, status: BookingStatus.pending }))
          .uid;
      const act = (uid: string, action: 'confirm' | 'decline', key: string) =>
        stack.rest('POST', `/v2/bookings/${uid}/${action}`, { key, headers: VERSION, body: {} });
      const statusOf = async (uid: string) =>
        expectSuccess(await stack.rest('GET', `/v2/bookings/${uid}`, { key: users.first.accessToken, headers: VERSION })).status;

      it.each([
        ['"should allow org admin managed user to confirm booking using access token"', 'confirm', 13, 'accepted'],
        ['"should allow org admin managed user to reject booking using access token"', 'decline', 15, 'rejected'],
      ] as const)('%s: 200, the booking accepted or rejected (the host reads it so)', async (_name, action, hour, status) => {
        const uid = await pendingBooking(requiresConfirmationId, hour);
        const data = expectSuccess(await act(uid, action, users.orgAdmin.accessToken));
        expect(data).toMatchObject({ status, uid });
        // Their fixture reads the row; here the host reads the booking.
        expect(await statusOf(uid)).toBe(status);
      });

      it('(deviation, docs/compatibility.md "Bookings") "should return unauthorized when org admin tries to confirm regular user\'s booking": 404 (theirs: 401); the booking stays pending', async () => {
        const regular = await person(stack, 'managed-user-bookings-2024-08-13-regular-user');
        const eventType = await operatorOf(stack).createEventType({
          title: 'regular-user-event-type-requires-confirmation',
          slug: 'regular-user-event-type-requires-confirmation',
          lengthInMinutes: 60,
          ownerId: regular.id,
        });
        const uid = await pendingBooking(eventType.id, 17, {
          name: 'External Attendee',
          email: 'external@example.com',
          timeZone: 'Europe/Rome',
          language: 'en',
        });
        expectErrorEnvelope(await act(uid, 'confirm', users.orgAdmin.accessToken), 404, 'NOT_FOUND');
        expect(expectSuccess(await stack.rest('GET', `/v2/bookings/${uid}`, { key: regular.key, headers: VERSION })).status).toBe('pending');
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        for (const action of ['confirm', 'decline'])
          expect(paths[`/v2/bookings/{bookingUid}/${action}`].post['x-svc-deviation']).toEqual([
            expect.stringMatching(/^Bookings — confirming or declining somebody else's booking, or none, is a 404/),
          ]);
      });

      it("(not in their spec) a member of the organization who is not its admin: 403; the host's booking stays pending", async () => {
        const uid = await pendingBooking(requiresConfirmationId, 11);
        expectErrorEnvelope(await act(uid, 'confirm', users.third.accessToken), 403, 'FORBIDDEN');
        expect(await statusOf(uid)).toBe('pending');
      });
    });
  });

  /**
   * apps/api/v2/src/ee/bookings/2024-04-15/controllers/managed-user-bookings.e2e-spec.ts ("Managed user bookings
   * 2024-04-15"): the older body and list (no svc-api-version), its own client and three users.
   */
  describe('managed-user-bookings.e2e-spec.ts (2024-04-15, without svc-api-version)', () => {
    const original = {
      first: 'managed-user-bookings-2024-04-15-first-user@api.com',
      second: 'managed-user-bookings-2024-04-15-second-user@api.com',
      third: 'managed-user-bookings-2024-04-15-third-user@api.com',
    };
    const names = { first: 'Alice Smith', second: 'Bob Smith', third: 'Charlie Smith' };
    type Who = keyof typeof original;
    const users = {} as Record<Who, any>;
    let olderClient: Client;
    let firstEventTypeId: number;
    const theirs = { first: 0, second: 0, third: 0 };
    const listOf = async (who: Who) => expectSuccess(await stack.rest('GET', '/v2/bookings', { key: users[who].accessToken })).bookings as unknown[];
    const bookFirst = async (start: string, name: string, email: string, guests: string[] = []) =>
      expectSuccess(
        await stack.rest('POST', '/v2/bookings', {
          body: {
            start,
            end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
            eventTypeId: firstEventTypeId,
            timeZone: 'Europe/London',
            language: 'en',
            metadata: {},
            hashedLink: '',
            responses: { name, email, location: { value: 'attendeeInPerson', optionValue: 'rome' }, notes: 'test', guests },
          },
        }),
        201,
      );
    async function expectLists(attending: Who[]) {
      expect(await listOf('first')).toHaveLength(theirs.first);
      for (const who of attending) expect(await listOf(who)).toEqual([]);
    }

    beforeAll(async () => {
      olderClient = await register(false, ['EVENT_TYPE_WRITE', 'BOOKING_READ', 'PROFILE_READ']);
    });

    it('"should create first managed user", "…second…", "…third…": 201, the OAuth e-mail and tokens', async () => {
      Object.assign(users, await makeManagedUsers(olderClient, original, names));
    });

    it('"should create an event type for managed user": 201, its owner', async () => {
      firstEventTypeId = await firstManagedUserEventType(users.first);
    });

    it('(deviation, docs/compatibility.md "Bookings") "bookings using original emails" › "…booked by managed user attendee…" and "…managed user as a guest…": the host\'s 1, then 2; the attendees\' and the guest\'s none (theirs: 1, 2 and 1)', async () => {
      await bookFirst('2040-05-21T09:30:00.000Z', names.second, original.second);
      theirs.first += 1;
      theirs.second += 1;
      await expectLists(['second']);
      await bookFirst('2040-05-21T10:30:00.000Z', names.third, original.third, [original.second]);
      theirs.first += 1;
      theirs.second += 1;
      theirs.third += 1;
      await expectLists(['second', 'third']);
    });

    it('(deviation) "bookings using OAuth client emails" › the same two: the host\'s 3, then 4; the others none (theirs: 3, 4 and 2)', async () => {
      await bookFirst('2040-05-21T12:00:00.000Z', names.second, users.second.user.email);
      theirs.first += 1;
      theirs.second += 1;
      await expectLists(['second']);
      await bookFirst('2040-05-21T13:00:00.000Z', names.third, users.third.user.email, [users.second.user.email]);
      theirs.first += 1;
      theirs.second += 1;
      theirs.third += 1;
      expect(theirs).toEqual({ first: 4, second: 4, third: 2 });
      await expectLists(['second', 'third']);
    });
  });

  /**
   * apps/api/v2/src/modules/auth/strategies/api-auth/api-auth.strategy.e2e-spec.ts ("ApiAuthStrategy › authenticate
   * with strategy"), test names beside each case. Theirs calls the strategy's methods directly and reads the user it
   * returns; here each credential calls GET /v2/me, whose answer is that user. Their one user owns two organizations,
   * each with a platform OAuth client (here registered by that owner and approved by the operator). Their organizationId
   * assertions read a field of the request object no answer shows; the user half of each case is replayed.
   */
  describe('api-auth.strategy.e2e-spec.ts (ApiAuthStrategy: how a request is authenticated)', () => {
    let owner: Awaited<ReturnType<typeof person>>;
    let keyUser: Awaited<ReturnType<typeof person>>;
    let clientOne: Client;
    let clientTwo: Client;
    let managedUser: { id: number; accessToken: string };
    const me = (init: { key?: string; headers?: Record<string, string> }) => stack.rest('GET', '/v2/me', init);
    const platformHeaders = (c: Client) => ({ 'x-svc-client-id': c.id, 'x-svc-secret-key': c.secret });
    /** Their ONLY_CLIENT_ID_PROVIDED_MESSAGE and ONLY_CLIENT_SECRET_PROVIDED_MESSAGE, with this API's header names. */
    const ONLY_CLIENT_ID =
      "Only 'x-svc-client-id' header provided. Please also provide 'x-svc-secret-key' header or Auth bearer token as 'Authentication' header";
    const ONLY_SECRET = "Only 'x-svc-secret-key' header provided. Please also provide 'x-svc-client-id' header or Auth bearer token as 'Authentication' header";

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const [who, apiKeyUser, orgOne, orgTwo] = await Promise.all([
        person(stack, 'api-auth-oauth-user'),
        person(stack, 'api-auth-api-key-user'),
        operator.createOrganization({ name: 'api-auth-organization-1' }),
        operator.createOrganization({ name: 'api-auth-organization-2' }),
      ]);
      [owner, keyUser] = [who, apiKeyUser];
      await Promise.all([orgOne, orgTwo].map((org) => operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER })));
      const register = async (): Promise<Client> => {
        const body = { name: 'name', redirectUris: ['http://localhost:3000'], permissions: ['PROFILE_READ'] };
        const created = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: owner.key, body }), 201);
        await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
        return { id: created.clientId, secret: created.clientSecret };
      };
      [clientOne, clientTwo] = await Promise.all([register(), register()]);
      // POST /v2/oauth-clients registers a client in the caller's first organization; their fixture writes the second
      // client's row under the second organization, as this does.
      await stack.db('oauth').query('UPDATE oauth_clients SET organization_id = $1 WHERE id = $2', [orgTwo.id, clientTwo.id]);
      const made = expectSuccess(
        await stack.rest('POST', `/v2/oauth-clients/${clientOne.id}/users`, {
          body: { email: 'api-auth-access-token-user@example.com', name: 'api-auth-access-token-user', timeZone: 'Europe/Rome' },
          headers: { 'x-svc-secret-key': clientOne.secret },
        }),
        201,
      );
      managedUser = { id: made.user.id, accessToken: made.accessToken };
    });

    it('"should return user associated with valid access token": a managed user\'s access token is that user', async () => {
      expect(expectSuccess(await me({ key: managedUser.accessToken })).id).toBe(managedUser.id);
    });

    // "should return user associated with valid api key and correctly set organizationId for org1" / "…for org2": the
    // key's user is the caller, asserted by test/oauth/credentials.test.ts ("acts as the key's user with full rights").
    it('"should return user associated with valid api key …" (the key of their user, here GET /v2/me by it)', async () => {
      expect(expectSuccess(await me({ key: keyUser.key })).id).toBe(keyUser.id);
    });

    it('"should return user associated with valid OAuth client" and "…for org2": each organization\'s client is its owner', async () => {
      expect(expectSuccess(await me({ headers: platformHeaders(clientOne) })).id).toBe(owner.id);
      expect(expectSuccess(await me({ headers: platformHeaders(clientTwo) })).id).toBe(owner.id);
    });

    it('"should throw 401 if api key is invalid": their svc_test_badkey1234, and (beyond the spec) an expired key', async () => {
      for (const authorization of ['Bearer svc_test_badkey1234', 'Bearer svc_test_}']) {
        expectErrorEnvelope(await me({ headers: { authorization } }), 401, 'UNAUTHORIZED');
      }
      const { key } = await operatorOf(stack).createApiKey(keyUser.id);
      await stack.db('oauth').query(`UPDATE api_keys SET expires_at = now() - interval '1 day' WHERE hashed_key = $1`, [sha256Hex(key)]);
      expectErrorEnvelope(await me({ key }), 401, 'UNAUTHORIZED', /expired/);
    });

    it('"should throw 401 if only OAuth ID is provided": the message names the header missing', async () => {
      const response = await me({ headers: { 'x-svc-client-id': `${clientOne.id}gibberish` } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
      expect(response.body.error.message).toContain(ONLY_CLIENT_ID);
    });

    it('"should throw 401 if only OAuth Client Secret is provided": the message names the header missing', async () => {
      const response = await me({ headers: { 'x-svc-secret-key': `${clientOne.secret}gibberish` } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
      expect(response.body.error.message).toContain(ONLY_SECRET);
    });

    it('(their messages\' "or Auth bearer token") one platform header beside a bearer credential: the bearer credential is the caller', async () => {
      const withId = await me({ key: managedUser.accessToken, headers: { 'x-svc-client-id': clientOne.id } });
      expect(expectSuccess(withId).id).toBe(managedUser.id);
      expect(expectSuccess(await me({ key: keyUser.key, headers: { 'x-svc-secret-key': 'whatever' } })).id).toBe(keyUser.id);
    });

    it('"should throw 401 if OAuth ID is invalid"', async () => {
      expectErrorEnvelope(await me({ headers: { 'x-svc-client-id': `${clientOne.id}gibberish`, 'x-svc-secret-key': 'secret' } }), 401, 'UNAUTHORIZED');
    });

    // "should throw 401 if OAuth secret is invalid": test/oauth/credentials.test.ts ("a wrong secret key, one header alone, …") asserts it.

    it('"should throw 401 if request does not contain Bearer token nor OAuth client credentials"', async () => {
      expectErrorEnvelope(await me({}), 401, 'UNAUTHORIZED');
    });
  });
});
