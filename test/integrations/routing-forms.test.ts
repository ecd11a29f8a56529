import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { graphqlOperationOf } from '../support/integration-ops';
import { startTestStack, TestStack } from '../support/stack';
import { Receiver, signatureIsValid, startReceiver } from '../webhooks/receiver';
import { fastWebhookSettings } from '../webhooks/settings';

const CREATE_FORM = /* GraphQL */ `
  mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id name teamId } }
`;

/** Spec 2.8 / 4.7 and the reference's routing form routes: forms of teams and organizations, responses, routing. */
describe('routing forms', () => {
  let stack: TestStack;
  let orgOwner: Awaited<ReturnType<typeof userWithKey>>;
  let teamAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;
  let outsider: Awaited<ReturnType<typeof userWithKey>>;
  let org: { id: number };
  let team: { id: number };
  let otherTeam: { id: number };
  let eventTypeId: number;
  let formId: string;
  let otherFormId: string;
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

  const teamBase = () => `/v2/organizations/${org.id}/teams/${team.id}/routing-forms`;

  const savedPolling = process.env.WORKFLOW_REMINDER_POLLING_SECONDS;
  beforeAll(async () => {
    fastWebhookSettings();
    process.env.WORKFLOW_REMINDER_POLLING_SECONDS = '0.5';
    stack = await startTestStack({ smtp: true });
    const operator = operatorOf(stack);
    [orgOwner, teamAdmin, member, outsider] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
    team = await operator.createTeam({ name: 'Sales', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    otherTeam = await operator.createTeam({ name: 'Support', orgId: org.id, ownerId: outsider.user.id });
    const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
    eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;

    const input = {
      name: 'Contact us',
      fields: [
        { id: 'f-role', label: 'What do you need?', type: 'select', identifier: 'need', required: true },
        { id: 'f-size', label: 'Company size', type: 'number' },
      ],
      routes: [
        {
          id: 'r-sales',
          conditions: [{ field: 'f-role', operator: 'equals', value: 'demo' }],
          action: { type: 'eventTypeRedirectUrl', value: 'acme/demo', eventTypeId },
          teamMemberIds: [teamAdmin.user.id],
        },
        {
          id: 'r-big',
          conditions: [{ field: 'f-size', operator: 'greater_than', value: 100 }],
          action: { type: 'externalRedirectUrl', value: 'https://enterprise.example.com/' },
        },
        { id: 'r-fallback', isFallback: true, action: { type: 'customPageMessage', value: 'Thanks, we will write to you.' } },
      ],
    };
    const created = await stack.graphql(CREATE_FORM, { orgId: org.id, teamId: team.id, input }, teamAdmin.key);
    expect(created.body.errors).toBeUndefined();
    formId = created.body.data.createRoutingForm.id;
    const other = await stack.graphql(CREATE_FORM, { orgId: org.id, teamId: otherTeam.id, input: { ...input, name: 'Support form' } }, outsider.key);
    otherFormId = other.body.data.createRoutingForm.id;
    // A form's routes are checked when it is created.
    const bad = await stack.graphql(
      CREATE_FORM,
      { orgId: org.id, teamId: team.id, input: { ...input, routes: [{ id: 'x', action: { type: 'teleport', value: '' } }] } },
      teamAdmin.key,
    );
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].message).toMatch(/routes\[0\]\.action/);
  });
  afterAll(async () => {
    await stack.stop();
    if (savedPolling === undefined) delete process.env.WORKFLOW_REMINDER_POLLING_SECONDS;
    else process.env.WORKFLOW_REMINDER_POLLING_SECONDS = savedPolling;
  });

  const submit = (body: unknown, query = '') => stack.rest('POST', `${teamBase()}/${formId}/responses${query}`, { key: teamAdmin.key, body });

  describe("POST …/routing-forms/{routingFormId}/responses evaluates the form's routes", () => {
    it('routes to the event type of the first matching route, with the routing to pass to the booking API and the slots', async () => {
      const data = expectSuccess(await submit({ need: 'demo' }, `?start=${day}T00:00:00Z&end=${day}T23:59:59Z&timeZone=UTC&format=range`), 201);
      expect(data).toMatchObject({
        eventTypeId,
        routing: { responseId: expect.any(Number), teamMemberIds: [teamAdmin.user.id], queuedResponseId: null },
        routingCustomMessage: null,
        routingExternalRedirectUrl: null,
      });
      // The slots as GET /v2/slots (2024-09-04) writes them with format=range: by day, each its start and end (the
      // reference's RangeSlotsOutput_2024_09_04).
      expect(data.slots).toEqual({
        [day]: [
          { start: `${day}T09:00:00.000Z`, end: `${day}T10:00:00.000Z` },
          { start: `${day}T10:00:00.000Z`, end: `${day}T11:00:00.000Z` },
        ],
      });
    });

    it('the slots query is checked before the response is stored: a bad format, zone or duration → 400 naming it, nothing stored', async () => {
      const window = `?start=${day}T00:00:00Z&end=${day}T23:59:59Z`;
      const stored = async () =>
        (await stack.db('integrations').query(`SELECT count(*)::int AS n FROM routing_form_responses WHERE form_id = $1`, [formId]))[0].n;
      const before = await stored();
      expectErrorEnvelope(await submit({ need: 'demo' }, `${window}&format=list`), 400, 'BAD_REQUEST', 'format must be time or range');
      expectErrorEnvelope(await submit({ need: 'demo' }, `${window}&timeZone=Mars/Olympus`), 400, 'BAD_REQUEST', /^timeZone must be an IANA time zone/);
      expectErrorEnvelope(await submit({ need: 'demo' }, `${window}&duration=0`), 400, 'BAD_REQUEST', /^duration must be a whole number of minutes/);
      expect(await stored()).toBe(before);
    });

    it('an external redirect route and the fallback route; a required field missing is a 400 naming it', async () => {
      expect(expectSuccess(await submit({ 'f-role': 'pricing', 'f-size': 500 }), 201)).toMatchObject({
        eventTypeId: null,
        routingExternalRedirectUrl: 'https://enterprise.example.com/',
      });
      expect(expectSuccess(await submit({ need: 'pricing', 'f-size': '3' }), 201)).toMatchObject({
        eventTypeId: null,
        routingCustomMessage: 'Thanks, we will write to you.',
      });
      expectErrorEnvelope(await submit({ 'f-size': 3 }), 400, 'BAD_REQUEST', /need/);
      expectErrorEnvelope(await submit({ need: 'demo', 'f-size': 'many' }), 400, 'BAD_REQUEST', /f-size/);
    });

    it('every stored response has its FORM_SUBMITTED domain event, written with it', async () => {
      const [{ responses }] = await stack
        .db('integrations')
        .query(`SELECT count(*)::int AS responses FROM routing_form_responses WHERE form_id = $1`, [formId]);
      const events = await stack.db('integrations').query(`SELECT type, response_id, payload FROM routing_form_events WHERE form_id = $1`, [formId]);
      expect(events).toHaveLength(responses);
      expect(events.every((e: { type: string }) => e.type === 'FORM_SUBMITTED')).toBe(true);
      expect(events[0].payload).toMatchObject({ formId, formName: 'Contact us', teamId: team.id });
    });
  });

  describe('GET …/responses: filters, sort, paging (spec 4.7)', () => {
    it('answers spec 2.8 responses; sortCreatedAt, take/skip, after/before filters, routedToBookingUid', async () => {
      const all = await stack.rest('GET', `${teamBase()}/${formId}/responses?sortCreatedAt=asc`, { key: teamAdmin.key });
      const items = expectSuccess(all);
      expect(items.length).toBe(3);
      expect(items[0]).toEqual({
        id: expect.any(Number),
        formId,
        formFillerId: expect.any(String),
        routedToBookingUid: null,
        response: { 'f-role': { label: 'What do you need?', value: 'demo' } },
        createdAt: expect.any(String),
      });
      const desc = expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?sortCreatedAt=desc`, { key: teamAdmin.key }));
      expect(desc.map((r: { id: number }) => r.id)).toEqual([...items.map((r: { id: number }) => r.id)].reverse());

      const page = await stack.rest('GET', `${teamBase()}/${formId}/responses?take=1&skip=1&sortCreatedAt=asc`, { key: teamAdmin.key });
      expect(expectSuccess(page).map((r: { id: number }) => r.id)).toEqual([items[1].id]);
      expect(page.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 3, hasNextPage: true });

      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect(expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?afterCreatedAt=${future}`, { key: teamAdmin.key }))).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?beforeUpdatedAt=${future}`, { key: teamAdmin.key }))).toHaveLength(3);
      expectErrorEnvelope(
        await stack.rest('GET', `${teamBase()}/${formId}/responses?sortCreatedAt=up`, { key: teamAdmin.key }),
        400,
        'BAD_REQUEST',
        /sortCreatedAt/,
      );
      expectErrorEnvelope(
        await stack.rest('GET', `${teamBase()}/${formId}/responses?afterCreatedAt=yesterday`, { key: teamAdmin.key }),
        400,
        'BAD_REQUEST',
        /afterCreatedAt/,
      );
      expectErrorEnvelope(await stack.rest('GET', `${teamBase()}/${formId}/responses?take=251`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /take/);

      // The booking side links the response it was given to the booking it made.
      await graphqlOperationOf(stack, `mutation ($id: Int!) { linkRoutingFormResponseToBooking(responseId: $id, bookingUid: "booking-abc") { id } }`, {
        id: items[0].id,
      });
      const routed = expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?routedToBookingUid=booking-abc`, { key: teamAdmin.key }));
      expect(routed).toEqual([expect.objectContaining({ id: items[0].id, routedToBookingUid: 'booking-abc' })]);
    });

    it('PATCH …/responses/{responseId} changes the answers given and keeps the others', async () => {
      const [first] = expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?sortCreatedAt=asc`, { key: teamAdmin.key }));
      const updated = expectSuccess(
        await stack.rest('PATCH', `${teamBase()}/${formId}/responses/${first.id}`, { key: teamAdmin.key, body: { response: { 'f-size': 42 } } }),
      );
      expect(updated.response).toEqual({ 'f-role': { label: 'What do you need?', value: 'demo' }, 'f-size': { label: 'Company size', value: 42 } });
      expectErrorEnvelope(
        await stack.rest('PATCH', `${teamBase()}/${formId}/responses/999999`, { key: teamAdmin.key, body: { response: {} } }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('forms of the team and of the organization; isolation', () => {
    it("the team lists its own forms; the organization lists every team's; teamIds narrows it", async () => {
      const teamForms = expectSuccess(await stack.rest('GET', teamBase(), { key: teamAdmin.key }));
      expect(teamForms.map((f: { id: string }) => f.id)).toEqual([formId]);
      expect(teamForms[0]).toMatchObject({ name: 'Contact us', teamId: team.id, userId: teamAdmin.user.id, disabled: false, description: null, position: 0 });
      const orgForms = expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/routing-forms`, { key: orgOwner.key }));
      expect(orgForms.map((f: { id: string }) => f.id).sort()).toEqual([formId, otherFormId].sort());
      expect(
        expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/routing-forms?teamIds=${otherTeam.id}`, { key: orgOwner.key })).map(
          (f: { id: string }) => f.id,
        ),
      ).toEqual([otherFormId]);
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/routing-forms/${formId}/responses`, { key: orgOwner.key }))).toHaveLength(3);
    });

    it("a member is refused; another team's form through this team's path is not found; a malformed id is not found", async () => {
      expectErrorEnvelope(await stack.rest('GET', `${teamBase()}/${formId}/responses`, { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `${teamBase()}/${otherFormId}/responses`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `${teamBase()}/not-a-uuid/responses`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${otherTeam.id}/routing-forms`, { key: teamAdmin.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/routing-forms`, { key: teamAdmin.key }), 403, 'FORBIDDEN');
    });
  });

  describe('webhooks of submissions and the booking made from a response (spec 6; issue 11 item 3)', () => {
    const SECRET = 'form-hook-secret';
    let receiver: Receiver;
    const saved = process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS;
    beforeAll(async () => {
      receiver = await startReceiver();
      // The real service waits 15 minutes for a booking before FORM_SUBMITTED_NO_EVENT; a few seconds here.
      process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS = '5';
    });
    afterAll(async () => {
      await receiver.stop();
      if (saved === undefined) delete process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS;
      else process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS = saved;
    });
    const bodies = (trigger: string) => receiver.requests.map((r) => ({ request: r, body: JSON.parse(r.body) })).filter((r) => r.body.triggerEvent === trigger);
    const noEventJobState = async (responseId: number) =>
      (
        await stack
          .db('integrations')
          .query(`SELECT state FROM job_queue.job WHERE name = 'webhook-scheduled' AND data->>'eventKey' = $1`, [`routing-form-no-event:${responseId}`])
      )[0]?.state;

    it("FORM_SUBMITTED reaches the organization's webhook signed, with the form and the answers; the booking made with routing.responseId links the response; FORM_SUBMITTED_NO_EVENT follows only for the response nothing was booked from", async () => {
      expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/webhooks`, {
          key: orgOwner.key,
          body: { subscriberUrl: receiver.url, triggers: ['FORM_SUBMITTED', 'FORM_SUBMITTED_NO_EVENT'], active: true, secret: SECRET },
        }),
        201,
      );
      const routed = expectSuccess(await submit({ need: 'demo', 'f-size': 12 }), 201);
      const unbooked = expectSuccess(await submit({ need: 'question' }), 201);
      const responseId: number = routed.routing.responseId;

      const booking = expectSuccess(
        await book(stack, {
          eventTypeId,
          start: `${day}T10:00:00Z`,
          attendee: attendee('routed'),
          routing: { responseId, teamMemberIds: [teamAdmin.user.id] },
        }),
        201,
      );
      const linked = async () =>
        expectSuccess(await stack.rest('GET', `${teamBase()}/${formId}/responses?routedToBookingUid=${booking.uid}`, { key: teamAdmin.key }));
      expect(await eventually(async () => (await linked()).length === 1, { timeoutMs: 20_000 })).toBe(true);
      expect((await linked())[0]).toMatchObject({ id: responseId, routedToBookingUid: booking.uid });

      expect(await eventually(async () => bodies('FORM_SUBMITTED').length === 2, { timeoutMs: 20_000 })).toBe(true);
      const submitted = bodies('FORM_SUBMITTED').find((b) => b.body.payload.responseId === responseId)!;
      expect(signatureIsValid(submitted.request.body, submitted.request.headers['x-svc-signature-256'], SECRET)).toBe(true);
      expect(Object.keys(submitted.body).sort()).toEqual(['createdAt', 'payload', 'triggerEvent']);
      expect(submitted.body.payload).toEqual({
        formId,
        formName: 'Contact us',
        teamId: team.id,
        responseId,
        responses: { need: { value: 'demo', response: 'demo' }, 'Company size': { value: 12, response: 12 } },
        need: 'demo',
        'Company size': 12,
        platformOAuthClientId: null,
      });

      // Only the response nothing was booked from gets the fallback, without platformOAuthClientId (spec 6 rule 7).
      expect(await eventually(async () => bodies('FORM_SUBMITTED_NO_EVENT').length === 1, { timeoutMs: 30_000 })).toBe(true);
      const [fallback] = bodies('FORM_SUBMITTED_NO_EVENT');
      expect(fallback.body.payload).toMatchObject({
        formId,
        responseId: unbooked.routing.responseId,
        responses: { need: { value: 'question', response: 'question' } },
      });
      expect(fallback.body.payload).not.toHaveProperty('platformOAuthClientId');
      expect(await eventually(async () => (await noEventJobState(responseId)) === 'completed', { timeoutMs: 20_000 })).toBe(true);
      expect(bodies('FORM_SUBMITTED_NO_EVENT')).toHaveLength(1);
    });

    it('a response already linked to a booking is not taken over by another booking; the second booking is made all the same', async () => {
      const routed = expectSuccess(await submit({ need: 'demo' }), 201);
      const first = expectSuccess(
        await book(stack, {
          eventTypeId,
          start: `${day}T09:00:00Z`,
          attendee: attendee('first'),
          routing: { responseId: routed.routing.responseId, teamMemberIds: [] },
        }),
        201,
      );
      const linkedTo = async () =>
        (await stack.db('integrations').query('SELECT routed_to_booking_uid FROM routing_form_responses WHERE id = $1', [routed.routing.responseId]))[0]
          .routed_to_booking_uid;
      expect(await eventually(async () => (await linkedTo()) === first.uid, { timeoutMs: 20_000 })).toBe(true);
      const hooksOf = async (uid: string) =>
        (await stack.db('scheduling').query(`SELECT state FROM job_queue.job WHERE name = 'booking-hooks' AND data->>'bookingUid' = $1`, [uid])).map(
          (r: { state: string }) => r.state,
        );
      const second = expectSuccess(
        await book(stack, {
          eventTypeId,
          start: `${new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`,
          attendee: attendee('second'),
          routing: { responseId: routed.routing.responseId, teamMemberIds: [] },
        }),
        201,
      );
      // The hook ends (a refusal no retry changes) and the response stays with the first booking.
      expect(await eventually(async () => (await hooksOf(second.uid)).join() === 'completed', { timeoutMs: 20_000 })).toBe(true);
      expect(await linkedTo()).toBe(first.uid);
    });
  });

  describe("a team's routing-form workflows run on its forms' submissions (spec 2.12; the org-team-workflows routes)", () => {
    const saved = process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS;
    let leadFormId: string;
    const workflowsBase = () => `/v2/organizations/${org.id}/teams/${team.id}/workflows/routing-form`;
    const step = (overrides: Record<string, unknown>) => ({
      stepNumber: 1,
      action: 'email_attendee',
      recipient: 'attendee',
      template: 'custom',
      sender: 'Acme Sales',
      includeCalendarEvent: false,
      ...overrides,
    });
    const pendingOf = async (responseId: number) =>
      (
        await stack.db('integrations').query('SELECT count(*)::int AS n FROM workflow_reminders WHERE form_response_id = $1 AND sent_at IS NULL', [responseId])
      )[0].n as number;
    const rowsOf = async (responseId: number) =>
      (await stack.db('integrations').query('SELECT count(*)::int AS n FROM workflow_reminders WHERE form_response_id = $1', [responseId]))[0].n as number;

    beforeAll(async () => {
      // The real service waits 15 minutes for a booking before formSubmittedNoEvent; a few seconds here.
      process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS = '4';
      const created = await stack.graphql(
        CREATE_FORM,
        {
          orgId: org.id,
          teamId: team.id,
          input: {
            name: 'Lead form',
            fields: [
              { id: 'f-name', label: 'Your name', type: 'text', identifier: 'name', required: true },
              { id: 'f-mail', label: 'Your e-mail', type: 'email', identifier: 'email' },
              { id: 'f-size', label: 'Company size', type: 'number' },
            ],
            routes: [{ id: 'r-all', isFallback: true, action: { type: 'eventTypeRedirectUrl', value: 'acme/demo', eventTypeId } }],
          },
        },
        teamAdmin.key,
      );
      expect(created.body.errors).toBeUndefined();
      leadFormId = created.body.data.createRoutingForm.id;
      const on = { isActiveOnAllRoutingForms: false, activeOnRoutingFormIds: [leadFormId] };
      for (const workflow of [
        {
          name: 'Thanks',
          trigger: { type: 'formSubmitted' },
          steps: [
            step({
              message: { subject: 'Thanks {ATTENDEE}, about {FORM_NAME}', html: '<p>You said {COMPANY_SIZE} people; we write to {ATTENDEE_EMAIL}.</p>' },
            }),
            step({
              stepNumber: 2,
              action: 'email_address',
              recipient: 'email',
              email: 'sales@acme.example.com',
              message: { subject: 'New lead: {NAME}', html: '<p>{NAME} ({EMAIL}) for {COMPANY_SIZE}</p>' },
            }),
          ],
        },
        {
          name: 'Nothing booked',
          trigger: { type: 'formSubmittedNoEvent' },
          steps: [step({ message: { subject: 'Still looking for a time, {ATTENDEE}?', html: '<p>Pick one</p>' } })],
        },
      ])
        expectSuccess(await stack.rest('POST', workflowsBase(), { key: teamAdmin.key, body: { ...workflow, activation: on } }), 201);
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS;
      else process.env.FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS = saved;
    });

    it('formSubmitted sends its steps at once (to the e-mail answered, and to the step address), the answers filled in; another form of the team runs nothing', async () => {
      const other = expectSuccess(await submit({ need: 'question' }), 201);
      const lead = expectSuccess(
        await stack.rest('POST', `${teamBase()}/${leadFormId}/responses`, {
          key: teamAdmin.key,
          body: { name: 'Ada <Lovelace>', email: 'ada@lead.example.com', 'f-size': 12 },
        }),
        201,
      );
      const thanks = await stack.mail.waitFor((m) => m.to.includes('ada@lead.example.com') && m.subject.startsWith('Thanks'), 20_000);
      expect(thanks.subject).toBe('Thanks Ada <Lovelace>, about Lead form');
      expect(thanks.raw).toContain('Acme Sales');
      // Answers are escaped in the HTML part.
      expect(thanks.raw).toContain('You said 12 people; we write to ada@lead.example.com.');
      const desk = await stack.mail.waitFor((m) => m.to.includes('sales@acme.example.com'), 20_000);
      expect(desk.subject).toBe('New lead: Ada <Lovelace>');
      expect(desk.raw).toContain('Ada &lt;Lovelace&gt; (ada@lead.example.com) for 12');
      // Rows are written in the submission's transaction: the other form has none, the lead form one per step and trigger.
      expect(await rowsOf(other.routing.responseId)).toBe(0);
      expect(await rowsOf(lead.routing.responseId)).toBe(3);
      expect(await eventually(async () => (await pendingOf(lead.routing.responseId)) === 1, { timeoutMs: 20_000 })).toBe(true);
    });

    it('formSubmittedNoEvent is sent only for the response nothing was booked from; the booked one is dropped', async () => {
      const respond = async (name: string) =>
        expectSuccess(
          await stack.rest('POST', `${teamBase()}/${leadFormId}/responses`, {
            key: teamAdmin.key,
            body: { name, email: `${name.toLowerCase()}@lead.example.com` },
          }),
          201,
        ).routing.responseId as number;
      const booked = await respond('Bea');
      const start = `${new Date(Date.parse(day) + 2 * 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`;
      const booking = expectSuccess(
        await book(stack, { eventTypeId, start, attendee: attendee('lead'), routing: { responseId: booked, teamMemberIds: [] } }),
        201,
      );
      const linked = async () =>
        (await stack.db('integrations').query('SELECT routed_to_booking_uid FROM routing_form_responses WHERE id = $1', [booked]))[0].routed_to_booking_uid;
      expect(await eventually(async () => (await linked()) === booking.uid, { timeoutMs: 20_000 })).toBe(true);
      const unbooked = await respond('Cy');

      const nudge = await stack.mail.waitFor((m) => m.to.includes('cy@lead.example.com') && m.subject.startsWith('Still'), 30_000);
      expect(nudge.subject).toBe('Still looking for a time, Cy?');
      // Bea's came due first: by now it was dropped, not sent.
      expect(await eventually(async () => (await rowsOf(booked)) === 2 && (await pendingOf(booked)) === 0, { timeoutMs: 20_000 })).toBe(true);
      expect(stack.mail.messages.filter((m) => m.to.includes('bea@lead.example.com')).map((m) => m.subject)).toEqual(['Thanks Bea, about Lead form']);
      // The row is marked sent when the sending transaction commits, just after the message left.
      expect(await eventually(async () => (await pendingOf(unbooked)) === 0, { timeoutMs: 20_000 })).toBe(true);
    });
  });
});
