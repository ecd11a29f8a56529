import { EVERY_DAY, getSlots, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, userWithKey } from '../support/fixtures';
import { CalDavServer, startCalDavServer } from '../support/caldav-server';
import { icsCalendar, IcsServer, startIcsServer } from '../support/ics-server';
import { startTestStack, TestStack } from '../support/stack';

const DAY = 86_400_000;
/** A UTC date some days ahead (ICS events are cached for the coming year): `YYYY-MM-DD`. */
const daysAhead = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/**
 * Spec 4.9 / 2.10: POST /v2/calendars/ics-feed/save reads each URL (over real HTTP, from a loopback
 * server) and answers the calendar credential; the feed's events make the user's slots unavailable.
 */
describe('ICS feeds and calendars', () => {
  let stack: TestStack;
  let ics: IcsServer;
  let caldav: CalDavServer;
  const saved = { private: process.env.ALLOW_PRIVATE_TARGETS, refresh: process.env.ICS_REFRESH_INTERVAL_MS, caldav: process.env.APPLE_CALDAV_URL };
  const day = daysAhead(10);

  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_TARGETS = '1';
    process.env.ICS_REFRESH_INTERVAL_MS = '300';
    ics = await startIcsServer();
    caldav = await startCalDavServer();
    process.env.APPLE_CALDAV_URL = caldav.url;
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
    await ics.stop();
    await caldav.stop();
    if (saved.caldav === undefined) delete process.env.APPLE_CALDAV_URL;
    else process.env.APPLE_CALDAV_URL = saved.caldav;
    process.env.ALLOW_PRIVATE_TARGETS = saved.private;
    process.env.ICS_REFRESH_INTERVAL_MS = saved.refresh;
    if (saved.private === undefined) delete process.env.ALLOW_PRIVATE_TARGETS;
    if (saved.refresh === undefined) delete process.env.ICS_REFRESH_INTERVAL_MS;
  });

  describe('POST /v2/calendars/ics-feed/save', () => {
    it('answers 201 with the credential of spec 2.10 (type ics-feed_calendar, appId ics-feed)', async () => {
      const { user, key } = await userWithKey(stack);
      ics.set('/save-ok.ics', icsCalendar('Work', [{ uid: 'a', start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }]));
      const data = expectSuccess(
        await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/save-ok.ics')], readOnly: true } }),
        201,
      );
      expect(data).toEqual({ id: expect.any(Number), type: 'ics-feed_calendar', userId: user.id, teamId: null, appId: 'ics-feed', invalid: false });
      expect(ics.hits.get('/save-ok.ics')).toBeGreaterThanOrEqual(1);
      expectSuccess(await stack.rest('GET', '/v2/calendars/ics-feed/check', { key }));
    });

    it("a feed that cannot be read is a 400 with the real service's message, and nothing is saved", async () => {
      const { key } = await userWithKey(stack);
      const missing = await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/does-not-exist.ics')] } });
      expectErrorEnvelope(missing, 400, 'BAD_REQUEST', /^Could not add ICS feeds, try using private ics feed\.$/);
      ics.set('/not-ics.ics', '<html>login</html>');
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/not-ics.ics')] } }),
        400,
        'BAD_REQUEST',
        /Could not add ICS feeds/,
      );
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/ics-feed/check', { key }), 400, 'BAD_REQUEST', /Credentials for Ics Feed calendar not found/);
    });

    it('urls must be a non-empty list of http(s)/webcal URLs: a 400 naming urls', async () => {
      const { key } = await userWithKey(stack);
      for (const urls of [[], ['ftp://example.com/a.ics'], ['not a url']]) {
        expectErrorEnvelope(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls } }), 400, 'BAD_REQUEST', /urls/);
      }
      expectErrorEnvelope(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: {} }), 400, 'BAD_REQUEST', /urls/);
    });
  });

  describe('GET /v2/calendars, busy times, selected and destination calendars', () => {
    it('lists the feed as a connected calendar, answers its busy times, and validates selections against the connections', async () => {
      const { user, key } = await userWithKey(stack);
      const other = await userWithKey(stack);
      ics.set('/list.ics', icsCalendar('Holidays', [{ uid: 'h1', start: `${day}T08:00:00Z`, end: `${day}T09:30:00Z` }]));
      const credential = expectSuccess(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/list.ics')] } }), 201);

      const calendars = expectSuccess(await stack.rest('GET', '/v2/calendars', { key }));
      expect(calendars.destinationCalendar).toBeNull();
      expect(calendars.connectedCalendars).toHaveLength(1);
      const [connected] = calendars.connectedCalendars;
      expect(connected).toMatchObject({ credentialId: credential.id, integration: { slug: 'ics-feed', type: 'ics-feed_calendar', name: 'ICS Feed' } });
      expect(connected.calendars).toEqual([
        expect.objectContaining({ name: 'Holidays', integration: 'ics-feed_calendar', readOnly: true, isSelected: true, credentialId: credential.id }),
      ]);
      const externalId = connected.calendars[0].externalId;
      expect(externalId).not.toContain('127.0.0.1'); // the URL carries the feed's token: never shown

      const busy = expectSuccess(
        await stack.rest(
          'GET',
          `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=${day}&dateTo=${day}&credentialId=${credential.id}&externalId=${externalId}`,
          { key },
        ),
      );
      expect(busy).toEqual([{ start: `${day}T08:00:00.000Z`, end: `${day}T09:30:00.000Z`, source: externalId }]);
      // Somebody else's credential is not confirmed (docs/compatibility.md, "Calendars").
      expectErrorEnvelope(
        await stack.rest(
          'GET',
          `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=${day}&dateTo=${day}&credentialId=${credential.id}&externalId=${externalId}`,
          { key: other.key },
        ),
        404,
        'NOT_FOUND',
        /^credentialId: no calendar credential \d+ of yours$/,
      );
      expectErrorEnvelope(await stack.rest('GET', `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=tomorrow`, { key }), 400, 'BAD_REQUEST', /dateFrom/);

      const selection = { integration: 'ics-feed_calendar', externalId, credentialId: credential.id };
      expect(
        expectSuccess(
          await stack.rest('DELETE', `/v2/selected-calendars?integration=ics-feed_calendar&externalId=${externalId}&credentialId=${credential.id}`, { key }),
        ),
      ).toEqual({ ...selection, userId: user.id });
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/selected-calendars?integration=ics-feed_calendar&externalId=${externalId}&credentialId=${credential.id}`, { key }),
        404,
        'NOT_FOUND',
      );
      expect(expectSuccess(await stack.rest('POST', '/v2/selected-calendars', { key, body: selection }), 201)).toEqual({ ...selection, userId: user.id });
      // Another user's credential is not found; an unknown calendar of one's own is a 400 naming externalId.
      expectErrorEnvelope(await stack.rest('POST', '/v2/selected-calendars', { key: other.key, body: selection }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/selected-calendars', { key, body: { ...selection, externalId: 'nope' } }),
        400,
        'BAD_REQUEST',
        /externalId/,
      );
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/selected-calendars', { key, body: { ...selection, integration: 'zoom' } }),
        400,
        'BAD_REQUEST',
        /integration/,
      );

      // A read-only feed cannot receive bookings; saved writable, it can.
      expectErrorEnvelope(
        await stack.rest('PUT', '/v2/destination-calendars', { key, body: { integration: 'ics-feed_calendar', externalId } }),
        400,
        'BAD_REQUEST',
        /read-only/,
      );
      expectSuccess(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/list.ics')], readOnly: false } }), 201);
      expect(expectSuccess(await stack.rest('PUT', '/v2/destination-calendars', { key, body: { integration: 'ics-feed_calendar', externalId } }))).toEqual({
        ...selection,
        userId: user.id,
      });
      expect(expectSuccess(await stack.rest('GET', '/v2/calendars', { key })).destinationCalendar).toEqual({ ...selection, userId: user.id });
    });
  });

  describe("busy times from a user's feeds make slots unavailable", () => {
    it('an ICS event removes exactly the slots it overlaps; a refreshed feed gives them back', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const range = { eventTypeId: eventType.id, startTime: `${day}T00:00:00Z`, endTime: `${day}T23:59:59Z`, timeZone: 'UTC' };
      const times = async () => (expectSuccess(await getSlots(stack, range)).slots[day] ?? []).map((s: { time: string }) => s.time.slice(11, 16));
      expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);

      // 10:30–11:15 overlaps the 10:00 and 11:00 slots; a transparent (free) event blocks nothing.
      ics.set(
        '/host.ics',
        icsCalendar('Host', [
          { uid: 'busy', start: `${day}T10:30:00Z`, end: `${day}T11:15:00Z` },
          { uid: 'free', start: `${day}T12:00:00Z`, end: `${day}T13:00:00Z`, extra: ['TRANSP:TRANSPARENT'] },
        ]),
      );
      expectSuccess(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key: host.key, body: { urls: [ics.url('/host.ics')] } }), 201);
      expect(await times()).toEqual(['09:00', '12:00']);

      // The background refresher re-reads the feed (ICS_REFRESH_INTERVAL_MS is 300 ms here); slots never fetch it.
      const fetchesBefore = ics.hits.get('/host.ics') ?? 0;
      await getSlots(stack, range);
      expect(ics.hits.get('/host.ics')).toBe(fetchesBefore);
      ics.set('/host.ics', icsCalendar('Host', [{ uid: 'busy', start: `${day}T09:00:00Z`, end: `${day}T09:45:00Z` }]));
      expect(await eventually(async () => JSON.stringify(await times()) === JSON.stringify(['10:00', '11:00', '12:00']), { timeoutMs: 10_000 })).toBe(true);
    });

    it('a feed saved while the background refresher rewrites it waits for the refresh instead of deadlocking (it was a 500)', async () => {
      const { user, key } = await userWithKey(stack);
      ics.set('/race.ics', icsCalendar('Race', [{ uid: 'race', start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }]));
      expectSuccess(await stack.rest('POST', '/v2/calendars/ics-feed/save', { key, body: { urls: [ics.url('/race.ics')] } }), 201);
      const db = stack.db('integrations');
      const [{ id }] = await db.query(`SELECT id FROM calendar_credentials WHERE user_id = $1 AND app_id = 'ics-feed'`, [user.id]);

      // The refresher claims the feed and fetches it: the fetch is held while a save begins and takes the credential's row,
      // as saveIcsFeed's first statement does.
      const fetched = ics.hits.get('/race.ics') ?? 0;
      const release = ics.hold('/race.ics');
      expect(await eventually(async () => (ics.hits.get('/race.ics') ?? 0) > fetched, { timeoutMs: 10_000 })).toBe(true);
      let releaseNext: (() => void) | undefined;
      const save = db.createQueryRunner();
      await save.connect();
      try {
        await save.startTransaction();
        await save.query(`UPDATE calendar_credentials SET read_only = read_only WHERE id = $1`, [id]);
        release();
        // The next refresh will be held at its fetch: what this one recorded stays to be read.
        releaseNext = ics.hold('/race.ics');
        // The refresher's transaction now waits for the save's lock…
        const waiting = async () =>
          (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n > 0;
        expect(await eventually(waiting, { timeoutMs: 10_000 })).toBe(true);
        // …and the save goes on to replace the feed's events (its next statement): with the refresher holding them, a deadlock.
        await save.query(`DELETE FROM calendar_feed_events WHERE credential_id = $1`, [id]);
        await save.commitTransaction();
      } finally {
        await save.release();
      }
      // The refresh then completes (the next one has begun), without an error recorded, and the feed's event is cached again.
      try {
        expect(await eventually(async () => (ics.hits.get('/race.ics') ?? 0) > fetched + 1, { timeoutMs: 10_000 })).toBe(true);
        const [row] = await db.query(
          `SELECT refresh_error, (SELECT count(*)::int FROM calendar_feed_events WHERE credential_id = $1) AS events FROM calendar_credentials WHERE id = $1`,
          [id],
        );
        expect(row).toEqual({ refresh_error: null, events: 1 });
      } finally {
        releaseNext?.();
      }
    });

    it('a weekly recurring event blocks every occurrence; an unselected calendar blocks nothing', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const nextWeek = daysAhead(17);
      ics.set(
        '/weekly.ics',
        icsCalendar('Weekly', [{ uid: 'weekly', start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z`, extra: ['RRULE:FREQ=WEEKLY;COUNT=4'] }]),
      );
      const credential = expectSuccess(
        await stack.rest('POST', '/v2/calendars/ics-feed/save', { key: host.key, body: { urls: [ics.url('/weekly.ics')] } }),
        201,
      );
      const slotsOn = async (date: string) =>
        (
          expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: `${date}T00:00:00Z`, endTime: `${date}T23:59:59Z` })).slots[date] ?? []
        ).map((s: { time: string }) => s.time.slice(11, 16));
      expect(await slotsOn(day)).toEqual(['10:00']);
      expect(await slotsOn(nextWeek)).toEqual(['10:00']);

      const { connectedCalendars } = expectSuccess(await stack.rest('GET', '/v2/calendars', { key: host.key }));
      const externalId = connectedCalendars[0].calendars[0].externalId;
      expectSuccess(
        await stack.rest('DELETE', `/v2/selected-calendars?integration=ics-feed_calendar&externalId=${externalId}&credentialId=${credential.id}`, {
          key: host.key,
        }),
      );
      expect(await slotsOn(nextWeek)).toEqual(['09:00', '10:00']);
    });
  });
  describe('Apple calendars: POST /v2/calendars/{calendar}/credentials (CalDAV, app-specific password)', () => {
    const CREDENTIALS = (server: CalDavServer) => ({ username: server.account.username, password: server.account.password });

    it('checks the credentials at the CalDAV server, stores the password sealed, lists the calendars; busy times of the selected one remove the slots they overlap and are refreshed in the background', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const range = { eventTypeId: eventType.id, startTime: `${day}T00:00:00Z`, endTime: `${day}T23:59:59Z`, timeZone: 'UTC' };
      const times = async () => (expectSuccess(await getSlots(stack, range)).slots[day] ?? []).map((s: { time: string }) => s.time.slice(11, 16));
      caldav.account.calendars = [
        { slug: 'home', name: 'Home', events: [icsCalendar('Home', [{ uid: 'dentist', start: `${day}T10:30:00Z`, end: `${day}T11:15:00Z` }])] },
        { slug: 'work', name: 'Work', events: [icsCalendar('Work', [{ uid: 'standup', start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z` }])] }, // not selected: blocks nothing
        { slug: 'reminders', name: 'Reminders', components: ['VTODO'], events: [] }, // not a calendar of events
      ];

      const answer = await stack.rest('POST', '/v2/calendars/apple/credentials', { key: host.key, body: CREDENTIALS(caldav) });
      const credential = expectSuccess(answer, 201);
      expect(credential).toEqual({
        id: expect.any(Number),
        type: 'apple_calendar',
        userId: host.user.id,
        teamId: null,
        appId: 'apple-calendar',
        invalid: false,
      });
      expect(JSON.stringify(answer.body)).not.toContain(caldav.account.password);
      // Every request to the CalDAV server carried the basic credentials; discovery, then a REPORT per calendar.
      expect(caldav.requests.every((r) => r.authorized)).toBe(true);
      expect(caldav.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['PROPFIND /', 'PROPFIND /1234/principal/', 'PROPFIND /1234/calendars/', 'REPORT /1234/calendars/home/']),
      );
      expect(caldav.requests.find((r) => r.method === 'REPORT')!.body).toMatch(
        /<c:comp-filter name="VEVENT"><c:time-range start="\d{8}T\d{6}Z" end="\d{8}T\d{6}Z"\/>/,
      );
      const [row] = await stack.db('integrations').query('SELECT key_ciphertext FROM calendar_credentials WHERE id = $1', [credential.id]);
      expect(row.key_ciphertext).toMatch(/^v1\./);
      expect(row.key_ciphertext).not.toContain(caldav.account.password);

      const calendars = expectSuccess(await stack.rest('GET', '/v2/calendars', { key: host.key }));
      const apple = calendars.connectedCalendars.find((c: { credentialId: number }) => c.credentialId === credential.id);
      expect(apple.integration).toMatchObject({ slug: 'apple-calendar', type: 'apple_calendar' });
      expect(apple.calendars).toEqual([
        {
          externalId: `${caldav.url}/1234/calendars/home/`,
          integration: 'apple_calendar',
          name: 'Home',
          primary: true,
          readOnly: false,
          isSelected: true,
          credentialId: credential.id,
          delegationCredentialId: null,
        },
        {
          externalId: `${caldav.url}/1234/calendars/work/`,
          integration: 'apple_calendar',
          name: 'Work',
          primary: false,
          readOnly: false,
          isSelected: false,
          credentialId: credential.id,
          delegationCredentialId: null,
        },
      ]);
      expect(expectSuccess(await stack.rest('GET', '/v2/calendars/apple/check', { key: host.key }))).toEqual({ status: 'success' });

      // 10:30–11:15 of the selected calendar overlaps the 10:00 and 11:00 slots.
      expect(await times()).toEqual(['09:00', '12:00']);
      const busy = expectSuccess(
        await stack.rest(
          'GET',
          `/v2/calendars/busy-times?loggedInUsersTz=UTC&dateFrom=${day}&dateTo=${day}&credentialId=${credential.id}&externalId=${encodeURIComponent(`${caldav.url}/1234/calendars/home/`)}`,
          { key: host.key },
        ),
      );
      expect(busy).toEqual([{ start: `${day}T10:30:00.000Z`, end: `${day}T11:15:00.000Z`, source: `${caldav.url}/1234/calendars/home/` }]);

      // Slots never ask the CalDAV server; the background refresher does (ICS_REFRESH_INTERVAL_MS is 300 ms here).
      const reportsBefore = caldav.requests.filter((r) => r.method === 'REPORT').length;
      await getSlots(stack, range);
      caldav.account.calendars[0].events = [icsCalendar('Home', [{ uid: 'dentist', start: `${day}T12:00:00Z`, end: `${day}T12:30:00Z` }])];
      expect(await eventually(async () => JSON.stringify(await times()) === JSON.stringify(['09:00', '10:00', '11:00']), { timeoutMs: 10_000 })).toBe(true);
      expect(caldav.requests.filter((r) => r.method === 'REPORT').length).toBeGreaterThan(reportsBefore);

      // Disconnecting takes the credential and its busy times away.
      expectSuccess(await stack.rest('POST', '/v2/calendars/apple/disconnect', { key: host.key, body: { id: credential.id } }));
      expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/apple/check', { key: host.key }), 400, 'BAD_REQUEST', /apple/);
    });

    it('wrong credentials are a 400 saying so and store nothing; other calendars and a missing field are a 400 naming the parameter', async () => {
      const { user, key } = await userWithKey(stack);
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/calendars/apple/credentials', { key, body: { ...CREDENTIALS(caldav), password: 'wrong-pass-word-0000' } }),
        400,
        'BAD_REQUEST',
        /Could not add this apple calendar account: .*username or the app-specific password is wrong/,
      );
      expect(await stack.db('integrations').query('SELECT id FROM calendar_credentials WHERE user_id = $1', [user.id])).toEqual([]);
      expectErrorEnvelope(await stack.rest('POST', '/v2/calendars/google/credentials', { key, body: CREDENTIALS(caldav) }), 400, 'BAD_REQUEST', /calendar/);
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/calendars/apple/credentials', { key, body: { username: caldav.account.username } }),
        400,
        'BAD_REQUEST',
        /password/,
      );
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/calendars/apple/credentials', { key, body: { username: ' ', password: 'x' } }),
        400,
        'BAD_REQUEST',
        /username/,
      );
      expectErrorEnvelope(await stack.rest('POST', '/v2/calendars/apple/credentials', { body: CREDENTIALS(caldav) }), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/apple/check', { key }), 400, 'BAD_REQUEST', /credentials/);
    });
  });
});
