import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const VERSION = { 'svc-api-version': '2024-06-14' };
const ORG_SLUG = 'event-type-2024-06-14-org-slug';
const CAL_VIDEO = { type: 'integration', integration: 'cal-video' };
const PHONE = { type: 'phone', phone: '+37120993151', public: true };
const SEATS = { seatsPerTimeSlot: 4, showAttendeeInfo: true, showAvailabilityCount: true };
/**
 * Their bodies' `confirmationPolicy` says `blockUnconfirmedBookingsInBooker: false`, refused here (docs/compatibility.md,
 * "Event types", row 1): the cases send `true`, and one case checks the refusal.
 */
const ALWAYS = { type: 'always', blockUnconfirmedBookingsInBooker: true };
/** Their select field, as the 2024-06-14 bodies declare it (`type`, not spec 2.6's `field`). */
const SELECT_LANGUAGE = {
  type: 'select',
  label: 'select which language you want to learn',
  slug: 'select-language',
  required: true,
  placeholder: 'select language',
  options: ['javascript', 'python', 'cobol'],
};
/** The settings of their "should create an event type" body. */
const SETTINGS = {
  bookingLimitsCount: { day: 2, week: 5 },
  onlyShowFirstAvailableSlot: true,
  // Theirs is {day: 60, week: 100}: a week of 100 minutes is refused here (row 2), as the reference document says.
  bookingLimitsDuration: { day: 60, week: 120 },
  offsetStart: 30,
  bookingWindow: { type: 'calendarDays', value: 30, rolling: true },
  bookerLayouts: { enabledLayouts: ['column', 'month', 'week'], defaultLayout: 'month' },
  confirmationPolicy: { type: 'time', noticeThreshold: { count: 60, unit: 'minutes' }, blockUnconfirmedBookingsInBooker: true },
  recurrence: { frequency: 'weekly', interval: 2, occurrences: 10 },
  requiresBookerEmailVerification: false,
  hideCalendarNotes: false,
  hideCalendarEventDetails: false,
  lockTimeZoneToggleOnBookingPage: true,
  color: { darkThemeHex: '#292929', lightThemeHex: '#fafafa' },
  customName: '{Event type title} between {Organiser} and {Scheduler}',
};

/**
 * Conformance: personal, team and organization team event types (svc-api-version 2024-06-14), replayed from the
 * real service's public e2e specs (apps/api/v2/src/ee/event-types/event-types_2024_06_14/controllers/
 * event-types.controller.e2e-spec.ts and apps/api/v2/src/modules/organizations/event-types/
 * organizations-event-types.e2e-spec.ts), cases named beside each. Their fixtures' users, schedules, teams and
 * organizations are made with our operator tool; their assertions are kept where this API follows them.
 */
