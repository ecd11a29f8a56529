import { attendee, book, EVERY_DAY, getSlots, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { graphqlOperationOf } from '../support/integration-ops';
import { followConsent, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { startTestStack, TestStack } from '../support/stack';

const DAY = 86_400_000;
const ALWAYS = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const EVENT_TYPES_VERSION = { 'svc-api-version': '2024-06-14' };
const ZOOM_LOCATION = { type: 'integration', integration: 'zoom' };
const MSTEAMS_LOCATION = { type: 'integration', integration: 'office365-video' };
const daysAhead = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/**
 * Third-party OAuth (issue 11): Google and Microsoft 365 calendars, Zoom and Teams conferencing, against
 * a loopback OAuth + API server (test/support/oauth-provider-server.ts) that checks the client secret and
 * PKCE like the real providers. The browser's trip is played by following the authorization URL by hand.
 */
describe('third-party provider OAuth', () => {
  let stack: TestStack;
  let provider: OAuthProviderServer;
  let restoreEnv: () => void = () => undefined;
  const day = daysAhead(8);

  beforeAll(async () => {
    provider = await startOAuthProviderServer();
    restoreEnv = pointServiceAt(provider);
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
    restoreEnv();
  });

  describe('calendars: GET /v2/calendars/{calendar}/connect and …/save', () => {
    it('Google: the consent URL carries a state and a PKCE challenge; the public save route stores the sealed tokens, the calendars, and selects the primary one', async () => {
      const { user, key } = await userWithKey(stack);
      provider.accounts.google.calendars = [
        { id: 'primary-cal', name: 'Work', primary: true },
        { id: 'holidays', name: 'Holidays', primary: false, readOnly: true },
      ];
      const connect = expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect?isDryRun=false&redir=https://app.example.com/done', { key }));
      const authUrl = new URL(connect.authUrl);
      expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${provider.url}/google/authorize`);
      expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
        client_id: provider.clients.google.id,
        response_type: 'code',
        code_challenge_method: 'S256',
        access_type: 'offline',
      });
      expect(authUrl.searchParams.get('redirect_uri')).toMatch(/\/v2\/calendars\/google\/save$/);

      const { code, state } = await followConsent(connect.authUrl);
      const done = expectSuccess(await stack.rest('GET', `/v2/calendars/google/save?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`));
      expect(done).toEqual({ credentialId: expect.any(Number), redirectUrl: 'https://app.example.com/done' });
      // The state is single use.
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/calendars/google/save?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`),
        400,
        'BAD_REQUEST',
        /state/,
      );

      const calendars = expectSuccess(await stack.rest('GET', '/v2/calendars', { key }));
      const google = calendars.connectedCalendars.find((c: { credentialId: number }) => c.credentialId === done.credentialId);
      expect(google.integration).toMatchObject({ slug: 'google-calendar', type: 'google_calendar' });
      expect(google.calendars).toEqual([
        {
          externalId: 'primary-cal',
          integration: 'google_calendar',
          name: 'Work',
          primary: true,
          readOnly: false,
          isSelected: true,
          credentialId: done.credentialId,
          delegationCredentialId: null,
        },
        {
          externalId: 'holidays',
          integration: 'google_calendar',
          name: 'Holidays',
          primary: false,
          readOnly: true,
          isSelected: false,
          credentialId: done.credentialId,
          delegationCredentialId: null,
        },
      ]);
      // Tokens are stored sealed, never in clear.
      const [row] = await stack.db('integrations').query('SELECT key_ciphertext FROM calendar_credentials WHERE id = $1', [done.credentialId]);
      expect(row.key_ciphertext).toMatch(/^v1\./);
      expect(row.key_ciphertext).not.toMatch(/at-google|rt-google/);
      expectSuccess(await stack.rest('GET', '/v2/calendars/google/check', { key }));
      expect(user.id).toBeGreaterThan(0);
    });

    it("a state is bound to the app, refused once expired, and a code exchanged with another consent's verifier is refused (PKCE)", async () => {
      const { key } = await userWithKey(stack);
      const first = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key })).authUrl);
      // Not a state of office365.
      expectErrorEnvelope(await stack.rest('GET', `/v2/calendars/office365/save?state=${first.state}&code=${first.code}`), 400, 'BAD_REQUEST', /state/);
      await stack.db('integrations').query(`UPDATE provider_oauth_states SET expires_at = now() - interval '1 second'`);
      expectErrorEnvelope(await stack.rest('GET', `/v2/calendars/google/save?state=${first.state}&code=${first.code}`), 400, 'BAD_REQUEST', /expired/);

      const a = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key })).authUrl);
      const b = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key })).authUrl);
      expectErrorEnvelope(await stack.rest('GET', `/v2/calendars/google/save?state=${a.state}&code=${b.code}`), 400, 'BAD_REQUEST', /refused/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/save?code=x'), 400, 'BAD_REQUEST', /state/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/yahoo/connect', { key }), 400, 'BAD_REQUEST', /calendar/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/check', { key }), 400, 'BAD_REQUEST', /connect/);
    });

    it('Microsoft 365: busy times of the selected calendar, read from the provider, remove exactly the slots they overlap', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const range = { eventTypeId: eventType.id, startTime: `${day}T00:00:00Z`, endTime: `${day}T23:59:59Z` };
      const times = async () => (expectSuccess(await getSlots(stack, range)).slots[day] ?? []).map((s: { time: string }) => s.time.slice(11, 16));
      expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);

      provider.accounts.microsoft.calendars = [
        { id: 'ms-main', name: 'Calendar', primary: true },
        { id: 'ms-other', name: 'Birthdays', primary: false },
      ];
      provider.accounts.microsoft.busy = {
        'ms-main': [{ start: `${day}T10:30:00Z`, end: `${day}T11:15:00Z` }],
        'ms-other': [{ start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z` }], // not selected: blocks nothing
      };
      const { code, state } = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/office365/connect', { key: host.key })).authUrl);
      const { credentialId } = expectSuccess(await stack.rest('GET', `/v2/calendars/office365/save?state=${state}&code=${code}`));
      expect(await times()).toEqual(['09:00', '12:00']);
      const busy = expectSuccess(
        await stack.rest('GET', `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=${day}&dateTo=${day}&credentialId=${credentialId}&externalId=ms-main`, {
          key: host.key,
        }),
      );
      expect(busy).toEqual([{ start: `${day}T10:30:00.000Z`, end: `${day}T11:15:00.000Z`, source: 'ms-main' }]);

      // Disconnecting takes the credential, its selections and its busy times away.
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/calendars/office365/disconnect', { key: host.key, body: { id: credentialId + 1000 } }),
        404,
        'NOT_FOUND',
      );
      // Another user cannot disconnect it, nor read its busy times.
      const stranger = await userWithKey(stack);
      expectErrorEnvelope(await stack.rest('POST', '/v2/calendars/office365/disconnect', { key: stranger.key, body: { id: credentialId } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=${day}&dateTo=${day}&credentialId=${credentialId}`, {
          key: stranger.key,
        }),
        404,
        'NOT_FOUND',
        /^credentialId: no calendar credential \d+ of yours$/,
      );
      const removed = expectSuccess(await stack.rest('POST', '/v2/calendars/office365/disconnect', { key: host.key, body: { id: credentialId } }));
      expect(removed).toEqual({
        id: credentialId,
        type: 'office365_calendar',
        userId: host.user.id,
        teamId: null,
        appId: 'office365-calendar',
        invalid: false,
      });
      expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);
    });

    it('expired access tokens are refreshed with the refresh token; a refused refresh makes the credential invalid', async () => {
      const { key } = await userWithKey(stack);
      provider.accounts.google.calendars = [{ id: 'primary-cal', name: 'Work', primary: true }];
      provider.accessTokenLifetime = 30; // within the service's one-minute margin: every use refreshes
      try {
        const { code, state } = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key })).authUrl);
        expectSuccess(await stack.rest('GET', `/v2/calendars/google/save?state=${state}&code=${code}`));
        const refreshes = () => provider.grants.filter((g) => g.family === 'google' && g.grantType === 'refresh_token').length;
        const before = refreshes();
        expectSuccess(await stack.rest('GET', '/v2/calendars/google/check', { key }));
        expect(refreshes()).toBe(before + 1);
        provider.revoke('google');
        expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/check', { key }), 400, 'BAD_REQUEST', /connect it again/);
        const calendars = expectSuccess(await stack.rest('GET', '/v2/calendars', { key }));
        expect(calendars.connectedCalendars).toHaveLength(1);
      } finally {
        provider.accessTokenLifetime = 3600;
      }
    });
  });

  describe('unified calendar events: GET /v2/calendars/{calendar}/event/{eventUid}, PATCH …/events/{eventUid}', () => {
    it('reads and changes an event of the connected Google calendar at the provider', async () => {
      const { key } = await userWithKey(stack);
      provider.accounts.google.calendars = [{ id: 'primary-cal', name: 'Work', primary: true }];
      provider.accounts.google.events.set('evt-1', {
        id: 'evt-1',
        summary: 'Intro call',
        start: `${day}T09:00:00Z`,
        end: `${day}T09:30:00Z`,
        attendees: [
          { email: 'owner@example.com', organizer: true, responseStatus: 'accepted' },
          { email: 'guest@example.com', displayName: 'Guest', responseStatus: 'needsAction' },
        ],
      });
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/event/evt-1', { key }), 404, 'NOT_FOUND');
      const { code, state } = await followConsent(expectSuccess(await stack.rest('GET', '/v2/calendars/google/connect', { key })).authUrl);
      expectSuccess(await stack.rest('GET', `/v2/calendars/google/save?state=${state}&code=${code}`));

      const event = expectSuccess(await stack.rest('GET', '/v2/calendars/google/event/evt-1', { key }));
      expect(event).toEqual({
        start: { time: `${day}T09:00:00.000Z`, timeZone: 'UTC' },
        end: { time: `${day}T09:30:00.000Z`, timeZone: 'UTC' },
        id: 'evt-1',
        title: 'Intro call',
        description: null,
        locations: [{ type: 'video', url: 'https://meet.example.com/abc-defg-hij' }],
        attendees: [
          { email: 'owner@example.com', name: null, responseStatus: 'accepted', self: null, optional: null, host: true },
          { email: 'guest@example.com', name: 'Guest', responseStatus: 'needsAction', self: null, optional: null, host: null },
        ],
        status: 'accepted',
        hosts: [{ email: 'owner@example.com', name: null, responseStatus: 'accepted' }],
        calendarEventOwner: { email: 'owner@example.com', name: null },
        source: 'google',
      });
      const changed = expectSuccess(
        await stack.rest('PATCH', '/v2/calendars/google/events/evt-1', {
          key,
          body: { title: 'Intro call (moved)', start: { time: `${day}T10:00:00Z`, timeZone: 'UTC' }, end: { time: `${day}T10:30:00Z`, timeZone: 'UTC' } },
        }),
      );
      expect(changed).toMatchObject({ title: 'Intro call (moved)', start: { time: `${day}T10:00:00.000Z` }, end: { time: `${day}T10:30:00.000Z` } });
      expect(provider.accounts.google.events.get('evt-1')!.summary).toBe('Intro call (moved)');
      expectErrorEnvelope(
        await stack.rest('PATCH', '/v2/calendars/google/events/evt-1', { key, body: { start: { time: 'tomorrow' } } }),
        400,
        'BAD_REQUEST',
        /start\.time/,
      );
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/event/nope', { key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/office365/event/evt-1', { key }), 400, 'BAD_REQUEST', /calendar/);
    });
  });

  describe('conferencing OAuth: …/conferencing/{app}/oauth/auth-url and …/oauth/callback', () => {
    it("zoom for a user: the stored connection becomes the default and creates the booking's meeting at the provider", async () => {
      const { user, key } = await userWithKey(stack);
      const { url } = expectSuccess(
        await stack.rest('GET', '/v2/conferencing/zoom/oauth/auth-url?returnTo=https://app.example.com/ok&onErrorReturnTo=https://app.example.com/ko', { key }),
      );
      expect(url.startsWith(`${provider.url}/zoom/authorize?`)).toBe(true);
      const { code, state } = await followConsent(url);
      const saved = expectSuccess(await stack.rest('GET', `/v2/conferencing/zoom/oauth/callback?state=${state}&code=${code}`));
      expect(saved).toEqual({
        connection: { id: expect.any(Number), type: 'zoom_video', userId: user.id, invalid: false },
        redirectUrl: 'https://app.example.com/ok',
      });
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing', { key }))).toEqual([saved.connection]);
      expect(expectSuccess(await stack.rest('POST', '/v2/conferencing/zoom/default', { key }))).toEqual({ appSlug: 'zoom' });

      const meeting = await graphqlOperationOf(
        stack,
        `query ($host: Int!) { conferencingMeetingUrl(locationType: "integrations:zoom", bookingUid: "b-zoom", hostUserId: $host, title: "Intro", startTime: "${day}T09:00:00Z", endTime: "${day}T09:45:00Z") }`,
        { host: user.id },
      );
      expect(meeting.conferencingMeetingUrl).toBe(provider.accounts.zoom.meetings.at(-1)!.joinUrl);
      expect(provider.accounts.zoom.meetings.at(-1)!.body).toMatchObject({ topic: 'Intro', duration: 45, start_time: `${day}T09:00:00.000Z` });
      // Without a connection there is no meeting to make.
      const { user: other } = await userWithKey(stack);
      expect(
        (
          await graphqlOperationOf(
            stack,
            `query ($host: Int!) { conferencingMeetingUrl(locationType: "integrations:zoom", bookingUid: "b", hostUserId: $host, startTime: "${day}T09:00:00Z", endTime: "${day}T09:45:00Z") }`,
            { host: other.id },
          )
        ).conferencingMeetingUrl,
      ).toBeNull();
      expectErrorEnvelope(await stack.rest('GET', '/v2/conferencing/daily-video/oauth/auth-url', { key }), 400, 'BAD_REQUEST', /app/);
    });

    it('one meeting per booking: two asks at once for the same booking make one zoom meeting and both answer its URL; an ask whose creation failed leaves none behind', async () => {
      const { user, key } = await userWithKey(stack);
      const { code, state } = await followConsent(expectSuccess(await stack.rest('GET', '/v2/conferencing/zoom/oauth/auth-url', { key })).url);
      expectSuccess(await stack.rest('GET', `/v2/conferencing/zoom/oauth/callback?state=${state}&code=${code}`));
      const ask = (bookingUid: string, title: string) =>
        graphqlOperationOf(
          stack,
          `query ($host: Int!, $uid: String!, $title: String!) { conferencingMeetingUrl(locationType: "integrations:zoom", bookingUid: $uid, hostUserId: $host, title: $title, startTime: "${day}T11:00:00Z", endTime: "${day}T11:30:00Z") }`,
          { host: user.id, uid: bookingUid, title },
        ).then((answer) => answer.conferencingMeetingUrl as string | null);
      const madeFor = (title: string) => provider.accounts.zoom.meetings.filter((made) => made.body.topic === title).map((made) => made.joinUrl);

      // The inline ask and the booking-hooks job's ask of one booking, at once.
      const title = `Race ${user.id}`;
      const answers = await Promise.all([ask(`race-${user.id}`, title), ask(`race-${user.id}`, title)]);
      expect(madeFor(title)).toHaveLength(1);
      expect(answers).toEqual([madeFor(title)[0], madeFor(title)[0]]);
      // Asked again later (a retried job): the same meeting.
      expect(await ask(`race-${user.id}`, title)).toBe(madeFor(title)[0]);

      // The provider answers a meeting without its URL: the ask fails and the next ask of the booking makes the meeting.
      const retried = `Retried ${user.id}`;
      provider.meetingsWithoutUrl = 1;
      await expect(ask(`retried-${user.id}`, retried)).rejects.toThrow();
      expect(provider.meetingsWithoutUrl).toBe(0);
      expect(await ask(`retried-${user.id}`, retried)).toBe(madeFor(retried)[0]);
      expect(madeFor(retried)).toHaveLength(1);
    });

    it("a booking at an organizersDefaultApp location gets its meeting from the organizer's default app (zoom, with the organizer's connection)", async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
      const { code, state } = await followConsent(expectSuccess(await stack.rest('GET', '/v2/conferencing/zoom/oauth/auth-url', { key: host.key })).url);
      expectSuccess(await stack.rest('GET', `/v2/conferencing/zoom/oauth/callback?state=${state}&code=${code}`));
      expectSuccess(await stack.rest('POST', '/v2/conferencing/zoom/default', { key: host.key }));
      const eventType = await personalEventType(stack, host.user.id, {
        lengthInMinutes: 45,
        title: 'Discovery call',
        locations: [{ type: 'organizersDefaultApp' }],
      });
      const booking = expectSuccess(
        await stack.rest('POST', '/v2/bookings', {
          headers: { 'svc-api-version': '2024-08-13' },
          body: {
            eventTypeId: eventType.id,
            start: `${day}T14:00:00Z`,
            attendee: { name: 'Ada', email: 'ada@example.com', timeZone: 'UTC' },
            location: { type: 'organizersDefaultApp' },
          },
        }),
        201,
      );
      // The meeting zoom made for this booking (other tests' bookings may make theirs in the background meanwhile).
      const meeting = provider.accounts.zoom.meetings.find((made) => made.joinUrl === booking.meetingUrl)!;
      expect(meeting).toBeDefined();
      expect(meeting.body).toMatchObject({ duration: 45, start_time: `${day}T14:00:00.000Z` });
      expect(
        expectSuccess(await stack.rest('GET', `/v2/bookings/${booking.uid}`, { key: host.key, headers: { 'svc-api-version': '2024-08-13' } })).meetingUrl,
      ).toBe(meeting.joinUrl);

      // A personal event type whose location names zoom: the organizer's own connection makes the meeting too.
      const atZoom = await personalEventType(stack, host.user.id, { lengthInMinutes: 30, title: 'Zoom call', locations: [ZOOM_LOCATION] });
      const zoomBooking = expectSuccess(
        await book(stack, { eventTypeId: atZoom.id, start: `${day}T16:00:00Z`, attendee: attendee('zoom'), location: ZOOM_LOCATION }),
        201,
      );
      expect(zoomBooking.location).toBe('integrations:zoom');
      const zoomMeeting = provider.accounts.zoom.meetings.find((made) => made.joinUrl === zoomBooking.meetingUrl)!;
      expect(zoomMeeting.body).toMatchObject({ topic: zoomBooking.title, duration: 30, start_time: `${day}T16:00:00.000Z` });
    });

    it("msteams for a team: the team admin's consent is bound to the team; another team's callback path is refused without burning the state", async () => {
      const operator = operatorOf(stack);
      const [owner, admin, member] = [await userWithKey(stack), await hostWithSchedule(stack, ALWAYS), await userWithKey(stack)];
      const org = await operator.createOrganization({ name: 'Conf org', ownerId: owner.user.id });
      const team = await operator.createTeam({ name: 'Conf team', orgId: org.id, ownerId: admin.user.id });
      const otherTeam = await operator.createTeam({ name: 'Other team', orgId: org.id, ownerId: owner.user.id });
      await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const base = `/v2/organizations/${org.id}/teams/${team.id}/conferencing`;
      const teamEventTypes = `/v2/organizations/${org.id}/teams/${team.id}/event-types`;
      const teamsEventType = (slug: string) => ({
        title: 'Sync',
        slug,
        lengthInMinutes: 30,
        locations: [MSTEAMS_LOCATION],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: admin.user.id }],
      });
      // Before the team connects msteams, its event types cannot name it.
      expectErrorEnvelope(
        await stack.rest('POST', teamEventTypes, { key: admin.key, headers: EVENT_TYPES_VERSION, body: teamsEventType('teams-sync') }),
        400,
        'BAD_REQUEST',
        /^locations\[0\]\.integration: office365-video is not connected to team/,
      );
      expectErrorEnvelope(await stack.rest('GET', `${base}/msteams/oauth/auth-url`, { key: member.key }), 403, 'FORBIDDEN');
      const { url } = expectSuccess(await stack.rest('GET', `${base}/msteams/oauth/auth-url`, { key: admin.key }));
      expect(new URL(url).searchParams.get('redirect_uri')).toMatch(
        new RegExp(`/v2/organizations/${org.id}/teams/${team.id}/conferencing/msteams/oauth/callback$`),
      );
      const { code, state } = await followConsent(url);
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${org.id}/teams/${otherTeam.id}/conferencing/msteams/oauth/callback?state=${state}&code=${code}`),
        404,
        'NOT_FOUND',
        /consent/,
      );
      expectErrorEnvelope(await stack.rest('GET', `/v2/conferencing/msteams/oauth/callback?state=${state}&code=${code}`), 400, 'BAD_REQUEST', /state/);
      const saved = expectSuccess(await stack.rest('GET', `${base}/msteams/oauth/callback?state=${state}&code=${code}`));
      expect(saved.connection).toMatchObject({ type: 'office365_video', userId: null, invalid: false });
      expect(expectSuccess(await stack.rest('GET', base, { key: admin.key }))).toHaveLength(1);
      expect(expectSuccess(await stack.rest('GET', '/v2/conferencing', { key: admin.key }))).toEqual([]);

      const meeting = await graphqlOperationOf(
        stack,
        `query ($team: Int!) { conferencingMeetingUrl(locationType: "integrations:office365_video", bookingUid: "b-teams", teamId: $team, title: "Sync", startTime: "${day}T09:00:00Z", endTime: "${day}T10:00:00Z") }`,
        { team: team.id },
      );
      expect(meeting.conferencingMeetingUrl).toBe(provider.accounts.microsoft.meetings.at(-1)!.joinUrl);

      // Now that the team has msteams, its event types may name it, and their bookings' meetings are made with the team's connection.
      const created = expectSuccess(
        await stack.rest('POST', teamEventTypes, { key: admin.key, headers: EVENT_TYPES_VERSION, body: teamsEventType('teams-sync') }),
        201,
      );
      expect(created.locations).toEqual([MSTEAMS_LOCATION]);
      const booking = expectSuccess(
        await book(stack, { eventTypeId: created.id, start: `${day}T15:00:00Z`, attendee: attendee('teams'), location: MSTEAMS_LOCATION }),
        201,
      );
      const made = provider.accounts.microsoft.meetings.find((m) => m.joinUrl === booking.meetingUrl);
      expect(made).toBeDefined();
      // The other team has connected nothing: the same location is refused there, naming where a team admin connects it.
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/organizations/${org.id}/teams/${otherTeam.id}/event-types`, {
          key: owner.key,
          headers: EVENT_TYPES_VERSION,
          body: { ...teamsEventType('other-sync'), hosts: [{ userId: owner.user.id }] },
        }),
        400,
        'BAD_REQUEST',
        `locations[0].integration: office365-video is not connected to team ${otherTeam.id}: a team admin connects it under /v2/organizations/${org.id}/teams/${otherTeam.id}/conferencing`,
      );
      // The operator tool (CLI, seed) applies the same rule, reading the team's connections through the integrations service.
      const byOperator = (teamId: number, hostId: number, slug: string) =>
        operator.createEventType({ title: 'Sync', slug, lengthInMinutes: 30, teamId, hostIds: [hostId], locations: [MSTEAMS_LOCATION] });
      expect((await byOperator(team.id, admin.user.id, 'operator-sync')).locations).toEqual([MSTEAMS_LOCATION]);
      await expect(byOperator(otherTeam.id, owner.user.id, 'operator-other-sync')).rejects.toThrow(/office365-video is not connected to team/);
    });
  });

  describe('POST /v2/routing-forms/{routingFormId}/calculate-slots', () => {
    it("routes the answers (nothing stored) and answers the routed event type's slots as GET /v2/slots does; only the form's team admins and org admins", async () => {
      const operator = operatorOf(stack);
      const [owner, admin, member, outsider] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
      const org = await operator.createOrganization({ name: 'Forms org', ownerId: owner.user.id });
      const team = await operator.createTeam({ name: 'Forms team', orgId: org.id, ownerId: admin.user.id });
      await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
      const created = await stack.graphql(
        `mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }`,
        {
          orgId: org.id,
          teamId: team.id,
          input: {
            name: 'Demo',
            fields: [{ id: 'f-need', label: 'Need', type: 'select', identifier: 'need', required: true }],
            routes: [
              {
                id: 'r-demo',
                conditions: [{ field: 'f-need', operator: 'equals', value: 'demo' }],
                action: { type: 'eventTypeRedirectUrl', value: 'x/demo', eventTypeId },
              },
              { id: 'r-else', isFallback: true, action: { type: 'customPageMessage', value: 'Thanks' } },
            ],
          },
        },
        admin.key,
      );
      const formId = created.body.data.createRoutingForm.id;
      const path = (query: string) => `/v2/routing-forms/${formId}/calculate-slots?${query}`;
      const window = `start=${day}&end=${day}&timeZone=UTC`;

      const data = expectSuccess(await stack.rest('POST', path(window), { key: admin.key, body: { need: 'demo' } }));
      expect(data).toEqual({ eventTypeId, slots: { [day]: [{ start: `${day}T09:00:00.000Z` }, { start: `${day}T10:00:00.000Z` }] } });
      const ranged = expectSuccess(await stack.rest('POST', path(`${window}&format=range`), { key: owner.key, body: { need: 'demo' } }));
      expect(ranged.slots[day][0]).toEqual({ start: `${day}T09:00:00.000Z`, end: `${day}T10:00:00.000Z` });
      // Nothing is stored.
      const [{ count }] = await stack.db('integrations').query('SELECT count(*)::int AS count FROM routing_form_responses WHERE form_id = $1', [formId]);
      expect(count).toBe(0);

      expectErrorEnvelope(
        await stack.rest('POST', path(window), { key: admin.key, body: { need: 'other' } }),
        400,
        'BAD_REQUEST',
        /not routed to an event type/,
      );
      expectErrorEnvelope(await stack.rest('POST', path(window), { key: admin.key, body: {} }), 400, 'BAD_REQUEST', /need/);
      expectErrorEnvelope(await stack.rest('POST', path(`start=${day}`), { key: admin.key, body: { need: 'demo' } }), 400, 'BAD_REQUEST', /end/);
      expectErrorEnvelope(await stack.rest('POST', path(window), { key: member.key, body: { need: 'demo' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', path(window), { key: outsider.key, body: { need: 'demo' } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/routing-forms/00000000-0000-4000-8000-000000000000/calculate-slots?${window}`, { key: admin.key, body: {} }),
        404,
        'NOT_FOUND',
      );
    });
  });
});
