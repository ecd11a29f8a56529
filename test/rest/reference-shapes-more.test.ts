import { EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { oauthClient } from '../support/oauth';
import { codeIn, startSmsProvider } from '../support/sms-provider';
import { ReferenceOutcome, referenceCaller, referenceOperationsOf } from '../support/reference-calls';
import { referenceDocument } from '../support/reference-components';
import { REFERENCE_DEVIATIONS, REFERENCE_QUIRKS } from '../support/reference-quirks';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Every answer validated against the reference (issue 22), the families after those of
 * `reference-shapes.test.ts`: teams, memberships (team, organization, organization team), organization
 * users, webhooks (user, event type, organization, OAuth client), organization attributes, API keys and
 * verified resources (the caller's, a team's, an organization team's), routing forms and workflows. Each operation of these tags is called once with realistic valid input, and its success answer is
 * validated against the reference's 200/201 schema (`test/support/reference-shapes.ts`, the reference
 * document's quirks listed there). The operations are read from the reference, so an operation of these
 * tags that is not called below fails the coverage test.
 */
const FAMILY_TAGS = [
  'Teams',
  'Orgs / Teams',
  'Orgs / Teams / Invite',
  'Teams / Memberships',
  'Orgs / Memberships',
  'Orgs / Teams / Memberships',
  'Orgs / Users',
  'Webhooks',
  'Event Types / Webhooks',
  'Orgs / Webhooks',
  'Platform / Webhooks',
  'Orgs / Attributes',
  'Orgs / Attributes / Options',
  'Api Keys',
  'Verified Resources',
  'Teams Verified Resources',
  'Organization Team Verified Resources',
  'Routing forms',
  'Orgs / Routing forms',
  'Orgs / Teams / Routing forms',
  'Orgs / Teams / Routing forms / Responses',
  'Orgs / Teams / Workflows',
];

const CREATE_ROUTING_FORM = /* GraphQL */ `
  mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }
`;

const WEBHOOK = {
  subscriberUrl: 'https://example.com/hook',
  triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED'],
  active: true,
  payloadTemplate: '{"uid":"{{uid}}"}',
};

const OPERATIONS = referenceOperationsOf(FAMILY_TAGS);

describe('reference shapes: teams, memberships, organization users, webhooks, attributes, API keys, verified resources, routing forms, workflows', () => {
  let stack: TestStack;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  const outcomes = new Map<string, ReferenceOutcome>();
  const call = referenceCaller(() => stack, outcomes);

  beforeAll(async () => {
    [stack, sms] = await Promise.all([startTestStack({ smtp: true }), startSmsProvider()]);
    process.env.SMS_PROVIDER_URL = sms.url;
    await Promise.all([teamsAndMemberships(), webhooks(), attributes(), refreshedKey(), verifiedResources(), routingForms(), workflows()]);
  });

  async function teamsAndMemberships() {
    const operator = operatorOf(stack);

    // Who: a team creator, an organization's admin, and people to add (one already in the organization).
    const [owner, joiner, orgAdmin, orgPerson, orgJoiner] = await Promise.all([
      userWithKey(stack, { name: 'Tia Teamowner' }),
      userWithKey(stack, { name: 'Jo Joiner' }),
      userWithKey(stack, { name: 'Olga Orgadmin' }),
      userWithKey(stack, { name: 'Pat Orgperson' }),
      userWithKey(stack, { name: 'Jules Orgjoiner' }),
    ]);
    const orgId = (await operator.createOrganization({ name: 'Shapes More Org', ownerId: orgAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: orgPerson.user.id, role: MembershipRole.MEMBER });

    // Teams and their memberships.
    const team = await call('POST', '/v2/teams', {}, { key: owner.key, body: { name: 'Shapes Team', metadata: { purpose: 'shapes' }, bio: 'We test.' } });
    const teamId = team.id as number;
    const [, , , teamMembership] = await Promise.all([
      call('GET', '/v2/teams', {}, { key: owner.key }),
      call('GET', '/v2/teams/{teamId}', { teamId }, { key: owner.key }),
      call('PATCH', '/v2/teams/{teamId}', { teamId }, { key: owner.key, body: { bio: 'We test shapes.', hideBookATeamMember: true } }),
      call('POST', '/v2/teams/{teamId}/memberships', { teamId }, { key: owner.key, body: { userId: joiner.user.id, role: 'MEMBER' } }),
    ]);
    const teamMembershipId = teamMembership.id as number;
    await Promise.all([
      call('GET', '/v2/teams/{teamId}/memberships', { teamId }, { key: owner.key }),
      call('GET', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key }),
      call('PATCH', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key, body: { role: 'ADMIN' } }),
    ]);
    await call('DELETE', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key });
    await call('DELETE', '/v2/teams/{teamId}', { teamId }, { key: owner.key });

    // The organization: its users, its memberships, its teams and their memberships.
    const [orgUser, orgMembership, orgTeam] = await Promise.all([
      call(
        'POST',
        '/v2/organizations/{orgId}/users',
        { orgId },
        { key: orgAdmin.key, body: { email: 'made.by.shapes@example.com', name: 'Made Byshapes', autoAccept: true } },
      ),
      call('POST', '/v2/organizations/{orgId}/memberships', { orgId }, { key: orgAdmin.key, body: { userId: orgJoiner.user.id, role: 'MEMBER' } }),
      call('POST', '/v2/organizations/{orgId}/teams', { orgId }, { key: orgAdmin.key, body: { name: 'Shapes Org Team', bio: 'An organization team.' } }),
    ]);
    const orgTeamId = orgTeam.id as number;
    const orgMembershipId = orgMembership.id as number;
    const [, , , , , , , , orgTeamMembership] = await Promise.all([
      call('GET', '/v2/organizations/{orgId}/users', { orgId }, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/users/{userId}', { orgId, userId: orgUser.id }, { key: orgAdmin.key, body: { name: 'Made Byshapes Again' } }),
      call('GET', '/v2/organizations/{orgId}/memberships', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/memberships/{membershipId}', { orgId, membershipId: orgMembershipId }, { key: orgAdmin.key }),
      call(
        'PATCH',
        '/v2/organizations/{orgId}/memberships/{membershipId}',
        { orgId, membershipId: orgMembershipId },
        { key: orgAdmin.key, body: { role: 'ADMIN' } },
      ),
      call('GET', '/v2/organizations/{orgId}/teams', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/me', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call(
        'POST',
        '/v2/organizations/{orgId}/teams/{teamId}/memberships',
        { orgId, teamId: orgTeamId },
        { key: orgAdmin.key, body: { userId: orgPerson.user.id, role: 'MEMBER' } },
      ),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/invite', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key, body: { bio: 'Still a team.' } }),
    ]);
    const teamMembershipOfOrg = { orgId, teamId: orgTeamId, membershipId: orgTeamMembership.id as number };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/memberships', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key, body: { role: 'ADMIN' } }),
    ]);
    await Promise.all([
      call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key }),
      call('DELETE', '/v2/organizations/{orgId}/memberships/{membershipId}', { orgId, membershipId: orgMembershipId }, { key: orgAdmin.key }),
      call('DELETE', '/v2/organizations/{orgId}/users/{userId}', { orgId, userId: orgUser.id }, { key: orgAdmin.key }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key });
  }

  /** Webhooks of a user, of one of their event types, of an organization and of an OAuth client. */
  async function webhooks() {
    const operator = operatorOf(stack);
    const [user, orgAdmin] = await Promise.all([userWithKey(stack, { name: 'Wes Webhooks' }), userWithKey(stack, { name: 'Ora Orgwebhooks' })]);
    const [eventType, org, platform] = await Promise.all([
      personalEventType(stack, user.user.id, { slug: 'hooked' }),
      operator.createOrganization({ name: 'Webhooks Shapes Org', ownerId: orgAdmin.user.id }),
      oauthClient(stack, user.user.id),
    ]);
    const key = user.key;
    const eventTypeId = eventType.id;
    const orgId = org.id;
    const clientId = platform.client.id;
    const secret = { 'x-svc-secret-key': platform.secret! };
    const [userHook, typeHook, orgHook, clientHook] = await Promise.all([
      call('POST', '/v2/webhooks', {}, { key, body: WEBHOOK }),
      call('POST', '/v2/event-types/{eventTypeId}/webhooks', { eventTypeId }, { key, body: WEBHOOK }),
      call('POST', '/v2/organizations/{orgId}/webhooks', { orgId }, { key: orgAdmin.key, body: WEBHOOK }),
      call('POST', '/v2/oauth-clients/{clientId}/webhooks', { clientId }, { headers: secret, body: WEBHOOK }),
    ]);
    const active = { active: false };
    await Promise.all([
      call('GET', '/v2/webhooks', {}, { key }),
      call('GET', '/v2/webhooks/{webhookId}', { webhookId: userHook.id }, { key }),
      call('PATCH', '/v2/webhooks/{webhookId}', { webhookId: userHook.id }, { key, body: active }),
      call('GET', '/v2/event-types/{eventTypeId}/webhooks', { eventTypeId }, { key }),
      call('GET', '/v2/event-types/{eventTypeId}/webhooks/{webhookId}', { eventTypeId, webhookId: typeHook.id }, { key }),
      call('PATCH', '/v2/event-types/{eventTypeId}/webhooks/{webhookId}', { eventTypeId, webhookId: typeHook.id }, { key, body: active }),
      call('GET', '/v2/organizations/{orgId}/webhooks', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/webhooks/{webhookId}', { orgId, webhookId: orgHook.id }, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/webhooks/{webhookId}', { orgId, webhookId: orgHook.id }, { key: orgAdmin.key, body: active }),
      call('GET', '/v2/oauth-clients/{clientId}/webhooks', { clientId }, { headers: secret }),
      call('GET', '/v2/oauth-clients/{clientId}/webhooks/{webhookId}', { clientId, webhookId: clientHook.id }, { headers: secret }),
      call('PATCH', '/v2/oauth-clients/{clientId}/webhooks/{webhookId}', { clientId, webhookId: clientHook.id }, { headers: secret, body: active }),
    ]);
    const [, , , , typeHook2, clientHook2] = await Promise.all([
      call('DELETE', '/v2/webhooks/{webhookId}', { webhookId: userHook.id }, { key }),
      call('DELETE', '/v2/event-types/{eventTypeId}/webhooks/{webhookId}', { eventTypeId, webhookId: typeHook.id }, { key }),
      call('DELETE', '/v2/organizations/{orgId}/webhooks/{webhookId}', { orgId, webhookId: orgHook.id }, { key: orgAdmin.key }),
      call('DELETE', '/v2/oauth-clients/{clientId}/webhooks/{webhookId}', { clientId, webhookId: clientHook.id }, { headers: secret }),
      stack.rest('POST', `/v2/event-types/${eventTypeId}/webhooks`, { key, body: { ...WEBHOOK, subscriberUrl: 'https://example.com/second' } }),
      stack.rest('POST', `/v2/oauth-clients/${clientId}/webhooks`, { headers: secret, body: { ...WEBHOOK, subscriberUrl: 'https://example.com/second' } }),
    ]);
    expect([typeHook2.status, clientHook2.status]).toEqual([201, 201]);
    await Promise.all([
      call('DELETE', '/v2/event-types/{eventTypeId}/webhooks', { eventTypeId }, { key }),
      call('DELETE', '/v2/oauth-clients/{clientId}/webhooks', { clientId }, { headers: secret }),
    ]);
  }

  /** An organization's attributes, their options, and options assigned to a member. */
  async function attributes() {
    const operator = operatorOf(stack);
    const [admin, member] = await Promise.all([userWithKey(stack, { name: 'Ada Attributes' }), userWithKey(stack, { name: 'Max Member' })]);
    const orgId = (await operator.createOrganization({ name: 'Attributes Shapes Org', ownerId: admin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
    const key = admin.key;
    const region = await call(
      'POST',
      '/v2/organizations/{orgId}/attributes',
      { orgId },
      { key, body: { name: 'Region', slug: 'region', type: 'SINGLE_SELECT', options: [{ value: 'Europe', slug: 'europe' }] } },
    );
    const attributeId = region.id as string;
    const [, , , option] = await Promise.all([
      call('GET', '/v2/organizations/{orgId}/attributes', { orgId }, { key }),
      call('GET', '/v2/organizations/{orgId}/attributes/{attributeId}', { orgId, attributeId }, { key }),
      call('PATCH', '/v2/organizations/{orgId}/attributes/{attributeId}', { orgId, attributeId }, { key, body: { name: 'Sales region' } }),
      call('POST', '/v2/organizations/{orgId}/attributes/{attributeId}/options', { orgId, attributeId }, { key, body: { value: 'Asia', slug: 'asia' } }),
    ]);
    const optionId = option.id as string;
    const userId = member.user.id;
    await call('POST', '/v2/organizations/{orgId}/attributes/options/{userId}', { orgId, userId }, { key, body: { attributeId, attributeOptionId: optionId } });
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/attributes/{attributeId}/options', { orgId, attributeId }, { key }),
      call(
        'PATCH',
        '/v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}',
        { orgId, attributeId, optionId },
        { key, body: { value: 'APAC' } },
      ),
      call('GET', '/v2/organizations/{orgId}/attributes/{attributeId}/options/assigned', { orgId, attributeId }, { key }),
      call('GET', '/v2/organizations/{orgId}/attributes/slugs/{attributeSlug}/options/assigned', { orgId, attributeSlug: 'region' }, { key }),
      call('GET', '/v2/organizations/{orgId}/attributes/options/{userId}', { orgId, userId }, { key }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/attributes/options/{userId}/{attributeOptionId}', { orgId, userId, attributeOptionId: optionId }, { key });
    await call('DELETE', '/v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}', { orgId, attributeId, optionId }, { key });
    await call('DELETE', '/v2/organizations/{orgId}/attributes/{attributeId}', { orgId, attributeId }, { key });
  }

  /** A user's API key, refreshed. */
  async function refreshedKey() {
    const { key } = await userWithKey(stack, { name: 'Kai Keyholder' });
    await call('POST', '/v2/api-keys/refresh', {}, { key, body: { apiKeyDaysValid: 30 } });
  }

  /** An e-mail address and a phone number verified under each of the three paths, then read back. */
  async function verifiedResources() {
    const operator = operatorOf(stack);
    const owner = await userWithKey(stack, { name: 'Vera Verifier' });
    const orgId = (await operator.createOrganization({ name: 'Verified Shapes Org', ownerId: owner.user.id })).id;
    const teamId = (await operator.createTeam({ name: 'Verified Shapes Team', orgId, ownerId: owner.user.id })).id;
    const key = owner.key;
    const prefixes: Array<[string, Record<string, number>, string]> = [
      ['/v2/verified-resources', {}, '+14155550101'],
      ['/v2/teams/{teamId}/verified-resources', { teamId }, '+14155550102'],
      ['/v2/organizations/{orgId}/teams/{teamId}/verified-resources', { orgId, teamId }, '+14155550103'],
    ];
    await Promise.all(
      prefixes.map(async ([prefix, params, phone], n) => {
        const email = `verified${n}.${owner.user.id}@example.com`;
        await Promise.all([
          call('POST', `${prefix}/emails/verification-code/request`, params, { key, body: { email } }),
          call('POST', `${prefix}/phones/verification-code/request`, params, { key, body: { phone } }),
        ]);
        const mailed = codeIn((await stack.mail.waitFor((m) => m.to.includes(email))).text)!;
        const texted = codeIn(sms.messages.find((m) => m.to === phone)!.body)!;
        const [verifiedEmail, verifiedPhone] = await Promise.all([
          call('POST', `${prefix}/emails/verification-code/verify`, params, { key, body: { email, code: mailed } }),
          call('POST', `${prefix}/phones/verification-code/verify`, params, { key, body: { phone, code: texted } }),
        ]);
        await Promise.all([
          call('GET', `${prefix}/emails`, params, { key }),
          call('GET', `${prefix}/phones`, params, { key }),
          call('GET', `${prefix}/emails/{id}`, { ...params, id: verifiedEmail.id }, { key }),
          call('GET', `${prefix}/phones/{id}`, { ...params, id: verifiedPhone.id }, { key }),
        ]);
      }),
    );
  }

  /** A team's routing form routing to an event type: its responses through both paths, and its slots. */
  async function routingForms() {
    const operator = operatorOf(stack);
    const [owner, host] = await Promise.all([
      userWithKey(stack, { name: 'Rory Router' }),
      hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] }),
    ]);
    const orgId = (await operator.createOrganization({ name: 'Routing Shapes Org', ownerId: owner.user.id })).id;
    const [teamId, eventTypeId] = await Promise.all([
      operator.createTeam({ name: 'Routing Shapes Team', orgId, ownerId: owner.user.id }).then((t) => t.id),
      personalEventType(stack, host.user.id, { slug: 'routed', lengthInMinutes: 60 }).then((t) => t.id),
    ]);
    const input = {
      name: 'Contact us',
      fields: [{ id: 'f-need', label: 'What do you need?', type: 'select', identifier: 'need', required: true }],
      routes: [
        {
          id: 'r-demo',
          conditions: [{ field: 'f-need', operator: 'equals', value: 'demo' }],
          action: { type: 'eventTypeRedirectUrl', value: 'x/demo', eventTypeId },
        },
        { id: 'r-else', isFallback: true, action: { type: 'customPageMessage', value: 'Thanks' } },
      ],
    };
    const created = await stack.graphql(CREATE_ROUTING_FORM, { orgId, teamId, input }, owner.key);
    const routingFormId = created.body.data.createRoutingForm.id as string;
    const key = owner.key;
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const window = { start: day, end: day, timeZone: 'UTC' };
    const onOrg = { orgId, routingFormId };
    const onTeam = { orgId, teamId, routingFormId };
    const [orgResponse, teamResponse] = await Promise.all([
      call('POST', '/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses', onOrg, { key, body: { need: 'demo' }, query: window }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses', onTeam, { key, body: { need: 'demo' }, query: window }),
      call('POST', '/v2/routing-forms/{routingFormId}/calculate-slots', { routingFormId }, { key, body: { need: 'demo' }, query: window }),
      call('GET', '/v2/organizations/{orgId}/routing-forms', { orgId }, { key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/routing-forms', { orgId, teamId }, { key }),
    ]);
    await Promise.all([
      call(
        'PATCH',
        '/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses/{responseId}',
        { ...onOrg, responseId: orgResponse.routing.responseId },
        {
          key,
          body: { response: { 'f-need': 'other' } },
        },
      ),
      call(
        'PATCH',
        '/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses/{responseId}',
        { ...onTeam, responseId: teamResponse.routing.responseId },
        { key, body: { response: { 'f-need': 'other' } } },
      ),
    ]);
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses', onOrg, { key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses', onTeam, { key }),
    ]);
  }

  /** A team's workflow: an e-mail to the attendee an hour before its event type's meetings. */
  async function workflows() {
    const operator = operatorOf(stack);
    const owner = await userWithKey(stack, { name: 'Wendy Workflows' });
    const orgId = (await operator.createOrganization({ name: 'Workflow Shapes Org', ownerId: owner.user.id })).id;
    const teamId = (await operator.createTeam({ name: 'Workflow Shapes Team', orgId, ownerId: owner.user.id })).id;
    const eventTypeId = (await operator.createEventType({ title: 'Demo', slug: 'workflow-demo', lengthInMinutes: 30, teamId, hostIds: [owner.user.id] })).id;
    const key = owner.key;
    const workflow = await call(
      'POST',
      '/v2/organizations/{orgId}/teams/{teamId}/workflows',
      { orgId, teamId },
      {
        key,
        body: {
          name: 'One hour before',
          activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] },
          trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'hour' } },
          steps: [
            {
              action: 'email_attendee',
              stepNumber: 1,
              recipient: 'attendee',
              template: 'reminder',
              sender: 'Shapes',
              includeCalendarEvent: false,
              message: { subject: 'Reminder: {EVENT_NAME}', html: '<p>Hi {ATTENDEE}</p>' },
            },
          ],
        },
      },
    );
    const one = { orgId, teamId, workflowId: workflow.id as number };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/workflows', { orgId, teamId }, { key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}', one, { key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}', one, { key, body: { name: 'Sixty minutes before' } }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}', one, { key });
  }

  afterAll(async () => {
    const validating = OPERATIONS.filter((o) => outcomes.get(o.key)?.problems.length === 0).length;
    process.stdout.write(`reference shapes (more): ${validating} of ${OPERATIONS.length} operations validate\n`);
    delete process.env.SMS_PROVIDER_URL;
    await Promise.all([stack?.stop(), sms?.stop()]);
  });

  it('every operation of these tags is called', () => {
    expect(OPERATIONS.length).toBeGreaterThan(25);
    expect(OPERATIONS.filter((o) => !outcomes.has(o.key)).map((o) => o.key)).toEqual([]);
  });

  it('every quirk and deviation on answers names operations of the reference', () => {
    const paths = Object.entries<Record<string, unknown>>(referenceDocument().paths);
    const known = new Set(paths.flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    const named = [...REFERENCE_QUIRKS, ...REFERENCE_DEVIATIONS].flatMap((entry) => ('operations' in entry ? entry.operations : []));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [o.key]))('%s answers 2xx in the reference shape', (key) => {
    expect(outcomes.get(key)?.problems ?? ['not called']).toEqual([]);
  });
});
