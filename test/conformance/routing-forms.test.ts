import { EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The GraphQL-only creation of a routing form (the REST API has none, as the reference). */
const CREATE_FORM = /* GraphQL */ `
  mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }
`;

/** Their responses spec's form: question1 (required) equal to "answer1" routes to the event type, anything else to the fallback message. */
const questionFormInput = (eventTypeId: number) => ({
  name: 'Test Routing Form',
  description: 'Test Description',
  disabled: false,
  fields: [
    { id: 'question1', type: 'text', label: 'Question 1', required: true, identifier: 'question1' },
    { id: 'question2', type: 'text', label: 'Question 2', required: false, identifier: 'question2' },
  ],
  routes: [
    {
      id: 'route-1',
      conditions: [{ field: 'question1', operator: 'equals', value: 'answer1' }],
      action: { type: 'eventTypeRedirectUrl', value: 'team/test-event-type', eventTypeId },
    },
    { id: 'fallback-route', isFallback: true, action: { type: 'customPageMessage', value: 'Fallback Message' } },
  ],
});

/** Their teams responses spec's form: a required participant field; the fallback thanks. */
const participantFormInput = (eventTypeId: number) => ({
  name: 'Test Routing Form',
  description: null,
  disabled: false,
  fields: [
    { id: 'participant-field', type: 'text', label: 'participant', required: true, identifier: 'participant' },
    { id: 'question2-field', type: 'text', label: 'question2', required: false, identifier: 'question2' },
  ],
  routes: [
    {
      id: 'route-1',
      conditions: [{ field: 'participant-field', operator: 'equals', value: 'answer1' }],
      action: { type: 'eventTypeRedirectUrl', value: 'team/test-event-type', eventTypeId },
    },
    { id: 'fallback-route', isFallback: true, action: { type: 'customPageMessage', value: 'Thank you for your response' } },
  ],
});

/** Their external redirect form: question1 equal to "external" routes to https://example.com/external-booking. */
const externalFormInput = {
  name: 'Test External Routing Form',
  description: 'Test Description for External Redirect',
  disabled: false,
  fields: [{ id: 'question1', type: 'text', label: 'Question 1', required: true, identifier: 'question1' }],
  routes: [
    {
      id: 'external-route-1',
      conditions: [{ field: 'question1', operator: 'equals', value: 'external' }],
      action: { type: 'externalRedirectUrl', value: 'https://example.com/external-booking' },
    },
    { id: 'fallback-route', isFallback: true, action: { type: 'customPageMessage', value: 'Fallback Message' } },
  ],
};

/**
 * Conformance: an organization's routing forms, replayed from the real service's public e2e specs
 * apps/api/v2/src/modules/organizations/routing-forms/controllers/organizations-routing-forms.controller.e2e-spec.ts
 * ("OrganizationsRoutingFormController") and …/organizations-routing-forms-responses.controller.e2e-spec.ts
 * ("OrganizationsRoutingFormsResponsesController"), test names beside each case. Their fixture writes the form with free JSON
 * (`fields: [{territory: "input"}]`, `routes: [{redirect: …}]`); a form here is checked when it is made, so the form
 * has a field and a route of this API's shape, and the cases check that they come back as made.
 * Also replayed here: apps/api/v2/src/modules/routing-forms/controllers/routing-forms.e2e-spec.ts ("Routing forms
 * endpoints", calculate-slots) and the organization team's list of forms,
 * apps/api/v2/src/modules/organizations/teams/routing-forms/controllers/organizations-teams-routing-forms.controller.e2e-spec.ts
 * ("OrganizationsRoutingFormsResponsesController") with its older copy
 * apps/api/v2/src/modules/organizations/routing-forms/controllers/organizations-teams-routing-forms.controller.e2e-spec.ts
 * ("OrganizationsTeamsRoutingFormsController").
 */
describe('conformance: organization routing forms', () => {
  let stack: TestStack;
  let owner: Person;
  let orgMember: Person;
  let stranger: Person;
  let org: { id: number };
  let responsesOrg: { id: number };
  let routingForm: { id: string };
  /** The responses spec's forms: its team form (a route on question1 to an event type, a fallback message) and its external one. */
  let questionForm: { id: string };
  let externalForm: { id: string };
  let lostEventTypeForm: { id: string };
  let eventTypeId: number;
  let responsesTeam: { id: number };
  /** The teams responses spec's form (a required participant field) and its fixture response; a form of another team. */
  let participantForm: { id: string };
  let participantResponseId: number;
  let otherTeamForm: { id: string };
  /** Their two fixture responses of the team form, submitted here. */
  let fixtureResponses: Array<{ id: number; createdAt: string }>;
  const input = {
    name: 'Test Routing Form',
    description: 'Test Description',
    disabled: false,
    fields: [{ id: 'territory', label: 'Territory', type: 'text' }],
    routes: [{ id: 'fallback', isFallback: true, action: { type: 'externalRedirectUrl', value: 'http://google.com' } }],
    settings: { test: 'true' },
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    let host: Awaited<ReturnType<typeof hostWithSchedule>>;
    [owner, orgMember, stranger, host] = await Promise.all([
      person(stack, 'routing-forms-owner'),
      person(stack, 'routing-forms-member'),
      person(stack, 'routing-forms-stranger'),
      hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] }),
    ]);
    // Each spec has its organization and team, as each of theirs has: the forms spec's lists see its one form.
    [org, responsesOrg] = await Promise.all([
      operator.createOrganization({ name: 'OrganizationsRoutingFormsResponsesController organization' }),
      operator.createOrganization({ name: 'OrganizationsRoutingFormsResponsesController-teams-memberships-organization' }),
    ]);
    let team: { id: number };
    let otherTeam: { id: number };
    let eventType: { id: number };
    [team, responsesTeam, otherTeam, eventType] = await Promise.all([
      operator.createTeam({ name: 'OrganizationsRoutingFormsResponsesController orgs booking 1', orgId: org.id }),
      operator.createTeam({ name: 'OrganizationsRoutingFormsResponsesController orgs booking 1', orgId: responsesOrg.id }),
      operator.createTeam({ name: 'other-team', orgId: responsesOrg.id }),
      personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'test-event-type', title: 'Test Event Type' }),
    ]);
    eventTypeId = eventType.id;
    await Promise.all([
      ...[org, team, responsesOrg, responsesTeam].map((owned) => operator.addMember({ teamId: owned.id, userId: owner.id, role: MembershipRole.OWNER })),
      operator.addMember({ teamId: responsesOrg.id, userId: orgMember.id, role: MembershipRole.MEMBER }),
    ]);
    const make = async (at: { orgId: number; teamId: number }, formInput: unknown) => {
      const created = await stack.graphql(CREATE_FORM, { ...at, input: formInput }, owner.key);
      expect(created.body.errors).toBeUndefined();
      return created.body.data.createRoutingForm as { id: string };
    };
    const responsesAt = { orgId: responsesOrg.id, teamId: responsesTeam.id };
    [routingForm, questionForm, externalForm, lostEventTypeForm, participantForm, otherTeamForm] = await Promise.all([
      make({ orgId: org.id, teamId: team.id }, input),
      make(responsesAt, questionFormInput(eventTypeId)),
      make(responsesAt, externalFormInput),
      make(responsesAt, { ...questionFormInput(99999), name: 'Test Routing Form with Invalid Event Type' }),
      make(responsesAt, participantFormInput(eventTypeId)),
      make({ orgId: responsesOrg.id, teamId: otherTeam.id }, { ...externalFormInput, name: "Other Team's Routing Form" }),
    ]);
    // The teams spec's fixture response ({"participant-field": {label: "participant", value: "mamut"}}), submitted.
    const participantResponse = await stack.rest('POST', `${teamResponsesOf(participantForm.id)}`, { key: owner.key, body: { participant: 'mamut' } });
    participantResponseId = expectSuccess(participantResponse, 201).routing.responseId;
    // Their fixture writes two responses of the team form; here they are submitted (no slots window: no slots).
    fixtureResponses = await Promise.all(
      [0, 1].map(async () => {
        const submitted = await stack.rest('POST', `${responsesOf(questionForm.id)}`, { key: owner.key, body: { question1: 'answer1', question2: 'answer2' } });
        const id = expectSuccess(submitted, 201).routing.responseId as number;
        return { id, createdAt: new Date().toISOString() };
      }),
    );
  });
  afterAll(() => stack.stop());

  const list = (search: string, key?: string) => stack.rest('GET', `/v2/organizations/${org.id}/routing-forms${search}`, { key });
  /** The organization team path of a form's responses (their teams spec's). */
  const teamResponsesOf = (formId: string, orgId: number = responsesOrg.id, teamId: number = responsesTeam.id) =>
    `/v2/organizations/${orgId}/teams/${teamId}/routing-forms/${formId}/responses`;
  /** The organization path of a form's responses (their spec's). */
  const responsesOf = (formId: string, orgId: number = responsesOrg.id) => `/v2/organizations/${orgId}/routing-forms/${formId}/responses`;

  describe('GET /v2/organizations/:orgId/routing-forms', () => {
    it('"should not get routing forms for non existing org": 403', async () => {
      expect((await stack.rest('GET', '/v2/organizations/99999/routing-forms', { key: owner.key })).status).toBe(403);
    });

    it('"should not get routing forms without authentication": 401', async () => {
      expect((await list('')).status).toBe(401);
    });

    it('"should get organization routing forms" (skip=0&take=1): the form, its name, description and disabled', async () => {
      const data = expectSuccess(await list('?skip=0&take=1', owner.key));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0]).toMatchObject({ id: routingForm.id, name: input.name, description: input.description, disabled: input.disabled });
    });

    it('"should filter routing forms by name" (name=Test): forms whose name contains it; (not in their spec) another text finds none', async () => {
      const data = expectSuccess(await list('?name=Test', owner.key));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0].name).toContain('Test');
      expect(expectSuccess(await list('?name=Nothing%20like%20it', owner.key))).toEqual([]);
    });

    it('"should filter routing forms by disabled status" (disabled=false): the form with its fields, routes and settings; (not in their spec) disabled=true finds none', async () => {
      const data = expectSuccess(await list('?disabled=false', owner.key));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0].disabled).toBe(false);
      expect(data[0].fields[0]).toMatchObject(input.fields[0]);
      expect(data[0].routes[0]).toMatchObject(input.routes[0]);
      expect(data[0].settings).toEqual(input.settings);
      expect(expectSuccess(await list('?disabled=true', owner.key))).toEqual([]);
    });
  });
  describe('organizations-routing-forms-responses.controller.e2e-spec.ts (their user forms are forms of the team here: this API has team forms only)', () => {
    const window = '?start=2050-09-05&end=2050-09-06';
    const submit = (formId: string, query: string, body: unknown, key: string | null = owner.key, orgId?: number) =>
      stack.rest('POST', `${responsesOf(formId, orgId)}${query}`, { key: key ?? undefined, body });

    describe('GET /v2/organizations/:orgId/routing-forms/:routingFormId/responses', () => {
      it('"should not get routing form responses for non existing org": 403', async () => {
        expect((await stack.rest('GET', responsesOf(questionForm.id, 99999), { key: owner.key })).status).toBe(403);
      });

      it('"should not get routing form responses for non existing form": 404', async () => {
        expect((await stack.rest('GET', responsesOf('non-existent-id'), { key: owner.key })).status).toBe(404);
      });

      it('"should not get routing form responses without authentication": 401', async () => {
        expect((await stack.rest('GET', responsesOf(questionForm.id))).status).toBe(401);
      });

      it('"should get routing form responses" (skip, take, both sorts, afterCreatedAt an hour before): both responses of the form', async () => {
        const after = new Date(Date.parse(fixtureResponses[0].createdAt) - 3_600_000).toISOString();
        const query = `?skip=0&take=2&sortUpdatedAt=asc&sortCreatedAt=desc&afterCreatedAt=${after}`;
        const data: Array<{ id: number; formId: string }> = expectSuccess(
          await stack.rest('GET', `${responsesOf(questionForm.id)}${query}`, { key: owner.key }),
        );
        for (const fixture of fixtureResponses) expect(data.find((response) => response.id === fixture.id)?.formId).toBe(questionForm.id);
      });
    });

    describe('POST /v2/organizations/:orgId/routing-forms/:routingFormId/responses', () => {
      it('"should return 403 when organization does not exist"', async () => {
        expect((await submit(questionForm.id, window, { question1: 'answer1' }, owner.key, 99999)).status).toBe(403);
      });

      it('"should return 404 when routing form does not exist"', async () => {
        expect((await submit('non-existent-id', window, { question1: 'answer1' })).status).toBe(404);
      });

      it('"should return 401 when authentication token is missing"', async () => {
        expect((await submit(questionForm.id, window, { question1: 'answer1' }, null)).status).toBe(401);
      });

      it('"should create response and return available slots when routing to event type" and "should allow org admin to access any routing form using RolesGuard": 201', async () => {
        const data = expectSuccess(await submit(questionForm.id, window, { question1: 'answer1', question2: 'answer2' }), 201);
        expect(data.routing.responseId).toEqual(expect.any(Number));
        expect(data.eventTypeId).toBe(eventTypeId);
        expect(data.slots).toEqual(expect.any(Object));
      });

      it('"should return 400 when required form fields are missing"', async () => {
        expectErrorEnvelope(await submit(questionForm.id, window, { question2: 'answer2' }), 400, 'BAD_REQUEST', /question1/);
      });

      it('"should create response and return custom message if the routing is to custom page": 201, "Fallback Message"', async () => {
        const data = expectSuccess(await submit(questionForm.id, window, { question1: 'different-answer', question2: 'answer2' }), 201);
        expect(data.routingCustomMessage).toBe('Fallback Message');
      });

      it('"should return 400 when required slot query parameters are missing" (either one of start and end), "…invalid format", "…end date is before start date"; nothing is stored', async () => {
        const body = { question1: 'answer1', question2: 'answer2' };
        const stored = async () => expectSuccess(await stack.rest('GET', `${responsesOf(questionForm.id)}?take=250`, { key: owner.key })).length;
        const before = await stored();
        expectErrorEnvelope(await submit(questionForm.id, '?end=2050-09-06', body), 400, 'BAD_REQUEST', /^start is required with end/);
        expectErrorEnvelope(await submit(questionForm.id, '?start=2050-09-05', body), 400, 'BAD_REQUEST', /^end is required with start/);
        expectErrorEnvelope(await submit(questionForm.id, '?start=invalid-date&end=2050-09-06', body), 400, 'BAD_REQUEST', /^start must be an ISO 8601 date/);
        expectErrorEnvelope(await submit(questionForm.id, '?start=2050-09-10&end=2050-09-05', body), 400, 'BAD_REQUEST', /^end must not be before start$/);
        expect(await stored()).toBe(before);
      });

      it('"should return 403 when user lacks permission to access organization", and (their "…routing form they don\'t own") a member of the organization who is not its admin', async () => {
        expect((await submit(questionForm.id, window, { question1: 'answer1' }, stranger.key)).status).toBe(403);
        expect((await submit(questionForm.id, window, { question1: 'answer1' }, orgMember.key)).status).toBe(403);
      });

      it('(deviation, docs/compatibility.md "Routing forms") "should handle queued response creation": 400 naming queueResponse (theirs: 201, routing.queuedResponseId)', async () => {
        const response = await submit(questionForm.id, `${window}&queueResponse=true`, { question1: 'answer1', question2: 'answer2' });
        expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^queueResponse is not served by this API: a response is stored when it is submitted/);
      });

      it('"should return 500 when event type is not found": 201 here, naming the route\'s event type, without slots (theirs: an internal error)', async () => {
        const data = expectSuccess(await submit(lostEventTypeForm.id, window, { question1: 'answer1' }), 201);
        expect(data).toMatchObject({ eventTypeId: 99999, slots: null, routing: { responseId: expect.any(Number) } });
      });

      it('(deviation, docs/compatibility.md "Routing forms") "should return external redirect URL when routing to external URL": the URL as configured, no event type, no slots', async () => {
        const data = expectSuccess(await submit(externalForm.id, window, { question1: 'external' }), 201);
        expect(data).toMatchObject({
          routingExternalRedirectUrl: 'https://example.com/external-booking',
          eventTypeId: null,
          slots: null,
          routingCustomMessage: null,
        });
      });
    });

    describe("PATCH /v2/organizations/:orgId/routing-forms/:routingFormId/responses/:responseId (their body's response is a JSON string; an object here, spec 4.7)", () => {
      const patch = (formId: string, responseId: number | string, body: unknown, key: string | null = owner.key, orgId?: number) =>
        stack.rest('PATCH', `${responsesOf(formId, orgId)}/${responseId}`, { key: key ?? undefined, body });
      const change = { response: { question1: 'updated_answer1' } };

      it('"should not update routing form response for non existing org": 403', async () => {
        expect((await patch(questionForm.id, fixtureResponses[0].id, change, owner.key, 99999)).status).toBe(403);
      });

      it('"…for non existing form": 404; "…for non existing response": 404; "…without authentication": 401', async () => {
        expect((await patch('non-existent-id', fixtureResponses[0].id, change)).status).toBe(404);
        expect((await patch(questionForm.id, 99999, change)).status).toBe(404);
        expect((await patch(questionForm.id, fixtureResponses[0].id, change, null)).status).toBe(401);
        // Their string body: response must be an object (spec 4.7).
        expectErrorEnvelope(
          await patch(questionForm.id, fixtureResponses[0].id, { response: JSON.stringify(change.response) }),
          400,
          'BAD_REQUEST',
          /response/,
        );
      });

      it('(deviation, docs/compatibility.md "Routing forms") "should update routing form response": 200, its id and form; the answers as {label, value} (spec 2.8)', async () => {
        const updated = { question1: 'updated_answer1', question2: 'updated_answer2' };
        const data = expectSuccess(await patch(questionForm.id, fixtureResponses[0].id, { response: updated }));
        expect(data).toMatchObject({ id: fixtureResponses[0].id, formId: questionForm.id });
        expect(data.response).toEqual({
          question1: { label: 'Question 1', value: 'updated_answer1' },
          question2: { label: 'Question 2', value: 'updated_answer2' },
        });
      });

      it('the OpenAPI document marks the three deviations on the responses routes (x-svc-deviation)', async () => {
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        const responses = paths['/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses'];
        expect(responses.post['x-svc-deviation']).toEqual([
          expect.stringMatching(/queueResponse .* is not served/),
          expect.stringMatching(/routingExternalRedirectUrl is the route's URL/),
        ]);
        expect(responses.get['x-svc-deviation']).toEqual([expect.stringMatching(/\{label, value\} per field/)]);
        expect(paths['/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses/{responseId}'].patch['x-svc-deviation']).toEqual([
          expect.stringMatching(/\{label, value\} per field/),
        ]);
      });
    });
  });
  describe('teams/routing-forms/controllers/organizations-teams-routing-forms-responses.controller.e2e-spec.ts ("Organizations Teams Routing Forms Responses")', () => {
    const window = '?start=2050-09-05&end=2050-09-06';
    const submit = (formId: string, query: string, body: unknown, key: string | null = owner.key, at: { orgId?: number; teamId?: number } = {}) =>
      stack.rest('POST', `${teamResponsesOf(formId, at.orgId, at.teamId)}${query}`, { key: key ?? undefined, body });

    it('"should not get routing form responses for non existing org", "…team", "…routing form" (all without a credential): 401', async () => {
      for (const path of [teamResponsesOf(participantForm.id, 99999), teamResponsesOf(participantForm.id, responsesOrg.id, 99999), teamResponsesOf('99999')])
        expect((await stack.rest('GET', path)).status).toBe(401);
    });

    it('"should get routing form responses" (skip=0&take=1): the one response, its answers as their fixture wrote them (spec 2.8)', async () => {
      const data = expectSuccess(await stack.rest('GET', `${teamResponsesOf(participantForm.id)}?skip=0&take=1`, { key: owner.key }));
      expect(data).toHaveLength(1);
      // Their fixture writes formFillerId and createdAt; here the service gives them.
      expect(data[0]).toMatchObject({
        id: participantResponseId,
        response: { 'participant-field': { label: 'participant', value: 'mamut' } },
        formFillerId: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    });

    describe('POST /v2/organizations/:orgId/teams/:teamId/routing-forms/:routingFormId/responses', () => {
      it('(deviation, docs/compatibility.md "Teams and memberships") "permissions › should return 403 when organization does not exist": 404 to the team\'s admin, 403 to a member of the organization', async () => {
        expect((await submit(participantForm.id, window, { question1: 'answer1' }, owner.key, { orgId: 99999 })).status).toBe(404);
        expect((await submit(participantForm.id, window, { question1: 'answer1' }, orgMember.key, { orgId: 99999 })).status).toBe(403);
      });

      it('"permissions › should return 404 when team does not exist"', async () => {
        expect((await submit(participantForm.id, window, { question1: 'answer1' }, owner.key, { teamId: 99999 })).status).toBe(404);
      });

      it('(deviation, docs/compatibility.md "Routing forms") "permissions › should return 403 when routing form does not exist in the team" and "…belongs to different team": 404', async () => {
        for (const formId of ['non-existent-id', otherTeamForm.id])
          expectErrorEnvelope(await submit(formId, window, { question1: 'answer1' }), 404, 'NOT_FOUND', /Routing form/);
      });

      it('"permissions › should return 401 when authentication token is missing"', async () => {
        expect((await submit(participantForm.id, window, { question1: 'answer1' }, null)).status).toBe(401);
      });

      it('"should return 400 when required form fields are missing"', async () => {
        expectErrorEnvelope(await submit(participantForm.id, window, {}), 400, 'BAD_REQUEST', /participant/);
      });

      it('"should return 400 when required slot query parameters are missing", "…date parameters have invalid format", "…end date is before start date"', async () => {
        const body = { participant: 'test-participant' };
        for (const query of ['?end=2050-09-06', '?start=2050-09-05', '?start=invalid-date&end=2050-09-06', '?start=2050-09-10&end=2050-09-05'])
          expectErrorEnvelope(await submit(participantForm.id, query, body), 400, 'BAD_REQUEST', /^(start|end) /);
      });

      it('(deviation, docs/compatibility.md "Routing forms") "should handle queued response creation": 400 naming queueResponse', async () => {
        const response = await submit(participantForm.id, `${window}&queueResponse=true`, { participant: 'test-participant' });
        expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^queueResponse is not served by this API/);
      });

      it('"should create response and return available slots when routing to event type": the event type, slots, teamMemberIds', async () => {
        const data = expectSuccess(await submit(questionForm.id, window, { question1: 'answer1', question2: 'answer2' }), 201);
        expect(data).toMatchObject({ eventTypeId, routing: { responseId: expect.any(Number), teamMemberIds: expect.any(Array) } });
        expect(data.slots).toEqual(expect.any(Object));
      });

      it('"should return 500 when event type is not found": 201 here, the route\'s event type without slots; (deviation) "…external redirect URL…": as configured', async () => {
        expect(expectSuccess(await submit(lostEventTypeForm.id, window, { question1: 'answer1' }), 201)).toMatchObject({ eventTypeId: 99999, slots: null });
        const external = expectSuccess(await submit(externalForm.id, window, { question1: 'external' }), 201);
        expect(external).toMatchObject({ routingExternalRedirectUrl: 'https://example.com/external-booking', eventTypeId: null, slots: null });
      });
    });

    it('(deviation, docs/compatibility.md "Routing forms") "PATCH … should update routing form response" (their organization path): the answers as {label, value}; the other PATCH cases as on that path', async () => {
      const path = `${responsesOf(participantForm.id)}/${participantResponseId}`;
      expect(
        (await stack.rest('PATCH', `${responsesOf(participantForm.id, 99999)}/${participantResponseId}`, { key: owner.key, body: { response: {} } })).status,
      ).toBe(403);
      expect((await stack.rest('PATCH', `${responsesOf(participantForm.id)}/99999`, { key: owner.key, body: { response: {} } })).status).toBe(404);
      expect((await stack.rest('PATCH', path, { body: { response: {} } })).status).toBe(401);
      const data = expectSuccess(
        await stack.rest('PATCH', path, { key: owner.key, body: { response: { participant: 'updated', question2: 'updated_answer2' } } }),
      );
      expect(data).toMatchObject({ id: participantResponseId, formId: participantForm.id });
      expect(data.response).toEqual({
        'participant-field': { label: 'participant', value: 'updated' },
        'question2-field': { label: 'question2', value: 'updated_answer2' },
      });
    });

    it('the team routes carry the same marks (x-svc-deviation)', async () => {
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      const responses = paths['/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses'];
      expect(responses.post['x-svc-deviation']).toEqual(
        expect.arrayContaining([expect.stringMatching(/queueResponse/), expect.stringMatching(/routingExternalRedirectUrl/)]),
      );
      expect(responses.post['x-svc-deviation']).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/a form that is not the team's .* is a 404/),
          expect.stringMatching(/another organization's path gets 404/),
        ]),
      );
      expect(responses.get['x-svc-deviation']).toEqual([
        expect.stringMatching(/another organization's path gets 404/),
        expect.stringMatching(/a form that is not the team's/),
        expect.stringMatching(/\{label, value\} per field/),
      ]);
    });
  });

  describe('routing-forms.e2e-spec.ts ("Routing forms endpoints › Calculate slots"): POST /v2/routing-forms/:routingFormId/calculate-slots', () => {
    // Their fixture: a team of two members, two collective event types of 60 minutes hosted by both, each with a schedule
    // of its own in Europe/London (football: Mondays 09:00–11:00; basketball: Tuesdays 11:00–13:00), and a form whose
    // select field "sport" routes football and basketball to them. Here the team is a team of the organization (forms are
    // an organization team's), the field's identifier is its label (their answers are keyed by it) and the routes compare
    // the option chosen (theirs compare the option's id in a query tree: a form here is checked when it is made).
    const slotsQuery = 'start=2060-01-12&end=2060-01-16';
    let sportsForm: { id: string };
    let football: { id: number };
    let basketball: { id: number };
    const calculate = (body: unknown, key?: string) => stack.rest('POST', `/v2/routing-forms/${sportsForm.id}/calculate-slots?${slotsQuery}`, { key, body });

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const [teammateOne, teammateTwo, team] = await Promise.all([
        person(stack, 'routing-forms-teammate-1'),
        person(stack, 'routing-forms-teammate-2'),
        operator.createTeam({ name: 'routing-forms-team', orgId: responsesOrg.id }),
      ]);
      const teammates = [teammateOne, teammateTwo];
      await Promise.all(teammates.map((who) => operator.addMember({ teamId: team.id, userId: who.id, role: MembershipRole.MEMBER })));
      const sport = async (name: string, owner: Person, day: string, startTime: string, endTime: string) => {
        const schedule = await operator.createSchedule({
          ownerId: owner.id,
          name,
          timeZone: 'Europe/London',
          isDefault: false,
          availability: [{ days: [day], startTime, endTime }],
          overrides: [],
        });
        return operator.createEventType({
          title: `Collective Event Type ${name[0].toUpperCase()}${name.slice(1)}`,
          slug: `routing-forms-collective-event-type-${name}`,
          lengthInMinutes: 60,
          teamId: team.id,
          schedulingType: 'collective',
          hostIds: teammates.map((who) => who.id),
          scheduleId: schedule.id,
        });
      };
      [football, basketball] = await Promise.all([
        sport('football', teammateOne, 'Monday', '09:00', '11:00'),
        sport('basketball', teammateTwo, 'Tuesday', '11:00', '13:00'),
      ]);
      const sportField = 'dcd8b978-fa11-47be-801a-5ca2cd4ec16e';
      const created = await stack.graphql(
        CREATE_FORM,
        {
          orgId: responsesOrg.id,
          teamId: team.id,
          input: {
            name: 'football or basketball',
            description: 'Do you want to play football or basketball?',
            disabled: false,
            fields: [
              {
                id: sportField,
                type: 'select',
                label: 'sport',
                identifier: 'sport',
                required: true,
                options: [
                  { id: '755c11d1-fa46-4d03-8e15-d2c4ab3407d7', label: 'football' },
                  { id: '4cbb1537-0ab9-4286-b4bf-08b08ff23372', label: 'basketball' },
                ],
              },
            ],
            routes: [
              {
                id: 'baba89aa-4567-489a-bcde-f1961b1ae10c',
                conditions: [{ field: sportField, operator: 'equals', value: 'football' }],
                action: {
                  type: 'eventTypeRedirectUrl',
                  value: 'team/routing-forms-team/routing-forms-collective-event-type-football',
                  eventTypeId: football.id,
                },
              },
              {
                id: '88a98b98-0123-4456-b89a-b1961b1b1a04',
                conditions: [{ field: sportField, operator: 'equals', value: 'basketball' }],
                action: {
                  type: 'eventTypeRedirectUrl',
                  value: 'team/routing-forms-team/routing-forms-collective-event-type-basketball',
                  eventTypeId: basketball.id,
                },
              },
              {
                id: '9b9ab9bb-cdef-4012-b456-71961b1a8b78',
                isFallback: true,
                action: { type: 'customPageMessage', value: 'Thank you for your interest! We will be in touch soon.' },
              },
            ],
            settings: { emailOwnerOnSubmission: true },
          },
        },
        owner.key,
      );
      expect(created.body.errors).toBeUndefined();
      sportsForm = created.body.data.createRoutingForm;
    });

    it('"should return correct slots for option 1" (sport: football): 200, the football event type, Monday 09:00 and 10:00', async () => {
      const data = expectSuccess(await calculate({ sport: 'football' }, owner.key));
      expect(data.eventTypeId).toEqual(football.id);
      expect(data.slots).toEqual({ '2060-01-12': [{ start: '2060-01-12T09:00:00.000Z' }, { start: '2060-01-12T10:00:00.000Z' }] });
    });

    it('"should return correct slots for option 2" (sport: basketball): 200, the basketball event type, Tuesday 11:00 and 12:00', async () => {
      const data = expectSuccess(await calculate({ sport: 'basketball' }, owner.key));
      expect(data.eventTypeId).toEqual(basketball.id);
      expect(data.slots).toEqual({ '2060-01-13': [{ start: '2060-01-13T11:00:00.000Z' }, { start: '2060-01-13T12:00:00.000Z' }] });
    });

    it('(deviation, docs/compatibility.md "Routing forms") their cases send no credential: 401 here (the reference document requires Authorization), and the mark', async () => {
      expectErrorEnvelope(await calculate({ sport: 'football' }), 401, 'UNAUTHORIZED');
      // A member of the organization who is not an admin of the form's team or organization: 403.
      expectErrorEnvelope(await calculate({ sport: 'football' }, orgMember.key), 403, 'FORBIDDEN');
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/routing-forms/{routingFormId}/calculate-slots'].post['x-svc-deviation']).toEqual([
        expect.stringMatching(/^Routing forms — calculate-slots needs a credential of an admin of the form's team or organization/),
      ]);
    });
  });

  describe('organizations-teams-routing-forms.controller.e2e-spec.ts: GET /v2/organizations/:orgId/teams/:teamId/routing-forms', () => {
    // Newer copy (…/organizations/teams/routing-forms/…): an OWNER of the organization who is not a member of the team, its
    // team's one form "Test Routing Form". Older copy (…/organizations/routing-forms/…): its team's one form "Test Team
    // Routing Form"; its caller is an API key of the organization itself, here the same owner.
    let orgOwner: Person;
    let listOrg: { id: number };
    let team: { id: number };
    let olderTeam: { id: number };
    let teamForm: { id: string };
    let olderTeamForm: { id: string };
    const formInput = (name: string, description: string) => ({ name, description, disabled: false, fields: [], routes: [], settings: {} });
    const teamList = (search: string, key?: string, orgId?: number, teamId?: number) =>
      stack.rest('GET', `/v2/organizations/${orgId ?? listOrg.id}/teams/${teamId ?? team.id}/routing-forms${search}`, { key });

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [orgOwner, listOrg] = await Promise.all([
        person(stack, 'OrganizationsRoutingFormsResponsesController-key-bookings-2024-08-13-user'),
        // Their name carries a random suffix; the responses spec's organization above has the bare one.
        operator.createOrganization({ name: 'OrganizationsRoutingFormsResponsesController-teams-memberships-organization-list' }),
      ]);
      [team, olderTeam] = await Promise.all([
        operator.createTeam({ name: 'OrganizationsRoutingFormsResponsesController orgs booking 1', orgId: listOrg.id }),
        operator.createTeam({ name: 'Test Team', orgId: listOrg.id }),
        operator.addMember({ teamId: listOrg.id, userId: orgOwner.id, role: MembershipRole.OWNER }),
      ]);
      const make = async (teamId: number, input: unknown) => {
        const created = await stack.graphql(CREATE_FORM, { orgId: listOrg.id, teamId, input }, orgOwner.key);
        expect(created.body.errors).toBeUndefined();
        return created.body.data.createRoutingForm as { id: string };
      };
      [teamForm, olderTeamForm] = await Promise.all([
        make(team.id, formInput('Test Routing Form', 'Test Description')),
        make(olderTeam.id, formInput('Test Team Routing Form', 'Test Team Description')),
      ]);
    });

    it('"should not get team routing forms for non existing org": 403 (the older copy, with the organization\'s own key: 404)', async () => {
      expect((await teamList('', orgOwner.key, 99999)).status).toBe(403);
    });

    it('"should not get team routing forms for non existing team": 404', async () => {
      expect((await teamList('', orgOwner.key, listOrg.id, 99999)).status).toBe(404);
    });

    it('"should not get team routing forms without authentication": 401', async () => {
      expect((await teamList('')).status).toBe(401);
    });

    it('"should get team routing forms" (both copies): the form, its name, description and disabled', async () => {
      for (const [teamId, form, name, description] of [
        [team.id, teamForm, 'Test Routing Form', 'Test Description'],
        [olderTeam.id, olderTeamForm, 'Test Team Routing Form', 'Test Team Description'],
      ] as const) {
        const data = expectSuccess(await teamList('', orgOwner.key, listOrg.id, teamId));
        expect(data.length).toBeGreaterThan(0);
        expect(data[0]).toMatchObject({ id: form.id, name, description, disabled: false });
      }
    });

    it('"should filter team routing forms by name" (older copy: name=Team finds "Test Team Routing Form")', async () => {
      const data = expectSuccess(await teamList('?name=Team', orgOwner.key, listOrg.id, olderTeam.id));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0].name).toContain('Team');
    });

    it('(deviation, docs/compatibility.md "Routing forms") "should filter team routing forms by name" (newer copy: name=Team answers "Test Routing Form", the filter ignored): none here; name=Test finds it; the mark', async () => {
      expect(expectSuccess(await teamList('?name=Team', orgOwner.key))).toEqual([]);
      expect(expectSuccess(await teamList('?name=Test', orgOwner.key))[0]).toMatchObject({ id: teamForm.id, name: 'Test Routing Form' });
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/organizations/{orgId}/teams/{teamId}/routing-forms'].get['x-svc-deviation']).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/another organization's path gets 404/),
          expect.stringMatching(/a team's list filters by name .* and disabled, as the organization's list does \(the real service ignores both/),
        ]),
      );
    });

    it('"should filter team routing forms by disabled status" (disabled=false, both copies): the enabled form', async () => {
      for (const teamId of [team.id, olderTeam.id]) {
        const data = expectSuccess(await teamList('?disabled=false', orgOwner.key, listOrg.id, teamId));
        expect(data.length).toBeGreaterThan(0);
        expect(data[0].disabled).toBe(false);
      }
    });
  });
});
