import { randomBytes } from 'node:crypto';
import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, hostWithSchedule } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { graphqlOperationOf } from '../support/integration-ops';
import { startTestStack, TestStack } from '../support/stack';

/** Spec 2.12 / 4.11 / 8 and the reference's "Orgs / Teams / Workflows": CRUD, paging, and e-mail steps really sent when due. */
describe('team workflows', () => {
  let stack: TestStack;
  let orgOwner: Awaited<ReturnType<typeof userWithKey>>;
  let teamAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;
  let org: { id: number };
  let team: { id: number };
  let otherTeam: { id: number };
  let eventTypeId: number;
  const saved = process.env.WORKFLOW_REMINDER_POLLING_SECONDS;

  const base = () => `/v2/organizations/${org.id}/teams/${team.id}/workflows`;
  const emailStep = (overrides: Record<string, unknown> = {}) => ({
    action: 'email_attendee',
    stepNumber: 1,
    recipient: 'attendee',
    template: 'reminder',
    sender: 'Acme Reminders',
    includeCalendarEvent: false,
    message: { subject: 'Reminder: {EVENT_NAME} with {ORGANIZER}', html: '<p>Hi {ATTENDEE}, see you at {MEETING_URL}.</p>' },
    ...overrides,
  });
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'One hour before',
    activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] },
    trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'hour' } },
    steps: [emailStep()],
    ...overrides,
  });

  beforeAll(async () => {
    process.env.WORKFLOW_REMINDER_POLLING_SECONDS = '0.5';
    stack = await startTestStack({ smtp: true });
    const operator = operatorOf(stack);
    [orgOwner, teamAdmin, member] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
    team = await operator.createTeam({ name: 'Sales', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    otherTeam = await operator.createTeam({ name: 'Support', orgId: org.id, ownerId: orgOwner.user.id });
    eventTypeId = (
      await operator.createEventType({
        title: 'Demo',
        slug: `demo-${randomBytes(3).toString('hex')}`,
        lengthInMinutes: 30,
        teamId: team.id,
        hostIds: [teamAdmin.user.id],
      })
    ).id;
  });
  afterAll(async () => {
    await stack.stop();
    if (saved === undefined) delete process.env.WORKFLOW_REMINDER_POLLING_SECONDS;
    else process.env.WORKFLOW_REMINDER_POLLING_SECONDS = saved;
  });

  describe('CRUD', () => {
    it('POST answers 201 with the workflow of spec 2.12; GET, PATCH (steps replaced), DELETE', async () => {
      const created = expectSuccess(await stack.rest('POST', base(), { key: teamAdmin.key, body: body() }), 201);
      expect(created).toMatchObject({
        id: expect.any(Number),
        name: 'One hour before',
        type: 'event-type',
        teamId: team.id,
        userId: teamAdmin.user.id,
        activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] },
        trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'hour' } },
        steps: [
          {
            id: expect.any(Number),
            stepNumber: 1,
            action: 'email_attendee',
            recipient: 'attendee',
            template: 'reminder',
            sender: 'Acme Reminders',
            includeCalendarEvent: false,
            message: { subject: 'Reminder: {EVENT_NAME} with {ORGANIZER}', html: '<p>Hi {ATTENDEE}, see you at {MEETING_URL}.</p>', text: null },
          },
        ],
      });
      expect(expectSuccess(await stack.rest('GET', `${base()}/${created.id}`, { key: orgOwner.key }))).toEqual(created);

      const patched = expectSuccess(
        await stack.rest('PATCH', `${base()}/${created.id}`, {
          key: teamAdmin.key,
          body: {
            name: 'Renamed',
            steps: [
              emailStep({ action: 'sms_number', recipient: 'phone_number', phone: '+14155550100', message: { subject: 'x', text: 'Reminder {EVENT_NAME}' } }),
              emailStep({ stepNumber: 2, action: 'email_host' }),
            ],
          },
        }),
      );
      expect(patched).toMatchObject({ name: 'Renamed', trigger: created.trigger });
      expect(patched.steps.map((s: any) => [s.stepNumber, s.action, s.phone])).toEqual([
        [1, 'sms_number', '+14155550100'],
        [2, 'email_host', null],
      ]);

      expect(expectSuccess(await stack.rest('DELETE', `${base()}/${created.id}`, { key: teamAdmin.key })).id).toBe(created.id);
      expectErrorEnvelope(await stack.rest('GET', `${base()}/${created.id}`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('validates triggers, offsets, steps, actions, templates and event types: a 400 naming the field', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ trigger: { type: 'whenever' } }, /trigger\.type/],
        [{ trigger: { type: 'beforeEvent' } }, /trigger\.offset/],
        [{ trigger: { type: 'afterEvent', offset: { value: 2, unit: 'week' } } }, /trigger\.offset\.unit/],
        // An offset given to a trigger that needs none is checked all the same; none is longer than a year.
        [{ trigger: { type: 'newEvent', offset: { value: -1, unit: 'hour' } } }, /trigger\.offset\.value/],
        [{ trigger: { type: 'beforeEvent', offset: { value: 367, unit: 'day' } } }, /trigger\.offset must be at most a year/],
        [{ steps: [] }, /steps/],
        [{ steps: [emailStep({ action: 'fax' })] }, /steps\[0\]\.action/],
        [{ steps: [emailStep({ template: 'poem' })] }, /steps\[0\]\.template/],
        [{ steps: [emailStep({ recipient: 'everyone' })] }, /steps\[0\]\.recipient/],
        [{ steps: [emailStep(), emailStep()] }, /steps\[1\]\.stepNumber/],
        [{ steps: [emailStep({ action: 'sms_number', phone: '555', message: { subject: 's', text: 't' } })] }, /steps\[0\]\.phone/],
        [{ steps: [emailStep({ action: 'email_address' })] }, /steps\[0\]\.email/],
        [{ activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [987654] } }, /activeOnEventTypeIds/],
      ];
      for (const [overrides, field] of cases)
        expectErrorEnvelope(await stack.rest('POST', base(), { key: teamAdmin.key, body: body(overrides) }), 400, 'BAD_REQUEST', field);
    });

    it("verifiedEmailId / verifiedPhoneId name a verified resource of the team: the step sends to its address; another team's is a 400 naming the field", async () => {
      const verify = async (table: 'verified_emails' | 'verified_phones', column: 'email' | 'phone_number', value: string, teamId: number): Promise<number> =>
        (await stack.db('integrations').query(`INSERT INTO ${table} (${column}, team_id) VALUES ($1, $2) RETURNING id`, [value, teamId]))[0].id;
      const email = await verify('verified_emails', 'email', 'desk@acme.example.com', team.id);
      const phone = await verify('verified_phones', 'phone_number', '+14155550199', team.id);
      const foreign = await verify('verified_emails', 'email', 'desk@support.example.com', otherTeam.id);
      const steps = [
        emailStep({ action: 'email_address', recipient: 'email', verifiedEmailId: email }),
        emailStep({
          stepNumber: 2,
          action: 'sms_number',
          recipient: 'phone_number',
          verifiedPhoneId: phone,
          message: { subject: 's', text: 'Reminder {EVENT_NAME}' },
        }),
      ];
      const created = expectSuccess(await stack.rest('POST', base(), { key: teamAdmin.key, body: body({ steps }) }), 201);
      expect(created.steps.map((s: any) => [s.action, s.email, s.phone])).toEqual([
        ['email_address', 'desk@acme.example.com', null],
        ['sms_number', null, '+14155550199'],
      ]);
      expectErrorEnvelope(
        await stack.rest('POST', base(), { key: teamAdmin.key, body: body({ steps: [emailStep({ action: 'email_address', verifiedEmailId: foreign })] }) }),
        400,
        'BAD_REQUEST',
        /^steps\[0\]\.verifiedEmailId/,
      );
      expectSuccess(await stack.rest('DELETE', `${base()}/${created.id}`, { key: teamAdmin.key }));
    });

    it('lists with take 1–250 and skip ≥ 0 (spec 8); members and other teams are refused', async () => {
      for (const name of ['A', 'B', 'C'])
        expectSuccess(await stack.rest('POST', base(), { key: teamAdmin.key, body: body({ name, trigger: { type: 'newEvent' } }) }), 201);
      const page = await stack.rest('GET', `${base()}?take=2&skip=1`, { key: teamAdmin.key });
      expect(expectSuccess(page).map((w: { name: string }) => w.name)).toEqual(['B', 'C']);
      expect(page.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, hasNextPage: false });
      expectErrorEnvelope(await stack.rest('GET', `${base()}?take=0`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /take/);
      expectErrorEnvelope(await stack.rest('GET', `${base()}?take=251`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /take/);
      expectErrorEnvelope(await stack.rest('GET', `${base()}?skip=-1`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /skip/);
      expectErrorEnvelope(await stack.rest('GET', base(), { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${otherTeam.id}/workflows`, { key: teamAdmin.key }), 403, 'FORBIDDEN');
      for (const w of expectSuccess(await stack.rest('GET', base(), { key: teamAdmin.key })))
        expectSuccess(await stack.rest('DELETE', `${base()}/${w.id}`, { key: teamAdmin.key }));
    });
  });

  describe("e-mail steps are sent at their time (a pg-boss job due at the reminder's time, real SMTP)", () => {
    it('a beforeEvent step is sent when booking start minus the offset has come, with the variables filled in; a later one is not sent yet', async () => {
      expectSuccess(await stack.rest('POST', base(), { key: teamAdmin.key, body: body() }), 201);
      const booking = (uid: string, startsInMs: number) => {
        const start = new Date(Date.now() + startsInMs);
        return {
          uid,
          title: 'Demo <call>',
          start: start.toISOString(),
          end: new Date(start.getTime() + 30 * 60_000).toISOString(),
          timeZone: 'Europe/Rome',
          location: 'integrations:daily',
          meetingUrl: 'https://video.example.com/room-1',
          organizer: { name: 'Tara Admin', email: 'tara@example.com' },
          attendees: [{ name: 'Ada Guest', email: 'ada@example.com' }],
        };
      };
      const schedule = (b: ReturnType<typeof booking>) =>
        graphqlOperationOf(
          stack,
          `mutation ($teamId: Int!, $eventTypeId: Int!, $booking: JSONObject!) { scheduleWorkflowReminders(event: "newEvent", teamId: $teamId, eventTypeId: $eventTypeId, booking: $booking) }`,
          { teamId: team.id, eventTypeId, booking: b },
        );

      // Due one hour before a start 1 h 0.5 s away: in half a second.
      expect((await schedule(booking('soon', 3_600_000 + 500))).scheduleWorkflowReminders).toBe(1);
      expect((await schedule(booking('later', 3 * 3_600_000))).scheduleWorkflowReminders).toBe(1);
      const mail = await stack.mail.waitFor((m) => m.to.includes('ada@example.com'), 10_000);
      expect(mail.subject).toBe('Reminder: Demo <call> with Tara Admin');
      expect(mail.raw).toContain('Acme Reminders');
      expect(mail.raw).toMatch(/Hi Ada Guest, see you at https:\/\/video\.example\.com\/room-1/);
      // The row is marked sent when the sending transaction commits, just after the message left.
      const states = async () =>
        JSON.stringify(
          (await stack.db('integrations').query(`SELECT booking_uid, sent_at FROM workflow_reminders ORDER BY booking_uid`)).map(
            (r: { booking_uid: string; sent_at: Date | null }) => [r.booking_uid, r.sent_at !== null],
          ),
        );
      expect(
        await eventually(
          async () =>
            (await states()) ===
            JSON.stringify([
              ['later', false],
              ['soon', true],
            ]),
        ),
      ).toBe(true);
      expect(stack.mail.messages.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
    });
  });

  describe('bookings schedule and cancel their reminders (the booking side calls scheduleWorkflowReminders through the supergraph)', () => {
    it('create sends the newEvent step with the meeting URL and plans the beforeEvent one; reschedule moves it; cancel drops it and sends the eventCancelled step', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] }, 'Hana Host');
      await operatorOf(stack).addMember({ teamId: team.id, userId: host.user.id, role: MembershipRole.MEMBER });
      const eventType = await operatorOf(stack).createEventType({
        title: 'Onboarding',
        slug: `onboarding-${randomBytes(3).toString('hex')}`,
        lengthInMinutes: 30,
        teamId: team.id,
        hostIds: [host.user.id],
        locations: [{ type: 'integration' }],
      });
      const on = { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventType.id] };
      const step = (subject: string, html: string) => [emailStep({ message: { subject, html } })];
      for (const workflow of [
        { name: 'Welcome', trigger: { type: 'newEvent' }, steps: step('Booked: {EVENT_NAME}', '<p>Join at {MEETING_URL}</p>') },
        { name: 'Day before', trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'day' } }, steps: step('Tomorrow: {EVENT_NAME}', '<p>See you</p>') },
        { name: 'Sorry', trigger: { type: 'eventCancelled' }, steps: step('Cancelled: {EVENT_NAME}', '<p>It is off</p>') },
      ]) {
        expectSuccess(await stack.rest('POST', base(), { key: teamAdmin.key, body: { ...workflow, activation: on } }), 201);
      }
      const guest = attendee('onboard');
      const pending = async (uid: string) =>
        (await stack.db('integrations').query('SELECT count(*)::int AS n FROM workflow_reminders WHERE booking_uid = $1 AND sent_at IS NULL', [uid]))[0].n;

      const booking = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2031-09-10T10:00:00Z', attendee: guest }), 201);
      expect(booking.meetingUrl).toEqual(expect.any(String));
      const welcome = await stack.mail.waitFor((m) => m.to.includes(guest.email) && m.subject === `Booked: ${booking.title}`, 20_000);
      expect(welcome.raw).toContain(`Join at ${booking.meetingUrl}`);
      expect(await eventually(async () => (await pending(booking.uid)) === 1, { timeoutMs: 20_000 })).toBe(true);

      const moved = expectSuccess(
        await stack.rest('POST', `/v2/bookings/${booking.uid}/reschedule`, { body: { start: '2031-09-11T10:00:00Z' }, headers: BOOKINGS_VERSION }),
        201,
      );
      expect(await eventually(async () => (await pending(booking.uid)) === 0 && (await pending(moved.uid)) === 1, { timeoutMs: 20_000 })).toBe(true);

      expectSuccess(
        await stack.rest('POST', `/v2/bookings/${moved.uid}/cancel`, { body: { cancellationReason: 'no longer needed' }, headers: BOOKINGS_VERSION }),
      );
      await stack.mail.waitFor((m) => m.to.includes(guest.email) && m.subject === `Cancelled: ${moved.title}`, 20_000);
      expect(await eventually(async () => (await pending(moved.uid)) === 0, { timeoutMs: 20_000 })).toBe(true);
      expect(stack.mail.messages.filter((m) => m.to.includes(guest.email) && m.subject.startsWith('Tomorrow'))).toEqual([]);
    });
  });
});
