import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { graphqlOperationOf } from '../support/integration-ops';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { connectGoogleCalendar, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { startTestStack, TestStack } from '../support/stack';

/** Spec 2.11 / 4.10: conferencing apps of a user and of an organization's team. */
describe('conferencing apps', () => {
  let stack: TestStack;
  let orgOwner: Awaited<ReturnType<typeof userWithKey>>;
  let teamAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;
  let org: { id: number };
  let team: { id: number };
  let foreignTeam: { id: number };
  let provider: OAuthProviderServer;
  let restoreEnv: () => void = () => undefined;

  beforeAll(async () => {
    // A user's google-meet needs the user's Google Calendar, connected through the loopback provider.
    provider = await startOAuthProviderServer();
    provider.accounts.google.calendars = [{ id: 'primary-cal', name: 'Work', primary: true }];
    restoreEnv = pointServiceAt(provider);
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgOwner, teamAdmin, member] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    const outsider = await userWithKey(stack);
    org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
    const otherOrg = await operator.createOrganization({ name: 'Globex', ownerId: outsider.user.id });
    team = await operator.createTeam({ name: 'Engineering', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    foreignTeam = await operator.createTeam({ name: 'Globex Sales', orgId: otherOrg.id, ownerId: outsider.user.id });
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
    restoreEnv();
  });

  describe('/v2/conferencing (the caller)', () => {
    it('connect, list, default, disconnect; the built-in video app is the default until another is chosen', async () => {
      const { user, key } = await userWithKey(stack);
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing', { key }))).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing/default', { key }))).toEqual({ appSlug: 'daily-video' });

      expectErrorEnvelope(
        await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key }),
        400,
        'BAD_REQUEST',
        /requires a Google Calendar connection/,
      );
      await connectGoogleCalendar(stack, key);
      const connected = expectSuccess(await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key }));
      expect(connected).toEqual({ id: expect.any(Number), type: 'google_video', userId: user.id, invalid: false });
      expectErrorEnvelope(await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key }), 409, 'CONFLICT');
      expectErrorEnvelope(await stack.rest('POST', '/v2/conferencing/skype/connect', { key }), 400, 'BAD_REQUEST', /app/);
      expectErrorEnvelope(await stack.rest('POST', '/v2/conferencing/zoom/connect', { key }), 400, 'BAD_REQUEST', /OAuth/);
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing', { key }))).toEqual([connected]);

      expectErrorEnvelope(await stack.rest('POST', '/v2/conferencing/zoom/default', { key }), 400, 'BAD_REQUEST', /not connected/);
      expect(expectSuccess(await stack.rest('POST', '/v2/conferencing/google-meet/default', { key }))).toEqual({ appSlug: 'google-meet' });
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing/default', { key })).appSlug).toBe('google-meet');

      expect(expectSuccess(await stack.rest('DELETE', '/v2/conferencing/google-meet/disconnect', { key }))).toEqual(connected);
      expectErrorEnvelope(await stack.rest('DELETE', '/v2/conferencing/google-meet/disconnect', { key }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing/default', { key })).appSlug).toBe('daily-video');
    });
  });

  describe('GET /v2/organizations/{orgId}/teams/{teamId}/conferencing (team admin; PBAC team.readConferencing)', () => {
    it("the team admin and the org admin manage the team's apps; a member is refused; another org's team is not found", async () => {
      const base = `/v2/organizations/${org.id}/teams/${team.id}/conferencing`;
      expect(expectSuccess(await stack.rest('GET', base, { key: teamAdmin.key }))).toEqual([]);
      const connected = expectSuccess(await stack.rest('POST', `${base}/google-meet/connect`, { key: teamAdmin.key }));
      expect(connected).toMatchObject({ type: 'google_video', invalid: false });
      expect(expectSuccess(await stack.rest('GET', base, { key: orgOwner.key }))).toEqual([connected]);
      expect(expectSuccess(await stack.rest('POST', `${base}/google-meet/default`, { key: orgOwner.key })).appSlug).toBe('google-meet');
      expect(expectSuccess(await stack.rest('GET', `${base}/default`, { key: teamAdmin.key })).appSlug).toBe('google-meet');
      // The team's apps are not the admin's own.
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing', { key: teamAdmin.key }))).toEqual([]);

      expectErrorEnvelope(await stack.rest('GET', base, { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', `${base}/google-meet/default`, { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${foreignTeam.id}/conferencing`, { key: orgOwner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `${base}/google-meet/disconnect`, { key: member.key }), 403, 'FORBIDDEN');
      expect(expectSuccess(await stack.rest('DELETE', `${base}/google-meet/disconnect`, { key: teamAdmin.key }))).toEqual(connected);
    });
  });

  describe('the built-in video app gives a booking a stable meeting URL', () => {
    it('the same booking uid always gets the same URL, another uid another URL', async () => {
      const url = (bookingUid: string) =>
        graphqlOperationOf(stack, `query ($uid: String!) { conferencingMeetingUrl(locationType: "integrations:daily", bookingUid: $uid) }`, {
          uid: bookingUid,
        });
      const first = (await url('booking-1')).conferencingMeetingUrl;
      expect(first).toMatch(/^https?:\/\/.+\/video\/[A-Za-z0-9_-]{22}$/);
      expect((await url('booking-1')).conferencingMeetingUrl).toBe(first);
      expect((await url('booking-2')).conferencingMeetingUrl).not.toBe(first);
      expect(
        (await graphqlOperationOf(stack, `{ conferencingMeetingUrl(locationType: "integrations:google:meet", bookingUid: "b") }`)).conferencingMeetingUrl,
      ).toBeNull();
    });

    it('a booking at a video integration location answers its meeting URL, stored with it (GET and reschedule show it); other locations have none', async () => {
      const url = async (bookingUid: string) =>
        (
          await graphqlOperationOf(stack, `query ($uid: String!) { conferencingMeetingUrl(locationType: "integrations:daily", bookingUid: $uid) }`, {
            uid: bookingUid,
          })
        ).conferencingMeetingUrl;
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 30, locations: [{ type: 'integration' }, { type: 'attendeePhone' }] });
      const video = { type: 'integration', integration: 'cal-video' };
      const booking = expectSuccess(
        await book(stack, { eventTypeId: eventType.id, start: '2031-05-05T10:00:00Z', attendee: attendee('video'), location: video }),
        201,
      );
      expect(booking.meetingUrl).toMatch(/^https?:\/\/.+\/video\/[A-Za-z0-9_-]{22}$/);
      expect(booking.meetingUrl).toBe(await url(booking.uid));
      expect(expectSuccess(await stack.rest('GET', `/v2/bookings/${booking.uid}`, { key: host.key, headers: BOOKINGS_VERSION })).meetingUrl).toBe(
        booking.meetingUrl,
      );
      // The event type's own integration location (no app named) is the built-in video app too.
      const byDefault = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2031-05-05T12:00:00Z', attendee: attendee('default') }), 201);
      expect(byDefault.meetingUrl).toBe(await url(byDefault.uid));

      const moved = expectSuccess(
        await stack.rest('POST', `/v2/bookings/${booking.uid}/reschedule`, { body: { start: '2031-05-06T10:00:00Z' }, headers: BOOKINGS_VERSION }),
        201,
      );
      expect(moved.meetingUrl).toBe(await url(moved.uid));
      expect(moved.meetingUrl).not.toBe(booking.meetingUrl);

      const byPhone = expectSuccess(
        await book(stack, {
          eventTypeId: eventType.id,
          start: '2031-05-05T14:00:00Z',
          attendee: attendee('phone'),
          location: { type: 'attendeePhone', phone: '+14155550123' },
        }),
        201,
      );
      expect(byPhone).not.toHaveProperty('meetingUrl');

      // Booking hooks (docs/performance.md): a personal booking at a phone location has no hook that can be due, so
      // no job; a video one's job ends with the inline meeting URL (or the worker took it first): none is left waiting.
      const hooksOf = async (uid: string) =>
        (await stack.db('scheduling').query(`SELECT state FROM job_queue.job WHERE name = 'booking-hooks' AND data->>'bookingUid' = $1`, [uid])).map(
          (r: { state: string }) => r.state,
        );
      expect(await hooksOf(byPhone.uid)).toEqual([]);
      expect(await eventually(async () => (await hooksOf(byDefault.uid)).every((state: string) => state === 'completed'), { timeoutMs: 20_000 })).toBe(true);
    });

    it("an organizersDefaultApp location gets its meeting URL from the organizer's default app: the built-in video app until another is chosen; a default that makes no URL (google-meet) leaves none", async () => {
      const url = async (bookingUid: string) =>
        (
          await graphqlOperationOf(stack, `query ($uid: String!) { conferencingMeetingUrl(locationType: "integrations:daily", bookingUid: $uid) }`, {
            uid: bookingUid,
          })
        ).conferencingMeetingUrl;
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 30, locations: [{ type: 'organizersDefaultApp' }] });

      // No default chosen: GET /v2/conferencing/default answers the built-in video app, and the booking gets its URL.
      const first = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2031-06-02T10:00:00Z', attendee: attendee('default-none') }), 201);
      expect(first.meetingUrl).toBe(await url(first.uid));
      expect(first.location).toBe('organizersDefaultApp');

      // google-meet as the default: its URL comes with a Google calendar event, which the service does not write.
      await connectGoogleCalendar(stack, host.key);
      expectSuccess(await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key: host.key }));
      expectSuccess(await stack.rest('POST', '/v2/conferencing/google-meet/default', { key: host.key }));
      const meet = expectSuccess(
        await book(stack, {
          eventTypeId: eventType.id,
          start: '2031-06-02T11:00:00Z',
          attendee: attendee('default-meet'),
          location: { type: 'organizersDefaultApp' },
        }),
        201,
      );
      expect(meet).not.toHaveProperty('meetingUrl');
      expect(expectSuccess(await stack.rest('GET', `/v2/bookings/${meet.uid}`, { key: host.key, headers: BOOKINGS_VERSION }))).not.toHaveProperty('meetingUrl');

      // Back to the built-in app: the next booking has a URL again, read back with the booking.
      expectSuccess(await stack.rest('POST', '/v2/conferencing/daily-video/default', { key: host.key }));
      const video = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2031-06-02T12:00:00Z', attendee: attendee('default-video') }), 201);
      expect(video.meetingUrl).toBe(await url(video.uid));
      expect(expectSuccess(await stack.rest('GET', `/v2/bookings/${video.uid}`, { key: host.key, headers: BOOKINGS_VERSION })).meetingUrl).toBe(
        video.meetingUrl,
      );
    });
  });
});
