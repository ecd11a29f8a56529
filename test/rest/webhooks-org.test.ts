import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** The reference's TeamWebhookOutputDto ("Orgs / Webhooks"): its required fields and their types. */
function expectTeamWebhookShape(webhook: any, orgId: number) {
  expect(webhook).toMatchObject({
    id: expect.any(Number),
    teamId: orgId,
    subscriberUrl: expect.any(String),
    active: expect.any(Boolean),
    triggers: expect.any(Array),
  });
  expect(webhook).toHaveProperty('payloadTemplate');
  expect(webhook).not.toHaveProperty('secret');
}

/** /v2/organizations/{orgId}/webhooks (spec 5.3 ORG_WEBHOOK_READ / ORG_WEBHOOK_WRITE; reference "Orgs / Webhooks"). */
describe('/v2/organizations/{orgId}/webhooks', () => {
  let stack: TestStack;
  let orgA: number;
  let orgB: number;
  let teamInA: number;
  type U = Awaited<ReturnType<typeof userWithKey>>;
  let ownerA: U, adminA: U, memberA: U, teamAdminA: U, ownerB: U;
  let hookOfB: number;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [ownerA, adminA, memberA, teamAdminA, ownerB] = [
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
    ];
    orgA = (await operator.createOrganization({ name: 'Org A', ownerId: ownerA.user.id })).id;
    orgB = (await operator.createOrganization({ name: 'Org B', ownerId: ownerB.user.id })).id;
    await operator.addMember({ teamId: orgA, userId: adminA.user.id, role: MembershipRole.ADMIN });
    await operator.addMember({ teamId: orgA, userId: memberA.user.id, role: MembershipRole.MEMBER });
    teamInA = (await operator.createTeam({ name: 'Team in A', orgId: orgA, ownerId: teamAdminA.user.id })).id;
    hookOfB = expectSuccess(
      await stack.rest('POST', `/v2/organizations/${orgB}/webhooks`, {
        key: ownerB.key,
        body: { subscriberUrl: 'https://b.example.com/hook', triggers: ['BOOKING_CREATED'] },
      }),
      201,
    ).id;
  });
  afterAll(() => stack.stop());

  const path = (orgId: number, rest = '') => `/v2/organizations/${orgId}/webhooks${rest}`;

  it('an org admin creates (201), lists, reads, updates and deletes a webhook of the organization', async () => {
    const body = {
      subscriberUrl: 'https://a.example.com/hook',
      triggers: ['BOOKING_CREATED', 'MEETING_ENDED'],
      payloadTemplate: '{"t":"{{type}}"}',
      secret: 'org-secret-1',
    };
    const created = expectSuccess(await stack.rest('POST', path(orgA), { key: adminA.key, body }), 201);
    expectTeamWebhookShape(created, orgA);
    expect(created).toMatchObject({
      teamId: orgA,
      userId: null,
      eventTypeId: null,
      oAuthClientId: null,
      active: true,
      version: '2021-10-20',
      triggers: ['BOOKING_CREATED', 'MEETING_ENDED'],
    });

    const listed = await stack.rest('GET', path(orgA), { key: ownerA.key });
    expect(expectSuccess(listed)).toEqual([created]);
    expect(listed.body.pagination).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1, hasNextPage: false });
    expect(expectSuccess(await stack.rest('GET', path(orgA, `/${created.id}`), { key: adminA.key }))).toEqual(created);

    const updated = expectSuccess(await stack.rest('PATCH', path(orgA, `/${created.id}`), { key: adminA.key, body: { active: false, version: '2026-07-27' } }));
    expect(updated).toMatchObject({ id: created.id, active: false, version: '2026-07-27', subscriberUrl: body.subscriberUrl });

    const deleted = expectSuccess(await stack.rest('DELETE', path(orgA, `/${created.id}`), { key: adminA.key }));
    expect(deleted).toMatchObject({ id: created.id, teamId: orgA });
    expectErrorEnvelope(await stack.rest('GET', path(orgA, `/${created.id}`), { key: adminA.key }), 404, 'NOT_FOUND');
  });

  it('the same organization and subscriberUrl twice is a 409 naming subscriberUrl; another organization may use it', async () => {
    const body = { subscriberUrl: 'https://dup.example.com/hook', triggers: ['BOOKING_CREATED'] };
    expectSuccess(await stack.rest('POST', path(orgA), { key: adminA.key, body }), 201);
    expectErrorEnvelope(await stack.rest('POST', path(orgA), { key: ownerA.key, body }), 409, 'CONFLICT', /subscriberUrl/);
    expectSuccess(await stack.rest('POST', path(orgB), { key: ownerB.key, body }), 201);
    // the organization's webhooks are not the admin's own
    expect(expectSuccess(await stack.rest('GET', '/v2/webhooks', { key: adminA.key }))).toEqual([]);
  });

  it("another organization's webhook id under one's own organization is a 404, on every verb", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { active: false }],
      ['DELETE', undefined],
    ] as const) {
      expectErrorEnvelope(await stack.rest(method, path(orgA, `/${hookOfB}`), { key: ownerA.key, body }), 404, 'NOT_FOUND');
    }
    expect(expectSuccess(await stack.rest('GET', path(orgB, `/${hookOfB}`), { key: ownerB.key }))).toMatchObject({ id: hookOfB, active: true });
  });

  it("org A's owner gets 403 on org B's webhooks, and so do members and admins of a team of A who are not org admins", async () => {
    for (const key of [ownerA.key, memberA.key, teamAdminA.key]) {
      for (const [method, rest, body] of [
        ['GET', '', undefined],
        ['POST', '', { subscriberUrl: 'https://x.example.com/h', triggers: ['BOOKING_CREATED'] }],
        ['GET', `/${hookOfB}`, undefined],
        ['PATCH', `/${hookOfB}`, { active: false }],
        ['DELETE', `/${hookOfB}`, undefined],
      ] as const) {
        const response = await stack.rest(method, path(orgB, rest), { key, body });
        expectErrorEnvelope(response, 403, 'FORBIDDEN');
        expect(JSON.stringify(response.body)).not.toContain('b.example.com');
      }
    }
    // a plain member of organization A may not manage its webhooks either
    expectErrorEnvelope(await stack.rest('GET', path(orgA), { key: memberA.key }), 403, 'FORBIDDEN');
  });

  it('a team id is no organization: 403', async () => {
    expectErrorEnvelope(await stack.rest('GET', path(teamInA), { key: teamAdminA.key }), 403, 'FORBIDDEN');
  });

  it('every trigger name of spec section 6 is accepted, and the four sample names too (docs/decisions.md); version defaults to 2021-10-20', async () => {
    const listed = [
      'BOOKING_CREATED',
      'BOOKING_PAYMENT_INITIATED',
      'BOOKING_PAID',
      'BOOKING_RESCHEDULED',
      'BOOKING_REQUESTED',
      'BOOKING_CANCELLED',
      'BOOKING_REJECTED',
      'BOOKING_NO_SHOW_UPDATED',
      'BOOKING_LOCATION_UPDATED',
      'BOOKING_REASSIGNED',
      'FORM_SUBMITTED',
      'MEETING_ENDED',
      'MEETING_STARTED',
      'RECORDING_READY',
      'INSTANT_MEETING',
      'INSTANT_MEETING_ACCEPTED',
      'RECORDING_TRANSCRIPTION_GENERATED',
      'OOO_CREATED',
      'AFTER_HOSTS_SVC_VIDEO_NO_SHOW',
      'AFTER_GUESTS_SVC_VIDEO_NO_SHOW',
      'FORM_SUBMITTED_NO_EVENT',
      'ROUTING_FORM_FALLBACK_HIT',
      'DELEGATION_CREDENTIAL_ERROR',
      'WRONG_ASSIGNMENT_REPORT',
      'DELEGATION_CREDENTIAL_SECRET_ROTATION_FAILED',
      'DELEGATION_CREDENTIAL_ROTATION_REQUIRED',
      'DELEGATION_CREDENTIAL_SECRET_ROTATED',
      'CALENDAR_ENTRY_REJECTED',
    ];
    expect(listed).toHaveLength(28);
    const all = expectSuccess(
      await stack.rest('POST', path(orgA), {
        key: adminA.key,
        body: { subscriberUrl: 'https://a.example.com/all', triggers: listed, time: 3, timeUnit: 'DAY' },
      }),
      201,
    );
    expect(all).toMatchObject({ triggers: listed, time: 3, timeUnit: 'DAY', version: '2021-10-20' });
    const samples = ['BOOKING_CONFIRMED', 'BOOKING_COMPLETED', 'BOOKING_NO_SHOW', 'BOOKING_REOPENED'];
    expect(
      expectSuccess(
        await stack.rest('POST', path(orgA), {
          key: adminA.key,
          body: { subscriberUrl: 'https://a.example.com/samples', triggers: samples, version: '2026-07-27' },
        }),
        201,
      ),
    ).toMatchObject({ triggers: samples, version: '2026-07-27' });
    // a PATCH that adds a no-show trigger to a webhook without time / timeUnit is refused like a create
    const plain = expectSuccess(
      await stack.rest('POST', path(orgA), { key: adminA.key, body: { subscriberUrl: 'https://a.example.com/plain', triggers: ['BOOKING_CREATED'] } }),
      201,
    );
    expectErrorEnvelope(
      await stack.rest('PATCH', path(orgA, `/${plain.id}`), { key: adminA.key, body: { triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'] } }),
      400,
      'BAD_REQUEST',
      /^time\b/,
    );
  });

  it('triggers and the no-show rules are checked as for every webhook (400 naming the field)', async () => {
    const refused = async (body: unknown, field: RegExp) =>
      expectErrorEnvelope(await stack.rest('POST', path(orgA), { key: adminA.key, body }), 400, 'BAD_REQUEST', field);
    await refused({ subscriberUrl: 'https://a.example.com/bad', triggers: ['NOPE'] }, /^triggers/);
    await refused({ subscriberUrl: 'https://a.example.com/bad', triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'], timeUnit: 'HOUR' }, /^time\b/);
    await refused({ subscriberUrl: 'https://a.example.com/bad', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 1 }, /^timeUnit/);
    await refused({ subscriberUrl: 'https://a.example.com/bad', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 0, timeUnit: 'HOUR' }, /^time\b/);
    await refused({ subscriberUrl: 'https://a.example.com/bad', triggers: ['BOOKING_CREATED'], version: '2024-01-01' }, /^version/);
    await refused({ subscriberUrl: 'not a url', triggers: ['BOOKING_CREATED'] }, /^subscriberUrl/);
  });
});
