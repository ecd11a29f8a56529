import { randomBytes } from 'node:crypto';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { codeIn, startSmsProvider } from '../support/sms-provider';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The GraphQL-only creation of a routing form (the REST API has none, as the reference). */
const CREATE_FORM = /* GraphQL */ `
  mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }
`;

/**
 * Conformance: an organization team's workflows, event-type and routing-form ones, replayed from the real service's
 * public e2e spec apps/api/v2/src/modules/organizations/teams/workflows/controllers/org-team-workflows.controller.e2e-spec.ts
 * ("OrganizationsTeamsWorkflowsController (E2E)", test names beside each case). Their fixture writes the team's
 * verified phones and e-mails; here they are verified through the team's own routes with the codes really sent
 * (the test SMS provider's, the test SMTP server's). Cases marked "(not in their spec)" check rules the spec's
 * fixtures exercise without asserting them: activation on the team's event types and routing forms, a resource
 * that is not verified, a person outside the team.
 */
describe('conformance: organization team workflows', () => {
  let stack: TestStack;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let user: Person;
  let outsider: Person;
  let org: { id: number };
  let orgTeam: { id: number };
  let otherTeam: { id: number };
  let eventTypeId: number;
  let routingFormId: string;
  let otherTeamFormId: string;
  let basePath: string;
  let verifiedPhoneId: number;
  let verifiedPhoneId2: number;
  let verifiedEmailId: number;
  let verifiedEmailId2: number;
  let firstWorkflowId: number;
  let createdWorkflowId: number;
  let createdFormWorkflowId: number;
  let createdWorkflow: any;
  let createdFormWorkflow: any;
  const tag = randomBytes(4).toString('hex');
  const emailToVerify = `org-teams-workflows-team-${tag}@example.com`;
  const phone1 = '+37255555555';
  const phoneToVerify = '+37255556666';

  const message = { subject: 'Upcoming: {EVENT_NAME}', html: '<p>Reminder for your event {EVENT_NAME}.</p>' };
  const textMessage = { subject: 'Upcoming: {EVENT_NAME}', text: 'Reminder for your event {EVENT_NAME}.' };
  const emailAttendeeStep = {
    stepNumber: 1,
    action: 'email_attendee',
    recipient: 'attendee',
    template: 'reminder',
    sender: 'SvcE2EStep1',
    includeCalendarEvent: true,
    message,
  };
  let eventTypeWorkflow: {
    name: string;
    activation: Record<string, unknown>;
    trigger: { type: string; offset: { value: number; unit: string } };
    steps: any[];
  };
  const formWorkflow = {
    name: `E2E Test Form Workflow ${tag}`,
    activation: { isActiveOnAllRoutingForms: true, activeOnRoutingFormIds: [] as string[] },
    trigger: { type: 'formSubmitted' },
    steps: [emailAttendeeStep],
  };

  const call = (method: string, path: string, body?: unknown, key = user.key) => stack.rest(method, path, { key, body });
  const anonymous = (method: string, path: string, body?: unknown) => stack.rest(method, path, { body });

  /** A team's verified e-mail or phone, through the organization team's verified-resources routes and the code sent. */
  async function verify(kind: 'emails' | 'phones', value: string): Promise<number> {
    const prefix = `/v2/organizations/${org.id}/teams/${orgTeam.id}/verified-resources/${kind}/verification-code`;
    const field = kind === 'emails' ? { email: value } : { phone: value };
    expectSuccess(await call('POST', `${prefix}/request`, field));
    const code =
      kind === 'emails' ? codeIn((await stack.mail.waitFor((m) => m.to.includes(value))).text) : codeIn(sms.messages.find((m) => m.to === value)!.body);
    return expectSuccess(await call('POST', `${prefix}/verify`, { ...field, code })).id;
  }

  beforeAll(async () => {
    [stack, sms] = await Promise.all([startTestStack({ smtp: true }), startSmsProvider()]);
    process.env.SMS_PROVIDER_URL = sms.url;
    const operator = operatorOf(stack);
    [user, outsider, org] = await Promise.all([
      person(stack, 'org-teams-workflows-user'),
      person(stack, 'org-teams-workflows-outsider'),
      operator.createOrganization({ name: `org-teams-workflows-org-${tag}` }),
    ]);
    [orgTeam, otherTeam] = await Promise.all([
      operator.createTeam({ name: `org-teams-workflows-team-${tag}`, orgId: org.id }),
      operator.createTeam({ name: `org-teams-workflows-other-${tag}`, orgId: org.id }),
    ]);
    await Promise.all([
      operator.addMember({ teamId: org.id, userId: user.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: orgTeam.id, userId: user.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: otherTeam.id, userId: user.id, role: MembershipRole.ADMIN }),
    ]);
    basePath = `/v2/organizations/${org.id}/teams/${orgTeam.id}/workflows`;
    const form = {
      name: 'Workflow form',
      fields: [{ id: 'email', label: 'Email', type: 'email' }],
      routes: [{ id: 'fallback', isFallback: true, action: { type: 'customPageMessage', value: 'Thanks' } }],
    };
    const createForm = async (teamId: number) => {
      const created = await stack.graphql(CREATE_FORM, { orgId: org.id, teamId, input: form }, user.key);
      expect(created.body.errors).toBeUndefined();
      return created.body.data.createRoutingForm.id as string;
    };
    let eventType: { id: number };
    [verifiedPhoneId, verifiedPhoneId2, verifiedEmailId, verifiedEmailId2, eventType, routingFormId, otherTeamFormId] = await Promise.all([
      verify('phones', phone1),
      verify('phones', phoneToVerify),
      verify('emails', user.email),
      verify('emails', emailToVerify),
      operator.createEventType({ title: 'Workflow demo', slug: `workflow-demo-${tag}`, lengthInMinutes: 30, teamId: orgTeam.id, hostIds: [user.id] }),
      createForm(orgTeam.id),
      createForm(otherTeam.id),
    ]);
    eventTypeId = eventType.id;
    eventTypeWorkflow = {
      name: `E2E Test Workflow ${tag}`,
      activation: { isActiveOnAllEventTypes: true, activeOnEventTypeIds: [] },
      trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'day' } },
      steps: [
        emailAttendeeStep,
        { stepNumber: 2, action: 'sms_number', recipient: 'phone_number', template: 'reminder', verifiedPhoneId, sender: 'SvcE2EStep2', message: textMessage },
        {
          stepNumber: 3,
          action: 'email_address',
          recipient: 'email',
          template: 'reminder',
          verifiedEmailId,
          sender: 'SvcE2EStep3',
          includeCalendarEvent: true,
          message,
        },
        {
          stepNumber: 4,
          action: 'sms_attendee',
          recipient: 'phone_number',
          template: 'reminder',
          phoneRequired: true,
          sender: 'SvcE2EStep4',
          message: textMessage,
        },
      ],
    };
  });
  afterAll(async () => {
    delete process.env.SMS_PROVIDER_URL;
    await sms?.stop();
    await stack.stop();
  });

  const stepNumbered = (data: { steps: any[] }, n: number) => data.steps.find((step) => step.stepNumber === n);

  describe('POST …/workflows and …/workflows/routing-form', () => {
    it('"should create a new workflow": 201, type event-type, its activation, trigger and four steps (the verified phone and e-mail as phone and email)', async () => {
      const data = expectSuccess(await call('POST', basePath, eventTypeWorkflow), 201);
      expect(data.name).toBe(eventTypeWorkflow.name);
      expect(data.activation.isActiveOnAllEventTypes).toBe(true);
      expect(data.trigger).toEqual({ type: 'beforeEvent', offset: { value: 1, unit: 'day' } });
      expect(data.steps).toHaveLength(4);
      for (const n of [1, 2, 3, 4]) expect(stepNumbered(data, n).id).toEqual(expect.any(Number));
      expect(stepNumbered(data, 1)).toMatchObject({ sender: 'SvcE2EStep1', includeCalendarEvent: true });
      expect(stepNumbered(data, 2)).toMatchObject({ sender: 'SvcE2EStep2', phone: phone1 });
      expect(stepNumbered(data, 3).email).toBe(user.email);
      expect(stepNumbered(data, 4).phoneRequired).toBe(true);
      expect(data.type).toBe('event-type');
      firstWorkflowId = data.id;
      createdWorkflowId = data.id;
      createdWorkflow = data;
    });

    it('"should not create a new routing form workflow with trigger not FORM_SUBMITTED" (afterEvent): 400 naming trigger.type', async () => {
      const invalid = { ...formWorkflow, trigger: { type: 'afterEvent' } };
      expectErrorEnvelope(
        await call('POST', `${basePath}/routing-form`, invalid),
        400,
        'BAD_REQUEST',
        /^trigger\.type must be one of formSubmitted, formSubmittedNoEvent for a routing-form workflow/,
      );
    });

    it('"should not create a new routing form workflow with not allowed actions" (sms_number): 400 naming the step\'s action', async () => {
      const invalid = {
        ...formWorkflow,
        steps: [
          {
            stepNumber: 1,
            action: 'sms_number',
            recipient: 'phone_number',
            template: 'reminder',
            verifiedPhoneId,
            sender: 'SvcE2EStep2',
            message: textMessage,
          },
        ],
      };
      expectErrorEnvelope(
        await call('POST', `${basePath}/routing-form`, invalid),
        400,
        'BAD_REQUEST',
        /^steps\[0\]\.action must be one of email_attendee, email_address for a routing-form workflow/,
      );
    });

    it('"should create a new routing form workflow with  allowed actions": 201, type routing-form, active on all routing forms, formSubmitted, one step', async () => {
      const data = expectSuccess(await call('POST', `${basePath}/routing-form`, formWorkflow), 201);
      expect(data.name).toBe(formWorkflow.name);
      expect(data.type).toBe('routing-form');
      expect(data.activation).toEqual({ isActiveOnAllRoutingForms: true, activeOnRoutingFormIds: [] });
      expect(data.trigger.type).toBe('formSubmitted');
      expect(data.steps).toHaveLength(1);
      expect(stepNumbered(data, 1)).toMatchObject({ id: expect.any(Number), sender: 'SvcE2EStep1' });
      createdFormWorkflowId = data.id;
      createdFormWorkflow = data;
    });

    it('"should create a new workflow" (again, type left out): 201 with the four steps', async () => {
      const data = expectSuccess(await call('POST', basePath, { ...eventTypeWorkflow, type: undefined }), 201);
      expect(data).toMatchObject({ name: eventTypeWorkflow.name, activation: { isActiveOnAllEventTypes: true }, trigger: eventTypeWorkflow.trigger });
      expect(data.steps).toHaveLength(4);
      expect(stepNumbered(data, 1).sender).toBe('SvcE2EStep1');
      expect(stepNumbered(data, 2)).toMatchObject({ sender: 'SvcE2EStep2', phone: phone1 });
      expect(stepNumbered(data, 3).email).toBe(user.email);
      createdWorkflowId = data.id;
      createdWorkflow = data;
    });

    it('"should not create a new workflow" (a formSubmitted trigger on an event-type workflow): 400', async () => {
      const response = await call('POST', basePath, { ...eventTypeWorkflow, trigger: { ...eventTypeWorkflow, type: 'formSubmitted' } });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST');
      // (not in their spec) the trigger alone, without the stray fields their body carries: the rule names it
      expectErrorEnvelope(
        await call('POST', basePath, { ...eventTypeWorkflow, trigger: { type: 'formSubmitted' } }),
        400,
        'BAD_REQUEST',
        /^trigger\.type must be one of beforeEvent, .* for an event-type workflow, got "formSubmitted"/,
      );
    });

    it('"should return 401 if not authenticated"', async () => {
      expect((await anonymous('POST', basePath, eventTypeWorkflow)).status).toBe(401);
    });

    it('"should return 400 for invalid data (e.g. missing name)"', async () => {
      expectErrorEnvelope(await call('POST', basePath, { ...eventTypeWorkflow, name: undefined }), 400, 'BAD_REQUEST');
    });

    it('(not in their spec) a person outside the team: 403 on both kinds, nothing made', async () => {
      expectErrorEnvelope(await call('POST', basePath, eventTypeWorkflow, outsider.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await call('POST', `${basePath}/routing-form`, formWorkflow, outsider.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await call('GET', basePath, undefined, outsider.key), 403, 'FORBIDDEN');
    });

    it('(not in their spec) a phone or e-mail not verified for the team, a repeated step number, an event type or routing form not of the team: 400 naming the field', async () => {
      const [, sms2, email3] = eventTypeWorkflow.steps;
      const cases: Array<[string, unknown, RegExp]> = [
        [
          basePath,
          { ...eventTypeWorkflow, steps: [{ ...sms2, verifiedPhoneId: 999999 }] },
          /^steps\[0\]\.verifiedPhoneId 999999 is not a verified phone number of team/,
        ],
        [
          basePath,
          { ...eventTypeWorkflow, steps: [{ ...email3, verifiedEmailId: 999999 }] },
          /^steps\[0\]\.verifiedEmailId 999999 is not a verified e-mail of team/,
        ],
        [basePath, { ...eventTypeWorkflow, steps: [sms2, { ...email3, stepNumber: 2 }] }, /^steps\[1\]\.stepNumber repeats another step's number/],
        [
          basePath,
          { ...eventTypeWorkflow, activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [999999] } },
          /^activation\.activeOnEventTypeIds: 999999 is not an event type of the team/,
        ],
        [
          `${basePath}/routing-form`,
          { ...formWorkflow, activation: { isActiveOnAllRoutingForms: false, activeOnRoutingFormIds: [otherTeamFormId] } },
          /^activation\.activeOnRoutingFormIds: ".*" is not a routing form of the team/,
        ],
      ];
      for (const [path, body, problem] of cases) expectErrorEnvelope(await call('POST', path, body), 400, 'BAD_REQUEST', problem);
    });
  });

  describe('GET …/workflows and …/workflows/routing-form', () => {
    it('"should get a list of event-type workflows for the team" (skip=0&take=10): the created one among them, all event-type', async () => {
      const data = expectSuccess(await call('GET', `${basePath}?skip=0&take=10`));
      expect(data.length).toBeGreaterThanOrEqual(1);
      expect(data.some((wf: any) => wf.id === createdWorkflowId)).toBe(true);
      expect(data.every((wf: any) => wf.type === 'event-type')).toBe(true);
    });

    it('(not in their spec) pages: take=1 then skip=1&take=1 answer the two event-type workflows in the order made', async () => {
      const [first, second] = [expectSuccess(await call('GET', `${basePath}?take=1`)), expectSuccess(await call('GET', `${basePath}?skip=1&take=1`))];
      expect([...first, ...second].map((wf: any) => wf.id)).toEqual([firstWorkflowId, createdWorkflowId]);
    });

    it('"should get a list of routing-form workflows for the team" (skip=0&take=10): the created one among them, all routing-form', async () => {
      const data = expectSuccess(await call('GET', `${basePath}/routing-form?skip=0&take=10`));
      expect(data.length).toBeGreaterThanOrEqual(1);
      expect(data.some((wf: any) => wf.id === createdFormWorkflowId)).toBe(true);
      expect(data.every((wf: any) => wf.type === 'routing-form')).toBe(true);
    });

    it('"should return 401 if not authenticated"', async () => {
      expect((await anonymous('GET', basePath)).status).toBe(401);
    });
  });

  describe('GET …/workflows/{workflowId} and …/{workflowId}/routing-form', () => {
    it('"should get a specific workflow by ID"', async () => {
      expect(expectSuccess(await call('GET', `${basePath}/${createdWorkflowId}`))).toMatchObject({ id: createdWorkflowId, type: 'event-type' });
    });

    it('"should get a specific routing-form workflow by ID"', async () => {
      expect(expectSuccess(await call('GET', `${basePath}/${createdFormWorkflowId}/routing-form`))).toMatchObject({
        id: createdFormWorkflowId,
        type: 'routing-form',
      });
    });

    it('"should return 404 for a non-existent workflow ID"; (not in their spec) a workflow of the other kind is not found on a path either', async () => {
      expectErrorEnvelope(await call('GET', `${basePath}/999999`), 404, 'NOT_FOUND');
      expectErrorEnvelope(await call('GET', `${basePath}/${createdFormWorkflowId}`), 404, 'NOT_FOUND');
      expectErrorEnvelope(await call('GET', `${basePath}/${createdWorkflowId}/routing-form`), 404, 'NOT_FOUND');
    });

    it('"should return 401 if not authenticated"', async () => {
      expect((await anonymous('GET', `${basePath}/${createdWorkflowId}`)).status).toBe(401);
    });
  });

  describe('PATCH …/workflows/{workflowId} and …/{workflowId}/routing-form', () => {
    const updatedName = `Updated Workflow Name ${tag}`;

    it('"should update an existing workflow, update the first and second step and discard other steps": the steps sent keep their ids, in the new order', async () => {
      const step2 = stepNumbered(createdWorkflow, 2);
      const step3 = stepNumbered(createdWorkflow, 3);
      const update = {
        name: updatedName,
        trigger: { type: 'afterEvent', offset: { unit: 'minute', value: 10 } },
        steps: [
          {
            stepNumber: 1,
            id: step3.id,
            action: 'email_address',
            recipient: 'email',
            template: 'reminder',
            verifiedEmailId: verifiedEmailId2,
            sender: 'updatedSender',
            includeCalendarEvent: false,
            message: { subject: 'Update Upcoming: {EVENT_NAME}', html: '<p>Update Reminder for your event {EVENT_NAME}.</p>' },
          },
          {
            stepNumber: 2,
            id: step2.id,
            action: 'whatsapp_number',
            recipient: 'phone_number',
            template: 'reminder',
            verifiedPhoneId: verifiedPhoneId2,
            sender: 'updatedSender',
            message: { subject: 'Update Upcoming: {EVENT_NAME}', text: 'Update Reminder for your event {EVENT_NAME}.' },
          },
        ],
      };
      const data = expectSuccess(await call('PATCH', `${basePath}/${createdWorkflowId}`, update));
      expect(data).toMatchObject({ id: createdWorkflowId, name: updatedName });
      expect(data.steps.find((step: any) => step.id === step3.id)).toMatchObject({
        sender: 'updatedSender',
        email: emailToVerify,
        includeCalendarEvent: false,
      });
      expect(data.steps.find((step: any) => step.id === step2.id)).toBeDefined();
      expect(data.steps[1]).toMatchObject({ sender: 'updatedSender', phone: phoneToVerify });
      expect(data.steps[2]?.id).toBeUndefined();
      expect(data.trigger).toEqual({ type: 'afterEvent', offset: { value: 10, unit: 'minute' } });
    });

    it('"should not update an existing event-type workflow, trying to use form workflow trigger": 400 naming trigger.type, nothing changed', async () => {
      const update = { name: `${updatedName} again`, trigger: { type: 'formSubmitted', offset: { unit: 'minute', value: 10 } } };
      expectErrorEnvelope(await call('PATCH', `${basePath}/${createdWorkflowId}`, update), 400, 'BAD_REQUEST', /^trigger\.type/);
      expect(expectSuccess(await call('GET', `${basePath}/${createdWorkflowId}`)).name).toBe(updatedName);
    });

    it('"should not update an existing event-type workflow, trying to use routing-form workflow endpoint": 404', async () => {
      expectErrorEnvelope(await call('PATCH', `${basePath}/${createdWorkflowId}/routing-form`, { name: updatedName }), 404, 'NOT_FOUND');
    });

    it('"should update an existing routing form workflow, update the first step and discard any other steps": the step keeps its id, now an email_address step', async () => {
      const step1 = stepNumbered(createdFormWorkflow, 1);
      const update = {
        name: updatedName,
        trigger: { type: 'formSubmitted' },
        steps: [
          {
            stepNumber: 1,
            id: step1.id,
            action: 'email_address',
            recipient: 'email',
            template: 'reminder',
            verifiedEmailId: verifiedEmailId2,
            sender: 'updatedSender',
            includeCalendarEvent: true,
            message: { subject: 'Update Upcoming: {EVENT_NAME}', html: '<p>Update Reminder for your event {EVENT_NAME}.</p>' },
          },
        ],
      };
      const data = expectSuccess(await call('PATCH', `${basePath}/${createdFormWorkflowId}/routing-form`, update));
      expect(data).toMatchObject({ id: createdFormWorkflowId, name: updatedName, type: 'routing-form', trigger: { type: 'formSubmitted' } });
      expect(data.activation).toBeDefined();
      expect(data.steps.find((step: any) => step.id === step1.id)).toMatchObject({ sender: 'updatedSender', email: emailToVerify, includeCalendarEvent: true });
      expect(data.steps[1]?.id).toBeUndefined();
    });

    it('(not in their spec) activation on one event type of the team, and on one routing form of the team; an id of none or of another team is a 400', async () => {
      const onEventType = expectSuccess(
        await call('PATCH', `${basePath}/${createdWorkflowId}`, { activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] } }),
      );
      expect(onEventType.activation).toEqual({ isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] });
      const onForm = expectSuccess(
        await call('PATCH', `${basePath}/${createdFormWorkflowId}/routing-form`, {
          activation: { isActiveOnAllRoutingForms: false, activeOnRoutingFormIds: [routingFormId] },
        }),
      );
      expect(onForm.activation).toEqual({ isActiveOnAllRoutingForms: false, activeOnRoutingFormIds: [routingFormId] });
      expectErrorEnvelope(
        await call('PATCH', `${basePath}/${createdWorkflowId}`, { activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [999999] } }),
        400,
        'BAD_REQUEST',
        /^activation\.activeOnEventTypeIds/,
      );
      expectErrorEnvelope(
        await call('PATCH', `${basePath}/${createdFormWorkflowId}/routing-form`, { activation: { activeOnRoutingFormIds: ['not-a-form'] } }),
        400,
        'BAD_REQUEST',
        /^activation\.activeOnRoutingFormIds/,
      );
    });

    it("(not in their spec) a step id that is not one of the workflow's steps: 400 naming it", async () => {
      const foreignStep = { ...eventTypeWorkflow.steps[0], id: stepNumbered(createdFormWorkflow, 1).id };
      expectErrorEnvelope(await call('PATCH', `${basePath}/${createdWorkflowId}`, { steps: [foreignStep] }), 400, 'BAD_REQUEST', /^steps\[0\]\.id/);
    });

    it('"should return 404 for updating a non-existent workflow ID" (a step as answered, sender changed)', async () => {
      const update = { name: updatedName, steps: [{ ...createdWorkflow.steps[0], sender: 'updatedSender' }] };
      expectErrorEnvelope(await call('PATCH', `${basePath}/999999`, update), 404, 'NOT_FOUND');
    });

    it('"should return 401 if not authenticated"', async () => {
      const update = { name: updatedName, steps: [{ ...createdWorkflow.steps[0], sender: 'updatedSender' }] };
      expect((await anonymous('PATCH', `${basePath}/${createdWorkflowId}`, update)).status).toBe(401);
    });
  });

  describe('DELETE …/workflows/{workflowId} and …/{workflowId}/routing-form', () => {
    let workflowToDeleteId: number;

    // Theirs makes a workflow before each case; one is enough here (one case deletes it).
    beforeAll(async () => {
      workflowToDeleteId = expectSuccess(await call('POST', basePath, { ...eventTypeWorkflow, name: `Workflow To Delete ${tag}` }), 201).id;
    });

    it('"should delete an existing event-type workflow": 200; (deviation row) the answer is the deleted workflow, then it is gone', async () => {
      expect(expectSuccess(await call('DELETE', `${basePath}/${workflowToDeleteId}`))).toMatchObject({ id: workflowToDeleteId, type: 'event-type' });
      expectErrorEnvelope(await call('GET', `${basePath}/${workflowToDeleteId}`), 404, 'NOT_FOUND');
    });

    it('"should delete an existing routing-form workflow": 200, then it is gone', async () => {
      expect(expectSuccess(await call('DELETE', `${basePath}/${createdFormWorkflowId}/routing-form`))).toMatchObject({
        id: createdFormWorkflowId,
        type: 'routing-form',
      });
      expectErrorEnvelope(await call('GET', `${basePath}/${createdFormWorkflowId}/routing-form`), 404, 'NOT_FOUND');
    });

    it('(deviation rows) the OpenAPI document marks both deletes (x-svc-deviation), and nothing else of the workflow routes', async () => {
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      const base = '/v2/organizations/{orgId}/teams/{teamId}/workflows';
      expect(paths[`${base}/{workflowId}`].delete['x-svc-deviation']).toEqual([expect.stringMatching(/answers the deleted workflow/)]);
      expect(paths[`${base}/{workflowId}/routing-form`].delete['x-svc-deviation']).toEqual([expect.stringMatching(/answers the deleted workflow/)]);
      expect(paths[`${base}/routing-form`].post['x-svc-deviation']).toBeUndefined();
      expect(paths[`${base}/routing-form`].get['x-svc-deviation']).toBeUndefined();
      expect(paths[base].post['x-svc-deviation']).toBeUndefined();
    });

    it('"should return 404 when trying to delete a non-existent workflow ID"', async () => {
      expectErrorEnvelope(await call('DELETE', `${basePath}/999999`), 404, 'NOT_FOUND');
    });

    it('"should return 401 if not authenticated"', async () => {
      expect((await anonymous('DELETE', `${basePath}/${createdWorkflowId}`)).status).toBe(401);
    });
  });
});
