import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { icsCalendar, IcsServer, startIcsServer } from '../support/ics-server';
import { connectGoogleCalendar, followConsent, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The connection `type` of Google Meet (their GOOGLE_MEET_TYPE) and its slug (their GOOGLE_MEET). */
const GOOGLE_MEET_TYPE = 'google_video';
const GOOGLE_MEET = 'google-meet';

/** The calendar address of their selected-calendars and destination-calendars specs, `$` and all. */
const THEIR_CALENDAR = 'https://caldav.icloud.com/20961146906/calendars/83C4F9A1-F1D0-41C7-8FC3-0B$9AE22E813/';

/** A day three days ahead (the providers' busy times are read from today on), and the day after it. */
const DAY = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const NEXT_DAY = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
/**
 * Busy times of the calendars user's two provider calendars. In Pacific/Honolulu (UTC−10, no daylight saving time) DAY
 * runs from DAY 10:00Z to NEXT_DAY 10:00Z: it holds googleNoon and microsoftNight, the UTC day holds googleEarly and googleNoon.
 */
const BUSY = {
  googleEarly: { start: `${DAY}T05:00:00Z`, end: `${DAY}T06:00:00Z` },
  googleNoon: { start: `${DAY}T12:00:00Z`, end: `${DAY}T13:00:00Z` },
  microsoftNight: { start: `${NEXT_DAY}T08:00:00Z`, end: `${NEXT_DAY}T09:00:00Z` },
};
/** A busy interval as the API answers it. */
const answered = (busy: { start: string; end: string }, source: string) => ({
  start: busy.start.replace('Z', '.000Z'),
  end: busy.end.replace('Z', '.000Z'),
  source,
});

/**
 * Conformance: a user's conferencing apps and calendars, replayed from the real service's public e2e specs
 * apps/api/v2/src/modules/conferencing/controllers/conferencing.controller.e2e-spec.ts
 * ("Conferencing Endpoints" › "conferencing controller e2e tests"),
 * apps/api/v2/src/ee/calendars/controllers/calendars.controller.e2e-spec.ts ("Platform Calendars Endpoints") and
 * apps/api/v2/src/modules/destination-calendars/controllers/destination-calendars.controller.e2e-spec.ts
 * ("Platform Destination Calendar Endpoints"), test names beside each case. Their fixtures write the calendar
 * credentials and mock the providers; here Google and Microsoft 365 are connected through their OAuth consent, against
 * the loopback provider (test/support/oauth-provider-server.ts), and the ICS feeds are read from a loopback server.
 * The 400s' sentences are those of their GoogleMeetService (the spec asserts the status only). Their specs cover no
 * organization team path.
 */
describe('conformance: conferencing', () => {
  let stack: TestStack;
  let provider: OAuthProviderServer;
  let ics: IcsServer;
  let restoreEnv: () => void = () => undefined;
  let user: Person;
  let revoked: Person;
  let calendarsUser: Person;

  beforeAll(async () => {
    [provider, ics] = await Promise.all([startOAuthProviderServer(), startIcsServer()]);
    provider.accounts.google.calendars = [
      { id: 'primary-cal', name: 'Work', primary: true },
      // The externalId of their selected-calendars spec (an Apple calendar's address there), a second Google calendar here.
      { id: THEIR_CALENDAR, name: 'Their calendar', primary: false },
    ];
    provider.accounts.microsoft.calendars = [{ id: 'ms-main', name: 'Calendar', primary: true }];
    // Read at each connection: the busy-times cases below tell the calendars, and the days of a zone, apart.
    provider.accounts.google.busy = { 'primary-cal': [BUSY.googleEarly, BUSY.googleNoon] };
    provider.accounts.microsoft.busy = { 'ms-main': [BUSY.microsoftNight] };
    restoreEnv = pointServiceAt(provider);
    stack = await startTestStack();
    [user, revoked, calendarsUser] = await Promise.all([
      person(stack, 'conferencing-user'),
      person(stack, 'conferencing-revoked'),
      person(stack, 'calendars-user'),
    ]);
  });
  afterAll(async () => {
    await stack?.stop();
    await Promise.all([provider?.stop(), ics?.stop()]);
    restoreEnv();
  });

  const call = (method: string, path: string) => stack.rest(method, path, { key: user.key });

  it('"should get all the conferencing apps of the auth user": 200, none', async () => {
    expect(expectSuccess(await call('GET', '/v2/conferencing'))).toEqual([]);
  });

  it('"should fail to connect google meet if google calendar is not connected ": 400', async () => {
    expectErrorEnvelope(await call('POST', '/v2/conferencing/google-meet/connect'), 400, 'BAD_REQUEST', /Google Meet requires a Google Calendar connection\./);
    // Their `.then` writes the Google Calendar credential for the next case.
    await connectGoogleCalendar(stack, user.key);
  });

  it('"should connect google meet if google calendar is connected ": 200', async () => {
    const response = await call('POST', '/v2/conferencing/google-meet/connect');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
  });

  it('(deviation, docs/compatibility.md "Conferencing") connecting google meet again: 409 CONFLICT (theirs: 400)', async () => {
    expectErrorEnvelope(await call('POST', '/v2/conferencing/google-meet/connect'), 409, 'CONFLICT', /already connected/);
  });

  it('"should set google meet as default conferencing app": 200, and it is the default', async () => {
    expect((await call('POST', '/v2/conferencing/google-meet/default')).status).toBe(200);
    // They read the user's metadata.defaultConferencingApp.appSlug; this API shows it at GET /v2/conferencing/default.
    expect(expectSuccess(await call('GET', '/v2/conferencing/default')).appSlug).toBe(GOOGLE_MEET);
  });

  it('"should get all the conferencing apps of the auth user, and contain google meet"', async () => {
    const data: { type: string; userId: number }[] = expectSuccess(await call('GET', '/v2/conferencing'));
    expect(data.find((app) => app.type === GOOGLE_MEET_TYPE)?.userId).toBe(user.id);
  });

  it('"should disconnect google meet": 200', async () => {
    expect((await call('DELETE', '/v2/conferencing/google-meet/disconnect')).status).toBe(200);
  });

  it('"should get all the conferencing apps of the auth user, and not contain google meet"', async () => {
    const data: { type: string }[] = expectSuccess(await call('GET', '/v2/conferencing'));
    expect(data.find((app) => app.type === GOOGLE_MEET_TYPE)).toBeUndefined();
  });

  describe('calendars.controller.e2e-spec.ts ("Platform Calendars Endpoints"; an API key where theirs has a managed user\'s access token)', () => {
    const calendarsCall = (path: string, init: { key?: string | null; body?: unknown; method?: string } = {}) =>
      stack.rest(init.method ?? 'GET', path, { key: init.key === null ? undefined : (init.key ?? calendarsUser.key), body: init.body });
    /** Their office 365 save query: a state that is no state of this API, and a code nobody issued. */
    const saveQuery = () => `state=accessToken=${calendarsUser.key}&code=4/0AfJohXm&scope=User.Read%20Calendars.Read%20Calendars.ReadWrite%20offline_access`;
    let googleCredentialId: number;
    let microsoftCredentialId: number;
    /** Their later query shape naming the calendar (deep-object style); `test@example.com` is no calendar of the connection. */
    const calendarsToLoad = () => `calendarsToLoad[0][credentialId]=${googleCredentialId}&calendarsToLoad[0][externalId]=test@example.com`;

    it('"/GET/v2/calendars/office365-calendar/connect: it should respond 401 with invalid access token"', async () => {
      const response = await stack.rest('GET', '/v2/calendars/office365/connect', { headers: { authorization: 'Bearer invalid_access_token' } });
      expect(response.status).toBe(401);
    });

    it('"/GET/v2/calendars/google-calendar/connect: it should redirect to auth-url for google calendar OAuth with valid access token": 200, authUrl', async () => {
      expect(expectSuccess(await calendarsCall('/v2/calendars/google/connect?redir=https://cal.com&isDryRun=false')).authUrl).toEqual(expect.any(String));
    });

    it('"/GET/v2/calendars/random-calendar/connect: it should respond 400 with a message saying the calendar type is invalid"', async () => {
      expectErrorEnvelope(await calendarsCall('/v2/calendars/random-calendar/connect'), 400, 'BAD_REQUEST', /calendar/);
    });

    it('"/GET/v2/calendars/office365-calendar/save: without access token" and "…: without origin": 400', async () => {
      expect((await calendarsCall(`/v2/calendars/office365/save?${saveQuery()}`, { key: null })).status).toBe(400);
    });

    it('"/GET/v2/calendars/office365-calendar/check without access token": 401', async () => {
      expect((await calendarsCall('/v2/calendars/office365/check', { key: null })).status).toBe(401);
    });

    it('"/GET/v2/calendars/office365-calendar/check with no credentials": 400', async () => {
      expect((await calendarsCall('/v2/calendars/office365/check')).status).toBe(400);
    });

    it('"/GET/v2/calendars/office365-calendar/check with access token, origin and office365 credentials": 200', async () => {
      // Their fixture writes the credential; here it is made by the consent and the save route.
      const { authUrl } = expectSuccess(await calendarsCall('/v2/calendars/office365/connect'));
      const { code, state } = await followConsent(authUrl);
      expectSuccess(await calendarsCall(`/v2/calendars/office365/save?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`, { key: null }));
      expect((await calendarsCall('/v2/calendars/office365/check')).status).toBe(200);
    });

    it('"/GET/v2/calendars/google-calendar/check with access token, origin and google calendar credentials": 200', async () => {
      await connectGoogleCalendar(stack, calendarsUser.key);
      expect((await calendarsCall('/v2/calendars/google/check')).status).toBe(200);
    });

    it('"/POST/v2/calendars/ics-feed/save with access token should fail to create a new ics feed calendar credentials with invalid urls": 400', async () => {
      ics.set('/feed.ics', icsCalendar('Feed', []));
      const body = { urls: [ics.url('/feed.ics'), ics.url('/not-an-ics-feed')], readOnly: false };
      expect((await calendarsCall('/v2/calendars/ics-feed/save', { method: 'POST', body })).status).toBe(400);
    });

    it('"/POST/v2/calendars/ics-feed/save with access token should create a new ics feed calendar credentials": 201, the user\'s', async () => {
      const data = expectSuccess(
        await calendarsCall('/v2/calendars/ics-feed/save', { method: 'POST', body: { urls: [ics.url('/feed.ics')], readOnly: false } }),
        201,
      );
      expect(data).toMatchObject({ id: expect.any(Number), userId: calendarsUser.id });
    });

    it('"/GET/v2/calendars/ics-feed/check with access token": 200', async () => {
      expect((await calendarsCall('/v2/calendars/ics-feed/check')).status).toBe(200);
    });

    it('"/GET/v2/calendars with access token": the three connections; no destination calendar until one is set', async () => {
      const data = expectSuccess(await calendarsCall('/v2/calendars'));
      expect(data.connectedCalendars).toHaveLength(3);
      const types = data.connectedCalendars.map((connected: { integration: { type: string } }) => connected.integration.type);
      expect(types).toEqual(expect.arrayContaining(['google_calendar', 'office365_calendar', 'ics-feed_calendar']));
      googleCredentialId = data.connectedCalendars.find((connected: any) => connected.integration.type === 'google_calendar').credentialId;
      microsoftCredentialId = data.connectedCalendars.find((connected: any) => connected.integration.type === 'office365_calendar').credentialId;
      // Their destination calendar (Google's) is the answer of their mocked CalendarsService; here it is null until
      // PUT /v2/destination-calendars sets it (docs/compatibility.md, "Calendars"), which the next describe does, then reads Google's.
      expect(data.destinationCalendar).toBeNull();
    });

    it('"/GET/v2/calendars/busy-times: should return 400 when neither timeZone nor loggedInUsersTz is provided"', async () => {
      const response = await calendarsCall(`/v2/calendars/busy-times?dateFrom=2024-12-18&dateTo=2024-12-18&${calendarsToLoad()}`);
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /Either timeZone or loggedInUsersTz must be provided/);
      // Not in their spec: a name that is no IANA zone is refused too, naming the parameter.
      const unknownZone = await calendarsCall(`/v2/calendars/busy-times?loggedInUsersTz=Mars/Olympus&dateFrom=2024-12-18&dateTo=2024-12-18`);
      expectErrorEnvelope(unknownZone, 400, 'BAD_REQUEST', /timeZone must be an IANA time zone, got "Mars\/Olympus"/);
    });

    it('"/GET/v2/calendars/busy-times: should work with valid timeZone parameter" and "…with loggedInUsersTz parameter (backwards compatibility)": 200, a list', async () => {
      for (const zone of ['timeZone=America/New_York', 'loggedInUsersTz=Europe/London']) {
        const response = await calendarsCall(`/v2/calendars/busy-times?${zone}&dateFrom=2024-12-18&dateTo=2024-12-18&${calendarsToLoad()}`);
        expect(Array.isArray(expectSuccess(response))).toBe(true);
      }
    });

    describe('busy times of the calendars calendarsToLoad names, in the days of the requested zone (docs/decisions.md, "Issue 22 — busy-times filter")', () => {
      const busyTimes = async (query: string) => expectSuccess(await calendarsCall(`/v2/calendars/busy-times?dateFrom=${DAY}&dateTo=${DAY}&${query}`));
      const google = () => `[credentialId]=${googleCredentialId}&calendarsToLoad[0][externalId]=primary-cal`;
      const both = () => `calendarsToLoad[0]${google()}&calendarsToLoad[1][credentialId]=${microsoftCredentialId}&calendarsToLoad[1][externalId]=ms-main`;

      it('one calendar: its busy times only; the day is a day of timeZone (googleEarly is the day before in Honolulu)', async () => {
        expect(await busyTimes(`timeZone=Pacific/Honolulu&calendarsToLoad[0]${google()}`)).toEqual([answered(BUSY.googleNoon, 'primary-cal')]);
      });

      it('two calendars of two connections, in Honolulu and in UTC (loggedInUsersTz): each day holds what falls in it', async () => {
        expect(await busyTimes(`timeZone=Pacific/Honolulu&${both()}`)).toEqual([
          answered(BUSY.googleNoon, 'primary-cal'),
          answered(BUSY.microsoftNight, 'ms-main'),
        ]);
        expect(await busyTimes(`loggedInUsersTz=UTC&${both()}`)).toEqual([answered(BUSY.googleEarly, 'primary-cal'), answered(BUSY.googleNoon, 'primary-cal')]);
        // A date-time without an offset is a time of the zone too: from 12:30 in Honolulu (22:30Z) on.
        const evening = expectSuccess(
          await calendarsCall(`/v2/calendars/busy-times?timeZone=Pacific/Honolulu&dateFrom=${DAY}T12:30:00&dateTo=${DAY}&${both()}`),
        );
        expect(evening).toEqual([answered(BUSY.microsoftNight, 'ms-main')]);
      });

      it('the flat credentialId/externalId still names one calendar', async () => {
        expect(await busyTimes(`timeZone=Pacific/Honolulu&credentialId=${microsoftCredentialId}&externalId=ms-main`)).toEqual([
          answered(BUSY.microsoftNight, 'ms-main'),
        ]);
      });

      it('a calendarsToLoad the API cannot read: 400 naming the parameter', async () => {
        const refused: Array<[string, RegExp]> = [
          ['calendarsToLoad=primary-cal', /^calendarsToLoad must be an array, written calendarsToLoad\[0\]\[credentialId\]=…$/],
          [`calendarsToLoad[0][credentialId]=abc&calendarsToLoad[0][externalId]=x`, /^calendarsToLoad\[0\]\[credentialId\] must be an integer, got "abc"$/],
          [`calendarsToLoad[0][credentialId]=${googleCredentialId}`, /^calendarsToLoad\[0\]\[externalId\] is required$/],
          [`calendarsToLoad[1]${google().replace('[0]', '[1]')}`, /^calendarsToLoad\[0\] is missing/],
          [`calendarsToLoad[0]${google()}&calendarsToLoad[0][name]=Work`, /^calendarsToLoad\[0\]\[name\] is not a parameter of this route/],
          ['calendarsToLoad[0][__proto__]=1', /^calendarsToLoad\[0\]\[__proto__\] is not a parameter of this route/],
          [`calendarsToLoad[0][credentialId]=${googleCredentialId}&calendarsToLoad[0][externalId]=`, /^calendarsToLoad\[0\]\[externalId\] must not be empty$/],
          [`calendarsToLoad[0]${google()}&credentialId=${googleCredentialId}`, /^calendarsToLoad names the calendars: .*not both$/],
          [
            Array.from({ length: 51 }, (_, i) => `calendarsToLoad[${i}][credentialId]=${googleCredentialId}&calendarsToLoad[${i}][externalId]=c${i}`).join('&'),
            /^calendarsToLoad names at most 50 calendars, got 51$/,
          ],
        ];
        for (const [query, message] of refused) {
          const response = await calendarsCall(`/v2/calendars/busy-times?timeZone=UTC&dateFrom=${DAY}&dateTo=${DAY}&${query}`);
          expectErrorEnvelope(response, 400, 'BAD_REQUEST', message);
        }
      });

      it('(deviation, docs/compatibility.md "Calendars") another user\'s credential: 404 naming it (theirs: 401), also in the flat form', async () => {
        const theirs = expectSuccess(await stack.rest('GET', '/v2/calendars', { key: user.key })).connectedCalendars[0].credentialId;
        const listed = await calendarsCall(
          `/v2/calendars/busy-times?timeZone=UTC&${both()}&calendarsToLoad[2][credentialId]=${theirs}&calendarsToLoad[2][externalId]=primary-cal`,
        );
        expectErrorEnvelope(listed, 404, 'NOT_FOUND', new RegExp(`^calendarsToLoad\\[2\\]\\[credentialId\\]: no calendar credential ${theirs} of yours$`));
        expectErrorEnvelope(
          await calendarsCall(`/v2/calendars/busy-times?timeZone=UTC&credentialId=${theirs}`),
          404,
          'NOT_FOUND',
          /^credentialId: no calendar credential/,
        );
        const { parameters, 'x-svc-deviation': marks } = (await stack.rest('GET', '/v2/openapi.json')).body.paths['/v2/calendars/busy-times'].get;
        expect(marks).toEqual([expect.stringMatching(/is a 404 naming it \(the real service: 401/)]);
        expect(parameters.find((p: { name: string }) => p.name === 'calendarsToLoad')).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
      });
    });
  });

  describe('destination-calendars.controller.e2e-spec.ts ("Platform Destination Calendar Endpoints")', () => {
    const externalId = THEIR_CALENDAR;

    it('"POST /v2/destination-calendars: should fail 400 if calendar type is invalid" (a PUT, as theirs)', async () => {
      const body = { integration: 'not-supported-calendar', externalId };
      expect((await stack.rest('PUT', '/v2/destination-calendars', { key: calendarsUser.key, body })).status).toBe(400);
    });

    it('"…it should respond with a 200 returning back the user updated destination calendar" (skipped there; their Apple fixture is the Google calendar connected above)', async () => {
      const body = { integration: 'google_calendar', externalId: 'primary-cal' };
      const data = expectSuccess(await stack.rest('PUT', '/v2/destination-calendars', { key: calendarsUser.key, body }));
      expect(data).toMatchObject({ integration: 'google_calendar', externalId: 'primary-cal', userId: calendarsUser.id, credentialId: expect.any(Number) });
      // Their calendars spec's "/GET/v2/calendars with access token": the destination calendar is Google's.
      expect(expectSuccess(await stack.rest('GET', '/v2/calendars', { key: calendarsUser.key })).destinationCalendar.integration).toBe('google_calendar');
    });
  });

  /**
   * apps/api/v2/src/modules/selected-calendars/controllers/selected-calendars.controller.e2e-spec.ts ("Platform Selected
   * Calendars Endpoints"; the older apps/api/v2/src/modules/selected-calendars/selected-calendars.controller.e2e-spec.ts
   * has the same two cases). Their managed user's Apple credential is a fixture row with no account behind it, and any
   * address is taken as its calendar; here the calendars user's Google connection (made above) holds a calendar at their
   * address, and a calendar must be one of the connection's (test/integrations/ics-feeds.test.ts: another one is a 400
   * naming externalId). An API key where theirs has the managed user's access token, as in the describes above.
   */
  describe('selected-calendars.controller.e2e-spec.ts ("Platform Selected Calendars Endpoints")', () => {
    let selection: { integration: string; externalId: string; credentialId: number };

    beforeAll(async () => {
      const { connectedCalendars } = expectSuccess(await stack.rest('GET', '/v2/calendars', { key: calendarsUser.key }));
      const google = connectedCalendars.find((connected: { integration: { type: string } }) => connected.integration.type === 'google_calendar');
      selection = { integration: 'google_calendar', externalId: THEIR_CALENDAR, credentialId: google.credentialId };
    });

    it('"POST /v2/selected-calendars: it should respond with a 201 returning back the user added selected calendar"', async () => {
      const data = expectSuccess(await stack.rest('POST', '/v2/selected-calendars', { key: calendarsUser.key, body: selection }), 201);
      expect(data).toMatchObject({ ...selection, userId: calendarsUser.id });
    });

    it('"DELETE /v2/selected-calendars: it should respond with a 200 returning back the user deleted selected calendar" (their query, unencoded)', async () => {
      const { integration, externalId, credentialId } = selection;
      const response = await stack.rest('DELETE', `/v2/selected-calendars?credentialId=${credentialId}&integration=${integration}&externalId=${externalId}`, {
        key: calendarsUser.key,
      });
      expect(expectSuccess(response)).toMatchObject({ credentialId, externalId, integration, userId: calendarsUser.id });
    });
  });

  it('(their GoogleMeetService) a Google Calendar connection the provider refused: 400 asking to reconnect it', async () => {
    provider.accessTokenLifetime = 30; // within the service's one-minute margin: the check refreshes
    await connectGoogleCalendar(stack, revoked.key);
    provider.revoke('google');
    // The check's refresh is refused: the connection is marked invalid.
    expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/check', { key: revoked.key }), 400, 'BAD_REQUEST', /connect it again/);
    expectErrorEnvelope(
      await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key: revoked.key }),
      400,
      'BAD_REQUEST',
      /Google Meet requires a valid Google Calendar connection\. Please reconnect Google Calendar\./,
    );
  });

  it('the OpenAPI document marks the deviations on both connect routes (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    expect(paths['/v2/conferencing/{app}/connect'].post['x-svc-deviation']).toEqual([expect.stringMatching(/is a 409 CONFLICT/)]);
    expect(paths['/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/connect'].post['x-svc-deviation']).toEqual([
      expect.stringMatching(/is a 409 CONFLICT/),
      expect.stringMatching(/without a Google Calendar connection of the team/),
    ]);
  });
});