describe('conformance: event types', () => {
  let stack: TestStack;
  let user: Person;
  let falseTestUser: Person;
  let orgAdmin: Person;
  let teammate1: Person;
  let teammate2: Person;
  let outsider: Person;
  let orgUser: Person;
  let orgUserEventTypes: Array<{ id: number; slug: string }>;
  let firstSchedule: { id: number };
  let secondSchedule: { id: number };
  let falseTestSchedule: { id: number };
  let org: { id: number };
  let team: { id: number };
  let falseTestTeam: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [user, falseTestUser, orgAdmin, teammate1, teammate2, outsider, orgUser] = await Promise.all(
      ['bob-the-builder', 'false-test', 'org-event-types-admin', 'teammate1', 'teammate2', 'false-org-user', 'event-types-2024-06-14-org-user'].map((label) =>
        person(stack, label),
      ),
    );
    const schedule = (ownerId: number, name: string) => operator.createSchedule({ ownerId, name, timeZone: 'Europe/Rome' });
    let falseTestOrg: { id: number };
    [firstSchedule, secondSchedule, falseTestSchedule, org, falseTestOrg] = await Promise.all([
      schedule(user.id, 'work'),
      schedule(user.id, 'chill'),
      schedule(falseTestUser.id, 'work'),
      operator.createOrganization({ name: 'Organizations event types organization', slug: ORG_SLUG }),
      operator.createOrganization({ name: 'Organizations event types false org' }),
    ]);
    [team, falseTestTeam] = await Promise.all([
      operator.createTeam({ name: 'Organizations event types team', orgId: org.id }),
      operator.createTeam({ name: 'Organizations event types false team', orgId: falseTestOrg.id }),
    ]);
    await Promise.all([
      operator.addMember({ teamId: org.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: org.id, userId: teammate1.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: org.id, userId: teammate2.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: falseTestOrg.id, userId: outsider.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: org.id, userId: orgUser.id, role: MembershipRole.MEMBER }),
    ]);
    // Their orgUser's three event types (event-types.controller.e2e-spec.ts), and (not in their fixture) a hidden fourth.
    orgUserEventTypes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        operator.createEventType({
          title: `orgUserEventType${n}`,
          slug: `org-event-type-${n}`,
          lengthInMinutes: 60,
          locations: [],
          ownerId: orgUser.id,
          hidden: n === 4,
        }),
      ),
    );
    await Promise.all([
      operator.addMember({ teamId: team.id, userId: teammate1.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: team.id, userId: teammate2.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: falseTestTeam.id, userId: outsider.id, role: MembershipRole.MEMBER }),
    ]);
  });
  afterAll(() => stack.stop());

  const post = (body: Record<string, unknown>, key = user.key) => stack.rest('POST', '/v2/event-types', { key, body, headers: VERSION });
  const patch = (id: number, body: Record<string, unknown>) => stack.rest('PATCH', `/v2/event-types/${id}`, { key: user.key, body, headers: VERSION });
  const plain = (n: number) => ({
    title: `Coding class ${n}`,
    slug: `coding-class-${n}`,
    description: "Let's learn how to code like a pro.",
    lengthInMinutes: 60,
  });

  describe('event-types.controller.e2e-spec.ts (Event types Endpoints, 2024-06-14)', () => {
    let eventType: any;

    it('"Not authenticated › /GET/:id": 401', async () => {
      expect((await stack.rest('GET', '/v2/event-types/100', { headers: VERSION })).status).toBe(401);
    });

    it('"should not allow creating an event type with schedule user does not own": 404', async () => {
      const body = { ...plain(0), locations: [CAL_VIDEO], bookingFields: [SELECT_LANGUAGE], scheduleId: falseTestSchedule.id };
      expect((await post(body)).status).toBe(404);
    });

    it('"should create an event type": 201, every setting echoed, the booking fields declared with `type`', async () => {
      const nameField = { type: 'name', label: 'Your name sir / madam', placeholder: 'john doe', disableOnPrefill: false };
      const body = {
        title: 'Coding class',
        slug: 'coding-class',
        description: "Let's learn how to code like a pro.",
        lengthInMinutes: 60,
        locations: [CAL_VIDEO],
        bookingFields: [nameField, { ...SELECT_LANGUAGE, disableOnPrefill: true }],
        scheduleId: firstSchedule.id,
        ...SETTINGS,
      };
      eventType = expectSuccess(await post(body), 201);
      expect(eventType).toMatchObject({
        id: expect.any(Number),
        title: body.title,
        description: body.description,
        lengthInMinutes: 60,
        locations: body.locations,
        ownerId: user.id,
        scheduleId: firstSchedule.id,
        ...SETTINGS,
      });
      // Theirs lists the defaults name, email, rescheduleReason first; here the sent fields come first, then the
      // other default fields (spec 4.4's replace rule), each with `isDefault`.
      expect(eventType.bookingFields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'name', slug: 'name', isDefault: true, label: nameField.label, placeholder: 'john doe', disableOnPrefill: false }),
          expect.objectContaining({ type: 'email', slug: 'email', isDefault: true, required: true }),
          expect.objectContaining({ type: 'rescheduleReason', slug: 'rescheduleReason', isDefault: true, required: false }),
          expect.objectContaining({ ...SELECT_LANGUAGE, isDefault: false, disableOnPrefill: true }),
        ]),
      );
    });

    it('"/GET/even-types by username": that user\'s one event type, as created', async () => {
      const response = await stack.rest('GET', `/v2/event-types?username=${user.username}`, { key: user.key, headers: VERSION });
      const data = expectSuccess(response);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        id: eventType.id,
        title: eventType.title,
        locations: eventType.locations,
        bookingFields: eventType.bookingFields,
        ...SETTINGS,
      });
    });

    describe('the public lookup (GET /v2/event-types?username=…)', () => {
      const lookup = (search: string, key?: string) => stack.rest('GET', `/v2/event-types?${search}`, { key, headers: VERSION });
      const ids = (response: Awaited<ReturnType<typeof lookup>>) => expectSuccess(response).map((e: { id: number }) => e.id);
      /** The list is in the order of the ids (the event types were made in parallel). */
      const byId = (events: Array<{ id: number }>) => events.map((e) => e.id).sort((a, b) => a - b);
      const shown = () => byId(orgUserEventTypes.slice(0, 3));

      it('"/GET/event-types by username and orgSlug": their three event types', async () => {
        expect(ids(await lookup(`username=${orgUser.username}&orgSlug=${ORG_SLUG}`, user.key))).toEqual(shown());
      });

      it('"/GET/event-types by username and orgSlug and eventSlug": the one', async () => {
        const search = `username=${orgUser.username}&orgSlug=${ORG_SLUG}&eventSlug=${orgUserEventTypes[0].slug}`;
        expect(ids(await lookup(search, user.key))).toEqual([orgUserEventTypes[0].id]);
      });

      it('"/GET/event-types by username and orgId": their three event types', async () => {
        expect(ids(await lookup(`username=${orgUser.username}&orgId=${org.id}`, user.key))).toEqual(shown());
      });

      it("(the reference document's description) without a credential too; a hidden event type only to its owner", async () => {
        expect(ids(await lookup(`username=${orgUser.username}`))).toEqual(shown());
        expect(ids(await lookup(`username=${orgUser.username}`, orgUser.key))).toEqual(byId(orgUserEventTypes));
        expect(ids(await lookup(`username=${orgUser.username}&eventSlug=${orgUserEventTypes[3].slug}`))).toEqual([]);
      });

      it('(not in their spec) a username outside that organization, or no such user, is a 404; orgSlug without username a 400; no username and no credential a 401', async () => {
        const outside = await lookup(`username=${user.username}&orgSlug=${ORG_SLUG}`);
        expect([outside.status, outside.body.error?.message]).toEqual([404, `No user with username "${user.username}" in organization "${ORG_SLUG}"`]);
        expect((await lookup(`username=${orgUser.username}&orgId=${org.id + 1000}`)).status).toBe(404);
        expect((await lookup('username=nobody-by-this-name')).status).toBe(404);
        const orphan = await lookup(`orgSlug=${ORG_SLUG}`, user.key);
        expect([orphan.status, orphan.body.error?.message]).toEqual([400, 'orgSlug needs username: it names the organization of that user']);
        expect((await lookup('eventSlug=coding-class')).status).toBe(401);
      });

      // docs/compatibility.md, Event types: "GET /v2/event-types?usernames=a,b".
      it("(the reference document's usernames) a dynamic group's event type: 200 there, a 400 naming usernames here, never the caller's own list", async () => {
        for (const key of [user.key, undefined]) {
          const refused = await lookup(`usernames=${orgUser.username},${user.username}`, key);
          expect(refused.status).toBe(400);
          expect(refused.body.error).toMatchObject({
            code: 'BAD_REQUEST',
            message: expect.stringMatching(/^usernames is not served by this API: .*GET \/v2\/slots\?usernames=/),
          });
        }
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        expect(paths['/v2/event-types'].get['x-svc-deviation']).toEqual([expect.stringMatching(/usernames .* is not served/)]);
      });
    });

    it('"should return an error when creating an event type with seats enabled and multiple locations": 400', async () => {
      expect((await post({ ...plain(2), locations: [CAL_VIDEO, PHONE], scheduleId: firstSchedule.id, seats: SEATS })).status).toBe(400);
    });

    it('"should return an error when trying to enable seats for an event type with multiple locations": 201, then 400', async () => {
      const created = expectSuccess(await post({ ...plain(3), locations: [CAL_VIDEO, PHONE], scheduleId: firstSchedule.id }), 201);
      expect(created).toMatchObject({ ...plain(3), locations: [CAL_VIDEO, PHONE], scheduleId: firstSchedule.id });
      expect((await patch(created.id, { seats: SEATS })).status).toBe(400);
    });

    it('"should return an error when creating an event type with seats enabled and confirmationPolicy enabled": 400', async () => {
      expect((await post({ ...plain(4), scheduleId: firstSchedule.id, confirmationPolicy: ALWAYS, seats: SEATS })).status).toBe(400);
    });

    it('"should return an error when trying to enable seats for an event type with confirmationPolicy enabled": 201, then 400', async () => {
      const created = expectSuccess(await post({ ...plain(5), confirmationPolicy: ALWAYS, scheduleId: firstSchedule.id }), 201);
      expect(created).toMatchObject({ ...plain(5), confirmationPolicy: ALWAYS, scheduleId: firstSchedule.id });
      expect((await patch(created.id, { seats: SEATS })).status).toBe(400);
    });

    it('"should return an error when trying to set multiple locations for an event type with seats enabled": 201, then 400', async () => {
      const created = expectSuccess(await post({ ...plain(6), scheduleId: firstSchedule.id, seats: SEATS }), 201);
      expect(created).toMatchObject({ ...plain(6), seats: SEATS, scheduleId: firstSchedule.id });
      expect((await patch(created.id, { locations: [CAL_VIDEO, PHONE] })).status).toBe(400);
    });

    it('"should return an error when trying to enable confirmationPolicy for an event type with seats enabled": 201, then 400', async () => {
      const created = expectSuccess(await post({ ...plain(8), seats: SEATS, scheduleId: firstSchedule.id }), 201);
      expect((await patch(created.id, { confirmationPolicy: ALWAYS })).status).toBe(400);
    });

    it('"should update event type": every changed setting echoed, the rest kept', async () => {
      const body = {
        title: 'Coding class in Italian!',
        scheduleId: secondSchedule.id,
        bookingFields: [
          { type: 'name', label: 'Your name sir / madam', placeholder: 'john doe', disableOnPrefill: true },
          { ...SELECT_LANGUAGE, disableOnPrefill: false },
        ],
        bookingLimitsCount: { day: 4, week: 10 },
        onlyShowFirstAvailableSlot: true,
        bookingLimitsDuration: { day: 105, week: 210 }, // theirs {day: 100, week: 200} (row 2)
        offsetStart: 50,
        bookingWindow: { type: 'businessDays', value: 40, rolling: false },
        bookerLayouts: SETTINGS.bookerLayouts,
        confirmationPolicy: ALWAYS,
        recurrence: { frequency: 'monthly', interval: 4, occurrences: 10 },
        requiresBookerEmailVerification: true,
        hideCalendarNotes: true,
        hideCalendarEventDetails: true,
        lockTimeZoneToggleOnBookingPage: true,
        color: SETTINGS.color,
        customName: '{Event type title} betweennnnnnnnnnn {Organiser} and {Scheduler}',
      };
      const { bookingFields, ...settings } = body;
      const updated = expectSuccess(await patch(eventType.id, body));
      expect(updated).toMatchObject({
        id: eventType.id,
        description: eventType.description,
        lengthInMinutes: 60,
        locations: eventType.locations,
        ownerId: user.id,
        ...settings,
      });
      expect(updated.bookingFields).toEqual(expect.arrayContaining(bookingFields.map((field) => expect.objectContaining(field))));
      eventType = updated;
    });

    it('"should not allow to update event type with scheduleId user does not own": 404', async () => {
      expect((await patch(eventType.id, { scheduleId: falseTestSchedule.id })).status).toBe(404);
    });

    it('"/GET/:id": the event type as updated', async () => {
      const data = expectSuccess(await stack.rest('GET', `/v2/event-types/${eventType.id}`, { key: user.key, headers: VERSION }));
      expect(data).toEqual(eventType);
    });

    it('"/GET/event-types by username and eventSlug": the event type', async () => {
      const search = `username=${user.username}&eventSlug=${eventType.slug}`;
      const data = expectSuccess(await stack.rest('GET', `/v2/event-types?${search}`, { key: user.key, headers: VERSION }));
      expect(data).toEqual([eventType]);
    });

    it('"/GET/:id not existing": 404', async () => {
      expect((await stack.rest('GET', '/v2/event-types/1000000', { key: user.key, headers: VERSION })).status).toBe(404);
    });

    it('deviations: blockUnconfirmedBookingsInBooker false (row 1) and a duration limit not a multiple of 15 (row 2) are 400s naming them', async () => {
      const unblocked = await post({ ...plain(10), confirmationPolicy: { type: 'always', blockUnconfirmedBookingsInBooker: false } });
      expect(unblocked.status).toBe(400);
      expect(unblocked.body.error.message).toMatch(/^confirmationPolicy\.blockUnconfirmedBookingsInBooker/);
      const odd = await post({ ...plain(11), bookingLimitsDuration: { day: 60, week: 100 } });
      expect(odd.status).toBe(400);
      expect(odd.body.error.message).toMatch(/^bookingLimitsDuration\.week/);
    });

    it("locations of every kind keep their values (the event type of the bookings location specs' set-up); a bad value is a 400 naming it", async () => {
      const locations = [
        { type: 'address', address: 'via 10, Rome, Italy', public: true },
        { type: 'link', link: 'https://cal.com', public: true },
        { type: 'phone', phone: '+37120993151', public: true },
        CAL_VIDEO,
        { type: 'attendeeDefined' },
      ];
      const created = expectSuccess(await post({ ...plain(13), locations }), 201);
      expect(created.locations).toEqual(locations);
      expect(expectSuccess(await stack.rest('GET', `/v2/event-types/${created.id}`, { key: user.key, headers: VERSION })).locations).toEqual(locations);
      const bad = await post({ ...plain(14), locations: [{ type: 'phone', phone: 'call me' }] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^locations\[0\]\.phone/);
    });

    it('variable length (lengthInMinutesOptions): a slotDuration or duration outside its lengths is a 400 naming it', async () => {
      // The bookings specs' variable-length event type (2024-08-13 bookings, slots 2024-09-04): 30 or 60 minutes.
      const variable = expectSuccess(await post({ ...plain(12), lengthInMinutes: 30, lengthInMinutesOptions: [30, 60] }), 201);
      expect(variable.lengthInMinutesOptions).toEqual([30, 60]);
      const reserve = await stack.rest('POST', '/v2/slots/reservations', {
        body: { eventTypeId: variable.id, slotStart: '2050-09-05T10:00:00.000Z', slotDuration: 45 },
      });
      expect(reserve.status).toBe(400);
      expect(reserve.body.error.message).toMatch(/^slotDuration/);
      const slots = await stack.rest('GET', `/v2/slots?eventTypeId=${variable.id}&start=2050-09-05&end=2050-09-06&duration=45`);
      expect(slots.status).toBe(400);
      expect(slots.body.error.message).toMatch(/^duration/);
    });

    it('"should delete event type": 200', async () => {
      expect((await stack.rest('DELETE', `/v2/event-types/${eventType.id}`, { key: user.key })).status).toBe(200);
    });
  });

  describe('organizations-event-types.e2e-spec.ts (User is Org Admin)', () => {
    const path = (teamId: number) => `/v2/organizations/${org.id}/teams/${teamId}/event-types`;
    const consultation = (slug: string) => ({ title: 'Coding consultation', slug, description: 'Our team will review your codebase.', lengthInMinutes: 60 });
    let collective: any;
    let managed: any[];

    it('"should not be able to create event-type for team outside org": 404', async () => {
      const body = { ...consultation('coding-consultation'), locations: [CAL_VIDEO, { type: 'organizersDefaultApp' }], schedulingType: 'collective' };
      const response = await stack.rest('POST', path(falseTestTeam.id), { key: orgAdmin.key, body: { ...body, hosts: [{ userId: teammate1.id }] } });
      expect(response.status).toBe(404);
    });

    it('"should not be able to create event-type for user outside org": 404 there, 400 naming hosts here (row 3)', async () => {
      // Deviation (docs/compatibility.md, "Event types", row 3).
      const body = { ...consultation('coding-consultation'), locations: [CAL_VIDEO], schedulingType: 'collective', hosts: [{ userId: outsider.id }] };
      const response = await stack.rest('POST', path(team.id), { key: orgAdmin.key, body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^hosts: /);
    });

    it('"should create a collective team event-type": the settings echoed, both hosts, the team', async () => {
      const { recurrence: _recurrence, customName: _customName, ...settings } = SETTINGS;
      const body = {
        ...consultation('organizations-event-types-collective'),
        successRedirectUrl: 'https://masterchief.com/argentina/flan/video/1234',
        locations: [CAL_VIDEO],
        bookingFields: [{ ...SELECT_LANGUAGE, label: 'select which language is your codebase in' }],
        schedulingType: 'collective',
        hosts: [{ userId: teammate1.id }, { userId: teammate2.id }],
        ...settings,
        requiresBookerEmailVerification: true,
        hideCalendarNotes: true,
        hideCalendarEventDetails: true,
        hideOrganizerEmail: true,
      };
      collective = expectSuccess(await stack.rest('POST', path(team.id), { key: orgAdmin.key, body }), 201);
      const { hosts: _hosts, bookingFields, ...rest } = body;
      expect(collective).toMatchObject({ ...rest, teamId: team.id, schedulingType: 'collective' });
      // Hosts are answered by user id (their fixtures' ids rise in the order they were sent; ours are made in parallel).
      expect(collective.hosts.map((h: any) => h.userId)).toEqual([teammate1.id, teammate2.id].sort((a, b) => a - b));
      expect(collective.bookingFields).toEqual(expect.arrayContaining([expect.objectContaining({ ...bookingFields[0], isDefault: false })]));
      expect(collective.team).toEqual(expect.objectContaining({ id: team.id, name: 'Organizations event types team' }));
    });

    it('"should create a managed team event-type": the team\'s and one per host, each host\'s a child of it', async () => {
      const body = {
        ...consultation('organizations-event-types-managed'),
        locations: [CAL_VIDEO],
        schedulingType: 'managed',
        hosts: [{ userId: teammate1.id }, { userId: teammate2.id }],
      };
      managed = expectSuccess(await stack.rest('POST', path(team.id), { key: orgAdmin.key, body }), 201);
      expect(managed).toHaveLength(3);
      const parent = managed.find((e) => e.teamId === team.id);
      expect(parent).toMatchObject({ slug: body.slug, schedulingType: 'managed' });
      for (const host of [teammate1, teammate2]) {
        expect(managed.find((e) => e.ownerId === host.id)).toMatchObject({ slug: body.slug, parentEventTypeId: parent.id });
      }
      // organizations-admin-not-team-member-event-types.e2e-spec.ts, the same case: the template's hosts are exactly
      // {userId, name, username, avatarUrl} (no round-robin role on a managed event type).
      for (const host of [teammate1, teammate2]) {
        const user = await operatorOf(stack).getUser(host.id);
        expect(parent.hosts.find((h: { userId: number }) => h.userId === host.id)).toEqual({
          userId: host.id,
          name: user.name,
          username: user.username,
          avatarUrl: user.avatarUrl,
        });
      }
    });

    it('"should get a team event-type": the collective one, with its team', async () => {
      const data = expectSuccess(await stack.rest('GET', `${path(team.id)}/${collective.id}`, { key: orgAdmin.key }));
      expect(data).toMatchObject({ id: collective.id, title: collective.title, schedulingType: 'collective', team: collective.team });
      expect(data.hosts).toHaveLength(2);
    });

    it('"should get team event-types": both, by the admin of the organization', async () => {
      const data = expectSuccess(await stack.rest('GET', path(team.id), { key: orgAdmin.key }));
      expect(data.map((e: any) => e.id).sort()).toEqual([collective.id, managed.find((e) => e.teamId === team.id).id].sort());
    });

    it('"should update collective event-type": title and hosts', async () => {
      const body = { title: 'Coding consultation collective updated', hosts: [{ userId: teammate1.id }] };
      const data = expectSuccess(await stack.rest('PATCH', `${path(team.id)}/${collective.id}`, { key: orgAdmin.key, body }));
      expect(data).toMatchObject({ title: body.title, schedulingType: 'collective' });
      expect(data.hosts.map((h: any) => h.userId)).toEqual([teammate1.id]);
    });

    it('"should delete event-type not part of the team": 404', async () => {
      const personal = expectSuccess(await post(plain(9)), 201);
      expect((await stack.rest('DELETE', `${path(team.id)}/${personal.id}`, { key: orgAdmin.key })).status).toBe(404);
    });

    it('"should delete collective event-type": 200', async () => {
      expect((await stack.rest('DELETE', `${path(team.id)}/${collective.id}`, { key: orgAdmin.key })).status).toBe(200);
    });
  });

  /**
   * apps/api/v2/src/modules/organizations/event-types/organizations-member-team-admin-event-types.e2e-spec.ts
   * ("Organizations Event Types Endpoints › User Authentication - User is Org member and team admin"), test names
   * beside each case: the caller is a plain MEMBER of the organization and an ADMIN of its team (their fixture's user
   * is a service administrator as well; here a plain user). A team of its own in the organization, with two teammates
   * of their own, so the other describes' event types stay out of their counts. What their fixtures read from the
   * database is read through the API (the teammates' event types by username and orgSlug, the team's list).
   * Not replayed: the fields newer than the reference document (emailSettings, rrHostSubsetEnabled,
   * rescheduleWithSameRoundRobinHost), left out of the bodies and the assertions.
   */
  describe('organizations-member-team-admin-event-types.e2e-spec.ts (User is Org member and team admin)', () => {
    let teamAdmin: Person;
    let mate1: Person;
    let mate2: Person;
    let adminTeam: { id: number };
    let collective: any;
    let managed: any;
    const path = (teamId: number, rest = '') => `/v2/organizations/${org.id}/teams/${teamId}/event-types${rest}`;
    const call = (method: string, rest = '', body?: unknown, teamId = adminTeam.id) => stack.rest(method, path(teamId, rest), { key: teamAdmin.key, body });
    const consultation = (slug: string) => ({ title: 'Coding consultation', slug, description: 'Our team will review your codebase.', lengthInMinutes: 60 });
    /** Their evaluateHost: userId, mandatory and priority as sent (absent when not sent). */
    const hostsAs = (hosts: Array<Record<string, unknown>>) => hosts.map((h) => ({ userId: h.userId, mandatory: h.mandatory, priority: h.priority }));
    /** A teammate's event types in the organization (their getAllUserEventTypes), through the public lookup. */
    const ownedBy = async (who: Person, eventSlug?: string) =>
      expectSuccess(
        await stack.rest('GET', `/v2/event-types?username=${who.username}&orgSlug=${ORG_SLUG}${eventSlug ? `&eventSlug=${eventSlug}` : ''}`, {
          headers: VERSION,
        }),
      );
    /**
     * What their booking-field assertions hold that spec 2.6 keeps: each field by slug, whether it is a default one,
     * required, hidden (absent: visible) and the label where it is set (their `your_name` is a translation key). The
     * shape of a field (`field`, `variant`, the labels shown) and the order are spec 2.6's (docs/compatibility.md, "The
     * reference document's quirks"; docs/decisions.md, "Booking fields on the event type routes take the reference's `type`").
     */
    const formOf = (fields: Array<Record<string, unknown>>, labelled: string[] = []) =>
      fields
        .map((f) => ({
          slug: f.slug,
          isDefault: f.isDefault,
          required: f.required,
          hidden: f.hidden ?? false,
          ...(labelled.includes(String(f.slug)) ? { label: f.label } : {}),
        }))
        .sort((a, b) => String(a.slug).localeCompare(String(b.slug)));
    /** The fields their phone-only bodies label. */
    const LABELLED = ['email', 'attendeePhoneNumber'];
    /** The default booking fields their phone-only cases answer, in their order (email hidden and optional, the phone required). */
    const PHONE_ONLY_FIELDS = [
      { isDefault: true, type: 'name', slug: 'name', label: 'your_name', required: true, disableOnPrefill: false },
      { isDefault: true, type: 'email', slug: 'email', required: false, label: 'Email', disableOnPrefill: false, hidden: true },
      { isDefault: true, type: 'radioInput', slug: 'location', required: false, hidden: false },
      { isDefault: true, type: 'phone', slug: 'attendeePhoneNumber', required: true, hidden: false, label: 'Phone number', disableOnPrefill: false },
      { isDefault: true, type: 'text', slug: 'title', required: true, disableOnPrefill: false, hidden: true },
      { isDefault: true, type: 'textarea', slug: 'notes', required: false, disableOnPrefill: false, hidden: false },
      { isDefault: true, type: 'multiemail', slug: 'guests', required: false, disableOnPrefill: false, hidden: false },
      { isDefault: true, type: 'textarea', slug: 'rescheduleReason', required: false, disableOnPrefill: false, hidden: false },
    ];
    const PHONE_ONLY_BODY = [
      { type: 'email', required: false, label: 'Email', hidden: true },
      { type: 'phone', slug: 'attendeePhoneNumber', required: true, label: 'Phone number', hidden: false },
    ];
    const SEATS_WITH_RECURRENCE = 'Seats Validation failed: Seats cannot be combined with recurring events.';
    const SEATS_5 = { seatsPerTimeSlot: 5, showAttendeeInfo: true, showAvailabilityCount: true };
    const WEEKLY_12 = { frequency: 'weekly', interval: 1, occurrences: 12 };

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [teamAdmin, mate1, mate2] = await Promise.all(
        ['org-member-team-admin', 'org-member-team-admin-teammate1', 'org-member-team-admin-teammate2'].map((label) => person(stack, label)),
      );
      adminTeam = await operator.createTeam({ name: 'Organizations member team admin event types team', orgId: org.id });
      await Promise.all([
        ...[teamAdmin, mate1, mate2].map((who) => operator.addMember({ teamId: org.id, userId: who.id, role: MembershipRole.MEMBER })),
        operator.addMember({ teamId: adminTeam.id, userId: teamAdmin.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: adminTeam.id, userId: mate1.id, role: MembershipRole.MEMBER }),
        operator.addMember({ teamId: adminTeam.id, userId: mate2.id, role: MembershipRole.MEMBER }),
      ]);
    });

    it('"should not be able to create event-type for team outside org": 403', async () => {
      const body = {
        ...consultation('coding-consultation'),
        locations: [CAL_VIDEO, { type: 'organizersDefaultApp' }],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: mate1.id, mandatory: true, priority: 'high' }],
      };
      expect((await call('POST', '', body, falseTestTeam.id)).status).toBe(403);
    });

    // Deviation (docs/compatibility.md, "Event types", row 3).
    it('"should not be able to create event-type for user outside org": 404 there, 400 naming hosts here (row 3)', async () => {
      const body = {
        ...consultation('coding-consultation'),
        locations: [CAL_VIDEO],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: outsider.id, mandatory: true, priority: 'high' }],
      };
      expectErrorEnvelope(await call('POST', '', body), 400, 'BAD_REQUEST', /^hosts: /);
    });

    it('"should create a collective team event-type": 201, the settings echoed, both hosts as sent', async () => {
      const { recurrence: _recurrence, customName: _customName, ...settings } = SETTINGS;
      const hosts = [{ userId: mate1.id }, { userId: mate2.id }].sort((a, b) => a.userId - b.userId);
      const body = {
        ...consultation('organizations-member-team-admin-collective'),
        title: 'Coding consultation collective',
        successRedirectUrl: 'https://masterchief.com/argentina/flan/video/1234',
        locations: [CAL_VIDEO],
        bookingFields: [{ ...SELECT_LANGUAGE, label: 'select which language is your codebase in' }],
        schedulingType: 'collective',
        hosts,
        ...settings,
        requiresBookerEmailVerification: true,
        hideCalendarNotes: true,
        hideCalendarEventDetails: true,
        hideOrganizerEmail: true,
      };
      collective = expectSuccess(await call('POST', '', body), 201);
      const { hosts: _hosts, bookingFields: _fields, locations: _locations, description: _d, slug: _slug, lengthInMinutes: _l, ...asserted } = body;
      expect(collective).toMatchObject({ ...asserted, schedulingType: 'collective' });
      // Hosts are answered by user id (their fixtures' ids rise in the order they were sent; ours are made in parallel).
      expect(hostsAs(collective.hosts)).toEqual(hostsAs(hosts));
    });

    it('"should create a managed team event-type": the team\'s and one per host; the team\'s hosts as users, each copy a child of it', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-managed'),
        title: 'Coding consultation managed',
        locations: [CAL_VIDEO],
        schedulingType: 'MANAGED',
        hosts: [
          { userId: mate1.id, mandatory: true, priority: 'high' },
          { userId: mate2.id, mandatory: false, priority: 'low' },
        ],
      };
      const data = expectSuccess(await call('POST', '', body), 201);
      expect(data).toHaveLength(3);
      managed = data.find((e: any) => e.teamId === adminTeam.id);
      const users = await Promise.all([mate1, mate2].map((who) => operatorOf(stack).getUser(who.id)));
      expect(managed.hosts).toEqual(
        users.map((user) => ({ userId: user.id, name: user.name, username: user.username, avatarUrl: user.avatarUrl })).sort((a, b) => a.userId - b.userId),
      );
      for (const host of [mate1, mate2]) expect(data.find((e: any) => e.ownerId === host.id)).toMatchObject({ parentEventTypeId: managed.id });
      const [owned1, owned2, teamList] = [await ownedBy(mate1), await ownedBy(mate2), expectSuccess(await call('GET'))];
      expect([owned1.map((e: any) => e.slug), owned2.map((e: any) => e.slug)]).toEqual([[body.slug], [body.slug]]);
      expect(teamList.filter((e: any) => e.schedulingType === 'managed')).toHaveLength(1);
    });

    it('"managed team event types should be returned when fetching event types of users": the teammate\'s copy', async () => {
      const data = await ownedBy(mate1);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ slug: managed.slug, ownerId: mate1.id });
      expect(data[0].id).not.toBe(managed.id);
    });

    it('"managed team event type should be returned when fetching event types of users" (with eventSlug): the teammate\'s copy', async () => {
      const data = await ownedBy(mate1, managed.slug);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ slug: managed.slug, ownerId: mate1.id });
      expect(data[0].id).not.toBe(managed.id);
    });

    // Deviation (docs/compatibility.md, "Event types": a team that is not in the organization of the path).
    it('"should not get an event-type of team outside org": 403 there, 404 here (as their list of that team answers)', async () => {
      expectErrorEnvelope(await call('GET', `/${collective.id}`, undefined, falseTestTeam.id), 404, 'NOT_FOUND');
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}'].get['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/not in the organization of the path is a 404/),
      );
    });

    it('"should not get a non existing event-type": 404', async () => {
      expect((await call('GET', '/999999')).status).toBe(404);
    });

    it('"should get a team event-type": the collective one, its two hosts as made', async () => {
      const data = expectSuccess(await call('GET', `/${collective.id}`));
      expect(data.title).toBe(collective.title);
      expect(hostsAs(data.hosts)).toEqual(hostsAs(collective.hosts));
    });

    it('"should not get event-types of team outside org": 404', async () => {
      expect((await call('GET', '', undefined, falseTestTeam.id)).status).toBe(404);
    });

    it('"should get team event-types": the collective and the managed one, two hosts each', async () => {
      const data = expectSuccess(await call('GET'));
      expect(data).toHaveLength(2);
      const listedCollective = data.find((e: any) => e.schedulingType === 'collective');
      const listedManaged = data.find((e: any) => e.schedulingType === 'managed');
      expect([listedCollective.title, listedCollective.hosts.length]).toEqual([collective.title, 2]);
      expect([listedManaged.title, listedManaged.hosts.length]).toEqual([managed.title, 2]);
      expect(hostsAs(listedCollective.hosts)).toEqual(hostsAs(collective.hosts));
    });

    it('"should not be able to update event-type for incorrect team": 403', async () => {
      expect((await call('PATCH', `/${collective.id}`, { title: 'Clean code consultation' }, falseTestTeam.id)).status).toBe(403);
    });

    // Deviation (docs/compatibility.md, "Event types": updating an event type the team does not have).
    it('"should not be able to update non existing event-type": 400 there, 404 here', async () => {
      expectErrorEnvelope(await call('PATCH', '/999999', { title: 'Clean code consultation' }), 404, 'NOT_FOUND');
    });

    it('"should update collective event-type": the one new host and the new successRedirectUrl, the title kept', async () => {
      const hosts = [{ userId: mate1.id }];
      const data = expectSuccess(await call('PATCH', `/${collective.id}`, { hosts, successRedirectUrl: 'https://new-url-success.com' }));
      expect(data).toMatchObject({ successRedirectUrl: 'https://new-url-success.com', title: collective.title });
      expect(hostsAs(data.hosts)).toEqual(hostsAs(hosts));
    });

    it("\"should update managed event-type\": the team's and the one host's copy, retitled; the other host's removed", async () => {
      const title = 'Coding consultation managed updated';
      const body = { title, hosts: [{ userId: mate1.id, mandatory: true, priority: 'medium' }], successRedirectUrl: 'https://new-url-success-managed.com' };
      const data = expectSuccess(await call('PATCH', `/${managed.id}`, body));
      expect(data).toHaveLength(2);
      expect(data.find((e: any) => e.schedulingType === 'managed')).toMatchObject({ title, assignAllTeamMembers: false });
      expect(data.find((e: any) => e.ownerId === mate1.id)).toMatchObject({ title });
      // Their data[0] is the team's event type.
      expect(data[0]).toMatchObject({ id: managed.id, successRedirectUrl: 'https://new-url-success-managed.com' });
      const [owned1, owned2] = [await ownedBy(mate1), await ownedBy(mate2)];
      expect(owned1.map((e: any) => e.title)).toEqual([title]);
      expect(owned2).toEqual([]);
    });

    it('"should be able to create phone-only event type": 201, their booking fields', async () => {
      const body = {
        ...consultation('phone-coding-consultation'),
        title: 'Phone coding consultation',
        locations: [CAL_VIDEO, { type: 'organizersDefaultApp' }],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: mate1.id, mandatory: true, priority: 'high' }],
        bookingFields: PHONE_ONLY_BODY,
      };
      const created = expectSuccess(await call('POST', '', body), 201);
      expect(formOf(created.bookingFields, LABELLED)).toEqual(formOf(PHONE_ONLY_FIELDS, LABELLED));
      // Out of the way of the team's list below (their spec counts nothing after this).
      expect((await call('DELETE', `/${created.id}`)).status).toBe(200);
    });

    it('"should be able to configure phone-only event type": 200, their booking fields', async () => {
      const data = expectSuccess(await call('PATCH', `/${collective.id}`, { bookingFields: PHONE_ONLY_BODY }));
      expect(formOf(data.bookingFields, LABELLED)).toEqual(formOf(PHONE_ONLY_FIELDS, LABELLED));
    });

    it("\"should assign all members to managed event-type\": 4 (the team's, the two teammates' and the team admin's)", async () => {
      const data = expectSuccess(await call('PATCH', `/${managed.id}`, { assignAllTeamMembers: true }));
      expect(data).toHaveLength(4);
      const parent = data.find((e: any) => e.schedulingType === 'managed');
      expect(parent).toMatchObject({ teamId: adminTeam.id, assignAllTeamMembers: true });
      for (const host of [mate1, mate2]) expect(data.find((e: any) => e.ownerId === host.id)).toMatchObject({ parentEventTypeId: parent.id });
      const [owned1, owned2] = [await ownedBy(mate1), await ownedBy(mate2)];
      expect([owned1.length, owned2.length]).toEqual([1, 1]);
    });

    it('"should not delete event-type of team outside org": 403', async () => {
      expect((await call('DELETE', `/${collective.id}`, undefined, falseTestTeam.id)).status).toBe(403);
    });

    it('"should delete event-type not part of the team": 404', async () => {
      expect((await call('DELETE', '/99999')).status).toBe(404);
    });

    it('"should delete collective event-type" and "should delete managed event-type": 200 each', async () => {
      expect((await call('DELETE', `/${collective.id}`)).status).toBe(200);
      expect((await call('DELETE', `/${managed.id}`)).status).toBe(200);
    });

    it('"should return event type with default bookingFields if they are not defined": the default form, in their order', async () => {
      const made = await operatorOf(stack).createEventType({
        title: 'unknown field event type two',
        slug: 'organizations-member-team-admin-unknown',
        description: 'unknown field event type description two',
        lengthInMinutes: 40,
        hidden: false,
        locations: [],
        schedulingType: 'roundRobin',
        teamId: adminTeam.id,
      });
      expect(formOf(expectSuccess(await call('GET', `/${made.id}`)).bookingFields)).toEqual(
        formOf([
          { isDefault: true, required: true, slug: 'name', type: 'name', disableOnPrefill: false },
          { isDefault: true, required: true, slug: 'email', type: 'email', disableOnPrefill: false, hidden: false },
          { disableOnPrefill: false, isDefault: true, type: 'phone', slug: 'attendeePhoneNumber', required: false, hidden: true },
          { isDefault: true, type: 'radioInput', slug: 'location', required: false, hidden: false },
          { isDefault: true, required: true, slug: 'title', type: 'text', disableOnPrefill: false, hidden: true },
          { isDefault: true, required: false, slug: 'notes', type: 'textarea', disableOnPrefill: false, hidden: false },
          { isDefault: true, required: false, slug: 'guests', type: 'multiemail', disableOnPrefill: false, hidden: false },
          { isDefault: true, required: false, slug: 'rescheduleReason', type: 'textarea', disableOnPrefill: false, hidden: false },
        ]),
      );
    });

    it('"should create a round robin team event-type": 201, the settings echoed, both hosts with their roles', async () => {
      const { recurrence: _recurrence, customName: _customName, ...settings } = SETTINGS;
      const hosts = [
        { userId: mate1.id, mandatory: true, priority: 'high' },
        { userId: mate2.id, mandatory: false, priority: 'medium' },
      ].sort((a, b) => a.userId - b.userId);
      const body = {
        ...consultation('organizations-member-team-admin-round-robin'),
        title: 'Coding consultation round robin',
        successRedirectUrl: 'https://masterchief.com/argentina/flan/video/1234',
        locations: [CAL_VIDEO],
        bookingFields: [{ ...SELECT_LANGUAGE, label: 'select which language is your codebase in' }],
        schedulingType: 'roundRobin',
        hosts,
        ...settings,
        requiresBookerEmailVerification: true,
        hideCalendarNotes: true,
        hideCalendarEventDetails: true,
        hideOrganizerEmail: true,
      };
      const data = expectSuccess(await call('POST', '', body), 201);
      const { hosts: _hosts, bookingFields: _fields, locations: _locations, description: _d, slug: _slug, lengthInMinutes: _l, ...asserted } = body;
      expect(data).toMatchObject({ ...asserted, schedulingType: 'roundRobin' });
      expect(hostsAs(data.hosts)).toEqual(hostsAs(hosts));
    });

    it('"should create a managed team event-type without hosts": 201, the team\'s alone, no hosts, no copies', async () => {
      const body = {
        ...consultation('coding-consultation-managed-without-hosts'),
        title: 'Coding consultation managed without hosts',
        locations: [CAL_VIDEO],
        schedulingType: 'MANAGED',
      };
      const data = expectSuccess(await call('POST', '', body), 201);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ teamId: adminTeam.id, slug: body.slug, hosts: [] });
      const [owned1, owned2] = [await ownedBy(mate1), await ownedBy(mate2)];
      expect([...owned1, ...owned2].some((e: any) => e.slug === body.slug)).toBe(false);
      expect(expectSuccess(await call('GET')).filter((e: any) => e.schedulingType === 'managed' && e.slug === body.slug)).toHaveLength(1);
    });

    // Deviation (docs/compatibility.md, "Event types": seats on a collective event type): their seated bodies are
    // COLLECTIVE; here seats are taken on round-robin event types, so the seated cases below send ROUND_ROBIN.
    it('(their seated bodies) seats on a COLLECTIVE team event type: 400 naming seats here (201 there)', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-seats-collective'),
        locations: [CAL_VIDEO],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: mate1.id }],
        seats: SEATS_5,
      };
      expectErrorEnvelope(await call('POST', '', body), 400, 'BAD_REQUEST', /^seats cannot be combined with schedulingType collective/);
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/organizations/{orgId}/teams/{teamId}/event-types'].post['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/seats on a collective event type/),
      );
    });

    it('"should preserve seatsPerTimeSlot when doing partial update": the seats kept after bookingRequiresAuthentication changes', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-seats'),
        title: 'Coding consultation with seats',
        locations: [CAL_VIDEO],
        schedulingType: 'ROUND_ROBIN',
        hosts: [{ userId: mate1.id }],
        seats: SEATS_5,
      };
      const created = expectSuccess(await call('POST', '', body), 201);
      expect(created.seats).toEqual(SEATS_5);
      const updated = expectSuccess(await call('PATCH', `/${created.id}`, { bookingRequiresAuthentication: false }));
      expect(updated.seats).toEqual(SEATS_5);
      expect(updated.bookingRequiresAuthentication).toBe(false);
    });

    // Deviation (docs/compatibility.md, "Event types": seats with recurrence): their sentence, after the field at fault.
    it('"should return an error when creating a team event type with seats and recurrence": 400, their sentence', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-seats-recurrence'),
        title: 'Coding consultation seats-recurrence',
        locations: [CAL_VIDEO],
        schedulingType: 'ROUND_ROBIN',
        hosts: [{ userId: mate1.id }],
        seats: SEATS_5,
        recurrence: WEEKLY_12,
      };
      expectErrorEnvelope(await call('POST', '', body), 400, 'BAD_REQUEST', `recurrence: ${SEATS_WITH_RECURRENCE}`);
    });

    it('"should return an error when trying to enable recurrence for a team event type with seats": 400, their sentence', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-seats-then-recurrence'),
        title: 'Coding consultation seats-then-recurrence',
        locations: [CAL_VIDEO],
        schedulingType: 'ROUND_ROBIN',
        hosts: [{ userId: mate1.id }],
        seats: SEATS_5,
      };
      const created = expectSuccess(await call('POST', '', body), 201);
      expectErrorEnvelope(await call('PATCH', `/${created.id}`, { recurrence: WEEKLY_12 }), 400, 'BAD_REQUEST', `recurrence: ${SEATS_WITH_RECURRENCE}`);
      expect(expectSuccess(await call('GET', `/${created.id}`)).recurrence).toBeNull();
    });

    it('"should return an error when trying to enable seats for a team event type with recurrence": 400, their sentence', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-recurrence-then-seats'),
        title: 'Coding consultation recurrence-then-seats',
        locations: [CAL_VIDEO],
        schedulingType: 'ROUND_ROBIN',
        hosts: [{ userId: mate1.id }],
        recurrence: WEEKLY_12,
      };
      const created = expectSuccess(await call('POST', '', body), 201);
      expectErrorEnvelope(await call('PATCH', `/${created.id}`, { seats: SEATS_5 }), 400, 'BAD_REQUEST', `seats: ${SEATS_WITH_RECURRENCE}`);
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      for (const [route, method] of [
        ['/v2/organizations/{orgId}/teams/{teamId}/event-types', 'post'],
        ['/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}', 'patch'],
      ]) {
        expect(paths[route][method]['x-svc-deviation']).toContainEqual(expect.stringMatching(/seats with recurrence/));
      }
    });

    it('"should preserve metadata fields when doing partial update": lengthInMinutesOptions, bookerLayouts and confirmationPolicy kept', async () => {
      const body = {
        ...consultation('organizations-member-team-admin-metadata'),
        title: 'Coding consultation with metadata',
        lengthInMinutes: 30,
        lengthInMinutesOptions: [15, 30, 60],
        locations: [CAL_VIDEO],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: mate1.id }],
        bookerLayouts: SETTINGS.bookerLayouts,
        confirmationPolicy: SETTINGS.confirmationPolicy,
      };
      const kept = { lengthInMinutesOptions: [15, 30, 60], bookerLayouts: body.bookerLayouts, confirmationPolicy: body.confirmationPolicy };
      expect(expectSuccess(await call('POST', '', body), 201)).toMatchObject(kept);
      const created = expectSuccess(await call('GET', '')).find((e: any) => e.slug === body.slug);
      const updated = expectSuccess(await call('PATCH', `/${created.id}`, { bookingRequiresAuthentication: false }));
      expect(updated).toMatchObject({ ...kept, bookingRequiresAuthentication: false });
    });
  });

  /**
   * Private links, replayed from apps/api/v2/src/ee/event-types-private-links/controllers/ (the copies without a version
   * folder: the reference document declares no version header on these operations). Their user's event type and their
   * organization team's round-robin event type are made by the operator; their organization's platform client is made
   * by the organization's admin and approved by the operator. Theirs has all their permissions (1023), which their
   * organization team routes do not check; here the client acts with its scopes, and these routes take
   * TEAM_EVENT_TYPE_READ / TEAM_EVENT_TYPE_WRITE (spec 4.6, 5.3), so the replayed client asks for those, and a client
   * with ["*"] (the user scopes) is refused: docs/compatibility.md, "Private links", row 1.
   * Not replayed: "Platform Org Restrictions" (organizations here have no platform flag).
   */
  describe('private links', () => {
    let personal: { id: number };
    let teamEventType: { id: number; slug: string };
    let client: { id: string; secret: string };
    let userScopesClient: { id: string; secret: string };

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const registered = async (permissions: string[]) => {
        const body = { name: 'private-links-regular-oauth-client', redirectUris: ['http://localhost:4321'], permissions };
        const created = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: orgAdmin.key, body }), 201);
        await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
        return { id: created.clientId, secret: created.clientSecret };
      };
      [personal, teamEventType, client, userScopesClient] = await Promise.all([
        operator.createEventType({ title: 'private-links-event-type', slug: 'private-links-event-type', lengthInMinutes: 30, ownerId: user.id }),
        operator.createEventType({
          title: 'private-links-regular-team-event-type',
          slug: 'private-links-regular-team-event-type',
          lengthInMinutes: 30,
          teamId: team.id,
          hostIds: [teammate1.id],
          schedulingType: 'ROUND_ROBIN',
        }),
        registered(['TEAM_EVENT_TYPE_READ', 'TEAM_EVENT_TYPE_WRITE']),
        registered(['*']),
      ]);
    });

    describe('event-types-private-links.controller.e2e-spec.ts (Event Types Private Links Endpoints)', () => {
      const path = (rest = '') => `/v2/event-types/${personal.id}/private-links${rest}`;
      const call = (method: string, rest = '', body?: unknown) => stack.rest(method, path(rest), { key: user.key, body, headers: VERSION });

      it('"POST /v2/event-types/:eventTypeId/private-links - create private link": 201, its id, cap and usage count', async () => {
        const link = expectSuccess(await call('POST', '', { maxUsageCount: 5 }), 201);
        expect(link).toMatchObject({ linkId: expect.any(String), maxUsageCount: 5, usageCount: expect.any(Number) });
      });

      it('"GET /v2/event-types/:eventTypeId/private-links - list private links": an array, not empty', async () => {
        const links = expectSuccess(await call('GET'));
        expect(Array.isArray(links)).toBe(true);
        expect(links.length).toBeGreaterThanOrEqual(1);
      });

      it('"PATCH /v2/event-types/:eventTypeId/private-links/:linkId - update private link": the new cap', async () => {
        const { linkId } = expectSuccess(await call('POST', '', { maxUsageCount: 3 }), 201);
        expect(expectSuccess(await call('PATCH', `/${linkId}`, { maxUsageCount: 10 })).maxUsageCount).toBe(10);
      });

      it('"DELETE /v2/event-types/:eventTypeId/private-links/:linkId - delete private link": the deleted link', async () => {
        const { linkId } = expectSuccess(await call('POST', '', { maxUsageCount: 2 }), 201);
        expect(expectSuccess(await call('DELETE', `/${linkId}`)).linkId).toBe(linkId);
      });
    });

    describe('organizations-event-types-private-links.controller.e2e-spec.ts (Regular Org Can Create Private Links)', () => {
      const path = (rest = '') => `/v2/organizations/${org.id}/teams/${team.id}/event-types/${teamEventType.id}/private-links${rest}`;
      const asClient = (method: string, rest = '', body?: unknown, c = client) =>
        stack.rest(method, path(rest), { body, headers: { 'x-svc-client-id': c.id, 'x-svc-secret-key': c.secret } });
      /** Their bookingUrl: a private link's booking page, `/d/<linkId>/<event type slug>`. */
      const bookingUrlOf = (linkId: string) => expect.stringContaining(`/d/${linkId}/${teamEventType.slug}`);
      let created: any;

      it('"POST … - regular org should be able to create private links": 201, the cap and the booking URL', async () => {
        created = expectSuccess(await asClient('POST', '', { maxUsageCount: 5 }), 201);
        expect(created).toMatchObject({ linkId: expect.any(String), maxUsageCount: 5 });
        expect(created.bookingUrl).toEqual(bookingUrlOf(created.linkId));
      });

      it('"GET … - regular org should be able to list private links": the link, with its booking URL', async () => {
        const links = expectSuccess(await asClient('GET'));
        expect(links.length).toBeGreaterThanOrEqual(1);
        expect(links.find((l: { linkId: string }) => l.linkId === created.linkId)).toMatchObject({ bookingUrl: bookingUrlOf(created.linkId) });
      });

      it('"PATCH … - regular org should be able to update private links": the new cap, the booking URL', async () => {
        const updated = expectSuccess(await asClient('PATCH', `/${created.linkId}`, { maxUsageCount: 10 }));
        expect(updated).toMatchObject({ maxUsageCount: 10, bookingUrl: bookingUrlOf(created.linkId) });
      });

      it('"DELETE … - regular org should be able to delete private links": the deleted link', async () => {
        expect(expectSuccess(await asClient('DELETE', `/${created.linkId}`)).linkId).toBe(created.linkId);
      });

      // Deviation (docs/compatibility.md, "Private links", row 1).
      it('their client with every permission: 201 and 200 there; here a client made with ["*"] (the user scopes) is a 403 naming the team scope', async () => {
        expectErrorEnvelope(await asClient('POST', '', { maxUsageCount: 5 }, userScopesClient), 403, 'FORBIDDEN', /TEAM_EVENT_TYPE_WRITE/);
        expectErrorEnvelope(await asClient('GET', '', undefined, userScopesClient), 403, 'FORBIDDEN', /TEAM_EVENT_TYPE_READ/);
        expect(expectSuccess(await asClient('GET'))).toEqual([]);
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        const base = '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links';
        for (const operation of [paths[base].get, paths[base].post, paths[`${base}/{linkId}`].patch, paths[`${base}/{linkId}`].delete]) {
          expect(operation['x-svc-deviation']).toEqual([expect.stringMatching(/TEAM_EVENT_TYPE_WRITE/)]);
        }
        expect(paths['/v2/event-types/{eventTypeId}/private-links'].post['x-svc-deviation']).toBeUndefined();
      });
    });
  });

  /**
   * A team that is in no organization, replayed from apps/api/v2/src/modules/teams/event-types/controllers/
   * teams-event-types.controller.e2e-spec.ts ("Organizations Event Types Endpoints › User Authentication - User is Org
   * Admin"). Their fixture's admin of the team, two members and a user of another team are made here, with teams of
   * their own. Their counts of each member's event types (read from their database) are read here through the
   * public lookup, GET /v2/event-types?username=….
   */
  /**
   * apps/api/v2/src/modules/organizations/event-types/assign-all-team-members.e2e-spec.ts ("Assign all team members"):
   * an organization team of two members, its event types written on the organization path. Their caller is a platform
   * OAuth client and their members are its managed users; ours is an organization admin with an API key, and the
   * members are made with the operator tool (the team has no other member, as theirs).
   */
  describe('assign-all-team-members.e2e-spec.ts (Assign all team members)', () => {
    let allTeam: { id: number };
    const path = (rest = '') => `/v2/organizations/${org.id}/teams/${allTeam.id}/event-types${rest}`;
    const write = (method: string, body: Record<string, unknown>, rest = '') => stack.rest(method, path(rest), { key: orgAdmin.key, body, headers: VERSION });
    /** Their evaluateHost: userId, mandatory and priority (absent where not expected). */
    const hostOf = (data: { hosts: Array<Record<string, unknown>> }, who: Person) => {
      const host = data.hosts.find((h) => h.userId === who.id);
      return { userId: host?.userId, mandatory: host?.mandatory, priority: host?.priority };
    };
    /** Both members host it, each with this role (their evaluateHost on each). */
    const expectBothHosts = (data: any, schedulingType: string, role: { mandatory?: boolean; priority?: string }) => {
      expect(data.hosts).toHaveLength(2);
      expect(data.schedulingType).toBe(schedulingType);
      for (const who of [teammate1, teammate2]) expect(hostOf(data, who)).toEqual({ userId: who.id, mandatory: role.mandatory, priority: role.priority });
    };
    let roundRobin: any;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      allTeam = await operator.createTeam({ name: 'Assign all team members team', orgId: org.id });
      await Promise.all([teammate1, teammate2].map((who) => operator.addMember({ teamId: allTeam.id, userId: who.id, role: MembershipRole.MEMBER })));
    });

    it('"should be able to setup team event type if no hosts nor assignAllTeamMembers provided": 201, no hosts', async () => {
      const data = expectSuccess(
        await write('POST', { title: 'Coding consultation round robin', slug: 'assign-all-none', lengthInMinutes: 60, schedulingType: 'collective' }),
        201,
      );
      expect(data).toMatchObject({ title: 'Coding consultation round robin', hosts: [], schedulingType: 'collective' });
    });

    it('"should setup collective event type assignAllTeamMembers true": both members, without mandatory or priority', async () => {
      const body = {
        title: 'Coding consultation collective',
        slug: 'assign-all-collective',
        lengthInMinutes: 60,
        schedulingType: 'collective',
        assignAllTeamMembers: true,
      };
      expectBothHosts(expectSuccess(await write('POST', body), 201), 'collective', {});
    });

    it('"should setup round robin event type assignAllTeamMembers true": both members, mandatory false, priority medium', async () => {
      const body = {
        title: 'Coding consultation round robin',
        slug: 'assign-all-round-robin',
        lengthInMinutes: 60,
        schedulingType: 'roundRobin',
        assignAllTeamMembers: true,
      };
      roundRobin = expectSuccess(await write('POST', body), 201);
      expectBothHosts(roundRobin, 'roundRobin', { mandatory: false, priority: 'medium' });
    });

    it('"should update round robin event type": the new title, the same two hosts and roles', async () => {
      const data = expectSuccess(await write('PATCH', { title: 'Coding consultation round robin updated' }, `/${roundRobin.id}`));
      expect(data.title).toBe('Coding consultation round robin updated');
      expectBothHosts(data, 'roundRobin', { mandatory: false, priority: 'medium' });
    });

    it('"should setup managed event type assignAllTeamMembers true": the team\'s and one copy per member', async () => {
      const body = {
        title: 'Coding consultation managed',
        slug: 'assign-all-managed',
        lengthInMinutes: 60,
        schedulingType: 'managed',
        assignAllTeamMembers: true,
      };
      const data = expectSuccess(await write('POST', body), 201);
      expect(data).toHaveLength(3);
      const template = data.find((e: any) => e.schedulingType === 'managed');
      expect(template).toMatchObject({ teamId: allTeam.id, assignAllTeamMembers: true });
      for (const who of [teammate1, teammate2]) expect(data.find((e: any) => e.ownerId === who.id)).toMatchObject({ parentEventTypeId: template.id });
    });
  });

  describe('teams-event-types.controller.e2e-spec.ts (a team outside any organization)', () => {
    const consultation = (slug: string) => ({ title: 'Coding consultation', slug, description: 'Our team will review your codebase.', lengthInMinutes: 60 });
    let admin: Person;
    let member1: Person;
    let member2: Person;
    let stranger: Person;
    let plainTeam: { id: number };
    let collective: any;
    let managed: any;
    const path = (rest = '') => `/v2/teams/${plainTeam.id}/event-types${rest}`;
    const call = (method: string, rest = '', body?: unknown) => stack.rest(method, path(rest), { key: admin.key, body, headers: VERSION });
    /** A member's own event types (their `getAllUserEventTypes`). */
    const ownedBy = async (who: Person) =>
      expectSuccess(await stack.rest('GET', `/v2/event-types?username=${who.username}`, { key: admin.key, headers: VERSION }));
    /** Their evaluateHost: userId, mandatory and priority as sent (absent when not sent). */
    const hostsAs = (hosts: Array<Record<string, unknown>>) => hosts.map((h) => ({ userId: h.userId, mandatory: h.mandatory, priority: h.priority }));
    const hostsOf = (event: { hosts: Array<Record<string, unknown>> }) => hostsAs(event.hosts);

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [admin, member1, member2, stranger] = await Promise.all(
        ['teams-event-types-user', 'teams-event-types-teammate1', 'teams-event-types-teammate2', 'teams-event-types-false-user'].map((label) =>
          person(stack, label),
        ),
      );
      let falseTeam: { id: number };
      [plainTeam, falseTeam] = await Promise.all([
        operator.createTeam({ name: 'teams-event-types-team' }),
        operator.createTeam({ name: 'teams-event-types-false-team' }),
      ]);
      await Promise.all([
        operator.addMember({ teamId: plainTeam.id, userId: admin.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: plainTeam.id, userId: member1.id, role: MembershipRole.MEMBER }),
        operator.addMember({ teamId: plainTeam.id, userId: member2.id, role: MembershipRole.MEMBER }),
        operator.addMember({ teamId: falseTeam.id, userId: stranger.id, role: MembershipRole.MEMBER }),
      ]);
    });

    it('"should not be able to create event-type for user outside team": 404 there, 400 naming hosts here (row 3)', async () => {
      const body = {
        ...consultation('coding-consultation'),
        locations: [CAL_VIDEO],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: stranger.id, mandatory: true, priority: 'high' }],
      };
      expectErrorEnvelope(await call('POST', '', body), 400, 'BAD_REQUEST', /^hosts: /);
    });

    // Deviation (docs/compatibility.md, "Event types": a phone-only event type).
    it('"should not be able to create phone-only event type": 400 there; 201 here, email hidden and optional, the phone required', async () => {
      const bookingFields = [
        { type: 'email', required: false, label: 'Email', hidden: true },
        { type: 'phone', slug: 'attendeePhoneNumber', required: true, label: 'Phone number', hidden: false },
      ];
      const body = {
        ...consultation('phone-coding-consultation'),
        title: 'Phone coding consultation',
        locations: [CAL_VIDEO, { type: 'organizersDefaultApp' }],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: member1.id }, { userId: member2.id }],
        bookingFields,
      };
      const created = expectSuccess(await call('POST', '', body), 201);
      expect(created.bookingFields).toEqual(expect.arrayContaining(bookingFields.map((field) => expect.objectContaining(field))));
      // Out of the way of their count of the team's event types below.
      expect((await call('DELETE', `/${created.id}`)).status).toBe(200);
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/teams/{teamId}/event-types'].post['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/attendeePhoneNumber is visible and required/),
      );
    });

    it('"should not allow creating an event type with integration not installed on team": 400', async () => {
      const body = {
        ...consultation('coding-consultation'),
        locations: [{ type: 'integration', integration: 'zoom' }],
        schedulingType: 'COLLECTIVE',
        hosts: [{ userId: member1.id }, { userId: member2.id }],
      };
      expectErrorEnvelope(await call('POST', '', body), 400, 'BAD_REQUEST', /^locations\[0\]\.integration: zoom is not connected to team/);
      expect(expectSuccess(await call('GET'))).toEqual([]);
    });

    it('"should create a collective team event-type": 201, the settings echoed, both hosts as sent', async () => {
      const { recurrence: _recurrence, customName: _customName, ...settings } = SETTINGS;
      const hosts = [{ userId: member1.id }, { userId: member2.id }].sort((a, b) => a.userId - b.userId);
      const body = {
        ...consultation('teams-event-types-collective'),
        title: 'teams-event-types-collective',
        locations: [CAL_VIDEO],
        bookingFields: [{ ...SELECT_LANGUAGE, label: 'select which language is your codebase in' }],
        schedulingType: 'collective',
        hosts,
        ...settings,
        requiresBookerEmailVerification: true,
        hideCalendarNotes: true,
        hideCalendarEventDetails: true,
      };
      collective = expectSuccess(await call('POST', '', body), 201);
      const {
        hosts: _hosts,
        bookingFields: _fields,
        locations: _locations,
        description: _description,
        slug: _slug,
        lengthInMinutes: _length,
        ...asserted
      } = body;
      expect(collective).toMatchObject({ ...asserted, schedulingType: 'collective' });
      // Hosts are answered by user id (their fixtures' ids rise in the order they were sent; ours are made in parallel).
      expect(hostsOf(collective)).toEqual(hostsAs(hosts));
    });

    it('"should create a managed team event-type": 201, the team\'s and one per host, each a child of it', async () => {
      const body = {
        ...consultation('teams-event-types-managed'),
        title: 'teams-event-types-managed',
        locations: [CAL_VIDEO],
        schedulingType: 'MANAGED',
        hosts: [
          { userId: member1.id, mandatory: true, priority: 'high' },
          { userId: member2.id, mandatory: false, priority: 'low' },
        ],
      };
      const data = expectSuccess(await call('POST', '', body), 201);
      expect(data).toHaveLength(3);
      managed = data.find((e: any) => e.teamId === plainTeam.id);
      expect(managed).toMatchObject({ schedulingType: 'managed' });
      for (const host of [member1, member2]) {
        expect(data.find((e: any) => e.ownerId === host.id)).toMatchObject({ parentEventTypeId: managed.id });
      }
      const [owned1, owned2] = await Promise.all([ownedBy(member1), ownedBy(member2)]);
      expect(owned1.map((e: any) => e.title)).toEqual([body.title]);
      expect(owned2).toHaveLength(1);
    });

    it('"should not get a non existing event-type": 404', async () => {
      expect((await call('GET', '/999999')).status).toBe(404);
    });

    it('"should get a team event-type": the collective one, its hosts as made', async () => {
      const data = expectSuccess(await call('GET', `/${collective.id}`));
      expect(data.title).toBe(collective.title);
      expect(hostsOf(data)).toEqual(hostsOf(collective));
    });

    it('"should get team event-types": the collective and the managed one, two hosts each', async () => {
      const data = expectSuccess(await call('GET'));
      expect(data).toHaveLength(2);
      const listedCollective = data.find((e: any) => e.schedulingType === 'collective');
      const listedManaged = data.find((e: any) => e.schedulingType === 'managed');
      expect(listedCollective.title).toBe(collective.title);
      expect(listedCollective.hosts).toHaveLength(2);
      expect(listedManaged.title).toBe(managed.title);
      expect(listedManaged.hosts).toHaveLength(2);
      expect(hostsOf(listedCollective)).toEqual(hostsOf(collective));
    });

    // Deviation (docs/compatibility.md, "Event types": updating an event type the team does not have).
    it('"should not be able to update non existing event-type": 400 there, 404 here (as GET and DELETE of it)', async () => {
      expectErrorEnvelope(await call('PATCH', '/999999', { title: 'Clean code consultation' }), 404, 'NOT_FOUND');
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/teams/{teamId}/event-types/{eventTypeId}'].patch['x-svc-deviation']).toContainEqual(expect.stringMatching(/does not have is a 404/));
    });

    it('"should not allow to update event type with integration not installed on team": 400, the locations kept', async () => {
      const body = { locations: [{ type: 'integration', integration: 'office365-video' }] };
      expectErrorEnvelope(await call('PATCH', `/${collective.id}`, body), 400, 'BAD_REQUEST', /^locations\[0\]\.integration: office365-video is not connected/);
      expect(expectSuccess(await call('GET', `/${collective.id}`)).locations).toEqual(collective.locations);
    });

    it('"should update collective event-type": the one new host, the title kept', async () => {
      const hosts = [{ userId: member1.id }];
      const data = expectSuccess(await call('PATCH', `/${collective.id}`, { hosts }));
      expect(data.title).toBe(collective.title);
      expect(hostsOf(data)).toEqual(hostsAs(hosts));
    });

    it("\"should update managed event-type\": the team's and the one host's copy, retitled; the other host's removed", async () => {
      const title = 'teams-event-types-managed-updated';
      const body = { title, hosts: [{ userId: member1.id, mandatory: true, priority: 'medium' }] };
      const data = expectSuccess(await call('PATCH', `/${managed.id}`, body));
      expect(data).toHaveLength(2);
      expect(data.find((e: any) => e.schedulingType === 'managed')).toMatchObject({ title, assignAllTeamMembers: false });
      expect(data.find((e: any) => e.ownerId === member1.id)).toMatchObject({ title });
      const [owned1, owned2] = await Promise.all([ownedBy(member1), ownedBy(member2)]);
      expect(owned1.map((e: any) => e.title)).toEqual([title]);
      expect(owned2).toEqual([]);
    });

    it("\"should assign all members to managed event-type\": 4 (the team's, the two members' and the admin's)", async () => {
      const data = expectSuccess(await call('PATCH', `/${managed.id}`, { assignAllTeamMembers: true }));
      expect(data).toHaveLength(4);
      const parent = data.find((e: any) => e.schedulingType === 'managed');
      expect(parent).toMatchObject({ teamId: plainTeam.id, assignAllTeamMembers: true });
      for (const host of [member1, member2]) {
        expect(data.find((e: any) => e.ownerId === host.id)).toMatchObject({ parentEventTypeId: parent.id });
      }
      const [owned1, owned2] = await Promise.all([ownedBy(member1), ownedBy(member2)]);
      expect([owned1.length, owned2.length]).toEqual([1, 1]);
    });

    it('"should delete event-type not part of the team": 404', async () => {
      expect((await call('DELETE', '/99999')).status).toBe(404);
    });

    it('"should delete collective event-type" and "should delete managed event-type": 200 each', async () => {
      expect((await call('DELETE', `/${collective.id}`)).status).toBe(200);
      expect((await call('DELETE', `/${managed.id}`)).status).toBe(200);
    });
  });
});
