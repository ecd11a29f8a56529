import { personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const TRIGGERS = ['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'];
const BODY = { subscriberUrl: 'https://example.com', triggers: TRIGGERS, active: true, payloadTemplate: 'string' };

/** A platform OAuth client: its id and its secret key. */
interface Client {
  id: string;
  secret: string;
}

/**
 * Conformance: user, event-type, organization and OAuth client webhooks, replayed from the real service's public e2e specs
 * (apps/api/v2/src/modules/…, named beside each case). Their "other webhook" is a row written by their fixture
 * with no owner; here it is another user's webhook, made through the API. Webhook ids stay numbers here
 * (docs/compatibility.md, "Webhooks", row 1), so `id: expect.any(String)` of theirs is `id: expect.any(Number)`.
 */
describe('conformance: webhooks', () => {
  let stack: TestStack;
  let user: Person;
  let otherUser: Person;
  let orgAdmin: Person;
  let eventType: { id: number };
  let eventType2: { id: number };
  let otherEventType: { id: number };
  let org: { id: number };
  let otherWebhook: { id: number };
  let client: Client;
  let otherClient: Client;
  let otherClientWebhook: { id: number };
  // teams/event-types/controllers/teams-event-types-webhooks.controller.e2e-spec.ts
  let teamAdmin: Person;
  let team: { id: number };
  let otherTeam: { id: number };
  let teamEventType: { id: number };
  let teamEventType2: { id: number };
  let otherTeamEventType: { id: number };
  let otherTeamWebhook: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    let otherOrgOwner: Person;
    let otherTeamAdmin: Person;
    [user, otherUser, orgAdmin, otherOrgOwner, teamAdmin, otherTeamAdmin] = await Promise.all(
      [
        'webhooks-user',
        'webhooks-other-user',
        'webhooks-org-admin',
        'webhooks-other-org-owner',
        'teams-event-types-webhooks-user',
        'teams-event-types-webhooks-other-user',
      ].map((label) => person(stack, label)),
    );
    let otherOrg: { id: number };
    [eventType, eventType2, otherEventType, org, otherOrg, team, otherTeam] = await Promise.all([
      personalEventType(stack, user.id, { slug: 'webhook-event-type-1' }),
      personalEventType(stack, user.id, { slug: 'webhook-event-type-2' }),
      personalEventType(stack, otherUser.id, { slug: 'other-webhook-event-type' }),
      operator.createOrganization({ name: 'Webhooks org' }),
      operator.createOrganization({ name: 'Webhooks other org' }),
      operator.createTeam({ name: 'teams-event-types-webhooks-team' }),
      operator.createTeam({ name: 'teams-event-types-webhooks-other-team' }),
    ]);
    /** Their team event type fixture: collective, 60 minutes, no hosts. */
    const teamEventTypeOf = (teamId: number, slug: string) =>
      operator.createEventType({ title: slug, slug, lengthInMinutes: 60, teamId, schedulingType: 'collective' });
    [teamEventType, teamEventType2, otherTeamEventType] = await Promise.all([
      teamEventTypeOf(team.id, 'teams-event-types-webhooks-event-type-1'),
      teamEventTypeOf(team.id, 'teams-event-types-webhooks-event-type-2'),
      teamEventTypeOf(otherTeam.id, 'teams-event-types-webhooks-other-event-type'),
      operator.addMember({ teamId: org.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: otherOrg.id, userId: otherOrgOwner.id, role: MembershipRole.OWNER }),
      operator.addMember({ teamId: team.id, userId: teamAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: otherTeam.id, userId: otherTeamAdmin.id, role: MembershipRole.ADMIN }),
    ]);
    /** A platform client of the person's organization, as oauth-clients.test.ts makes one, approved by the operator. */
    const platformClient = async (who: Person): Promise<Client> => {
      const body = { name: 'name', redirectUris: ['http://localhost:4321'], permissions: ['BOOKING_READ'] };
      const created = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: who.key, body }), 201);
      await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
      return { id: created.clientId, secret: created.clientSecret };
    };
    [otherWebhook, client, otherClient, otherTeamWebhook] = await Promise.all([
      stack.rest('POST', '/v2/webhooks', { key: otherUser.key, body: BODY }).then((response) => expectSuccess(response, 201)),
      platformClient(orgAdmin),
      platformClient(otherOrgOwner),
      stack
        .rest('POST', `/v2/teams/${otherTeam.id}/event-types/${otherTeamEventType.id}/webhooks`, { key: otherTeamAdmin.key, body: BODY })
        .then((response) => expectSuccess(response, 201)),
    ]);
    const path = `/v2/oauth-clients/${otherClient.id}/webhooks`;
    otherClientWebhook = expectSuccess(await stack.rest('POST', path, { body: BODY, headers: { 'x-svc-secret-key': otherClient.secret } }), 201);
  });
  afterAll(() => stack.stop());

  describe('webhooks.controller.e2e-spec.ts (WebhooksController)', () => {
    let webhook: any;

    it('"/webhooks (POST)": 201 with the webhook', async () => {
      webhook = expectSuccess(await stack.rest('POST', '/v2/webhooks', { key: user.key, body: BODY }), 201);
      expect(webhook).toMatchObject({ ...BODY, id: expect.any(Number), userId: user.id });
    });

    it('"/webhooks (POST) should fail to create a webhook that already has same userId / subcriberUrl combo": 409', async () => {
      expect((await stack.rest('POST', '/v2/webhooks', { key: user.key, body: BODY })).status).toBe(409);
    });

    it('"/webhooks/:webhookId (PATCH)": active false', async () => {
      expect(expectSuccess(await stack.rest('PATCH', `/v2/webhooks/${webhook.id}`, { key: user.key, body: { active: false } })).active).toBe(false);
    });

    it('"/webhooks/:webhookId (GET)"', async () => {
      const data = expectSuccess(await stack.rest('GET', `/v2/webhooks/${webhook.id}`, { key: user.key }));
      expect(data).toMatchObject({ ...BODY, active: false, id: webhook.id, userId: user.id });
    });

    it('"/webhooks/:webhookId (GET) should fail to get a webhook that does not exist": 404', async () => {
      expect((await stack.rest('GET', '/v2/webhooks/90284', { key: user.key })).status).toBe(404);
    });

    it('"/webhooks/:webhookId (GET) should fail to get a webhook that does not belong to user": 403 there, 404 here (row 2)', async () => {
      // Deviation (docs/compatibility.md, "Webhooks", row 2).
      expect((await stack.rest('GET', `/v2/webhooks/${otherWebhook.id}`, { key: user.key })).status).toBe(404);
    });

    it('"/webhooks (GET)": only the caller\'s', async () => {
      const data = expectSuccess(await stack.rest('GET', '/v2/webhooks', { key: user.key }));
      expect(data.map((w: any) => w.userId)).toEqual([user.id]);
    });

    it('"/webhooks/:webhookId (DELETE)": the deleted webhook', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `/v2/webhooks/${webhook.id}`, { key: user.key }));
      expect(data).toMatchObject({ ...BODY, active: false, userId: user.id });
    });

    it('"/webhooks/:webhookId (DELETE) should fail to delete a webhook that does not exist": 404', async () => {
      expect((await stack.rest('DELETE', '/v2/webhooks/12993', { key: user.key })).status).toBe(404);
    });

    it('"/webhooks/:webhookId (DELETE) should fail to delete a webhook that does not belong to user": 403 there, 404 here (row 2)', async () => {
      expect((await stack.rest('DELETE', `/v2/webhooks/${otherWebhook.id}`, { key: user.key })).status).toBe(404);
    });
  });

  describe('event-types-webhooks.controller.e2e-spec.ts (EventTypes WebhooksController)', () => {
    const path = (id: number) => `/v2/event-types/${id}/webhooks`;
    let webhook: any;

    it('"/webhooks (POST)" (both event types): 201 with the event type', async () => {
      webhook = expectSuccess(await stack.rest('POST', path(eventType.id), { key: user.key, body: BODY }), 201);
      expect(webhook).toMatchObject({ ...BODY, id: expect.any(Number), eventTypeId: eventType.id });
      const second = expectSuccess(await stack.rest('POST', path(eventType2.id), { key: user.key, body: BODY }), 201);
      expect(second).toMatchObject({ ...BODY, id: expect.any(Number), eventTypeId: eventType2.id });
    });

    // Deviation (docs/compatibility.md, "Webhooks", row 4): somebody else's event type is a 404 on every verb.
    it('"/webhooks (POST) should fail to create a webhook for an event-type that does not belong to user": 403 there, 404 here (row 4)', async () => {
      expect((await stack.rest('POST', path(otherEventType.id), { key: user.key, body: BODY })).status).toBe(404);
    });

    it('"/event-types/:eventTypeId/webhooks/:webhookId (PATCH)": active false', async () => {
      expect(expectSuccess(await stack.rest('PATCH', `${path(eventType.id)}/${webhook.id}`, { key: user.key, body: { active: false } })).active).toBe(false);
    });

    it('"…(PATCH) should fail to patch a webhook for an event-type that does not belong to user": 403 there, 404 here (row 4)', async () => {
      expect((await stack.rest('PATCH', `${path(otherEventType.id)}/${otherWebhook.id}`, { key: user.key, body: { active: false } })).status).toBe(404);
    });

    it('"/event-types/:eventTypeId/webhooks/:webhookId (GET)"', async () => {
      const data = expectSuccess(await stack.rest('GET', `${path(eventType.id)}/${webhook.id}`, { key: user.key }));
      expect(data).toMatchObject({ ...BODY, active: false, id: webhook.id, eventTypeId: eventType.id });
    });

    it('"…(GET) should fail to get a webhook that does not exist": 404', async () => {
      expect((await stack.rest('GET', `${path(eventType.id)}/90284`, { key: user.key })).status).toBe(404);
    });

    it('"…(GET) should fail to get a webhook of an eventType that does not belong to user": 403 there, 404 here (row 4)', async () => {
      expect((await stack.rest('GET', `${path(otherEventType.id)}/${otherWebhook.id}`, { key: user.key })).status).toBe(404);
    });

    it('"…(GET) should fail to get a webhook that does not belong to the eventType": 400 there, 404 here (row 3)', async () => {
      // Deviation (docs/compatibility.md, "Webhooks", row 3).
      expect((await stack.rest('GET', `${path(eventType.id)}/${otherWebhook.id}`, { key: user.key })).status).toBe(404);
    });

    it('"/webhooks (GET)" and "/event-types/:eventTypeId/webhooks (GET)": each event type\'s own', async () => {
      for (const id of [eventType.id, eventType2.id]) {
        expect(expectSuccess(await stack.rest('GET', path(id), { key: user.key })).map((w: any) => w.eventTypeId)).toEqual([id]);
      }
    });

    it('"/event-types/:eventTypeId/webhooks/:webhookId (DELETE)": the deleted webhook', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `${path(eventType.id)}/${webhook.id}`, { key: user.key }));
      expect(data).toMatchObject({ ...BODY, active: false, eventTypeId: eventType.id });
    });

    it('"/event-types/:eventTypeId/webhooks (DELETE)": "1 webhooks deleted"', async () => {
      expect(expectSuccess(await stack.rest('DELETE', path(eventType2.id), { key: user.key }))).toBe('1 webhooks deleted');
    });

    it('"…(DELETE) should fail to delete a webhook that does not exist": 404', async () => {
      expect((await stack.rest('DELETE', `${path(eventType.id)}/1234453`, { key: user.key })).status).toBe(404);
    });

    it('"…(DELETE) should fail to delete a webhook that does not belong to user": 403 there, 404 here (row 4)', async () => {
      expect((await stack.rest('DELETE', `${path(otherEventType.id)}/${otherWebhook.id}`, { key: user.key })).status).toBe(404);
    });
  });

  describe('organizations-webhooks.e2e-spec.ts (organization webhooks)', () => {
    const path = () => `/v2/organizations/${org.id}/webhooks`;
    let webhook: any;

    it('"/organizations/:orgId/webhooks (POST)": 201 with the organization', async () => {
      webhook = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body: BODY }), 201);
      expect(webhook).toMatchObject({ ...BODY, id: expect.any(Number), teamId: org.id });
    });

    it('"…(POST) should fail to create a webhook that already has same orgId / subcriberUrl combo": 409', async () => {
      expect((await stack.rest('POST', path(), { key: orgAdmin.key, body: BODY })).status).toBe(409);
    });

    it('"/organizations/:orgId/webhooks/:webhookId (PATCH)": active false', async () => {
      expect(expectSuccess(await stack.rest('PATCH', `${path()}/${webhook.id}`, { key: orgAdmin.key, body: { active: false } })).active).toBe(false);
    });

    it('"/organizations/:orgId/webhooks/:webhookId (GET)"', async () => {
      const data = expectSuccess(await stack.rest('GET', `${path()}/${webhook.id}`, { key: orgAdmin.key }));
      expect(data).toMatchObject({ ...BODY, active: false, teamId: org.id });
    });

    // Deviation (docs/compatibility.md, "Webhooks", row 5): a webhook that is not the organization's is a 404.
    it('"…(GET) should say forbidden to get a webhook that does not exist" and "…that does not belong to org": 403 there, 404 here (row 5)', async () => {
      expect((await stack.rest('GET', `${path()}/90284`, { key: orgAdmin.key })).status).toBe(404);
      expect((await stack.rest('GET', `${path()}/${otherWebhook.id}`, { key: orgAdmin.key })).status).toBe(404);
    });

    it('"/organizations/:orgId/webhooks (GET)": the organization\'s', async () => {
      expect(expectSuccess(await stack.rest('GET', path(), { key: orgAdmin.key })).map((w: any) => w.teamId)).toEqual([org.id]);
    });

    it('"/organizations/:orgId/webhooks/:webhookId (DELETE)": the deleted webhook', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `${path()}/${webhook.id}`, { key: orgAdmin.key }));
      expect(data).toMatchObject({ ...BODY, active: false, teamId: org.id });
    });

    it('"…(DELETE) should fail to delete a webhook that does not exist" and "…that does not belong to org": 403 there, 404 here (row 5)', async () => {
      expect((await stack.rest('DELETE', `${path()}/12993`, { key: orgAdmin.key })).status).toBe(404);
      expect((await stack.rest('DELETE', `${path()}/${otherWebhook.id}`, { key: orgAdmin.key })).status).toBe(404);
    });

    it('DELEGATION_CREDENTIAL_ERROR: create, read, update, combine, delete', async () => {
      const body = { subscriberUrl: 'https://example.com/delegation-errors', triggers: ['DELEGATION_CREDENTIAL_ERROR'], active: true };
      const created = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(created).toMatchObject({ ...body, teamId: org.id });
      expect(expectSuccess(await stack.rest('GET', `${path()}/${created.id}`, { key: orgAdmin.key }))).toMatchObject({ ...body, id: created.id });
      const update = { active: false, subscriberUrl: 'https://example.com/delegation-errors-updated' };
      const updated = expectSuccess(await stack.rest('PATCH', `${path()}/${created.id}`, { key: orgAdmin.key, body: update }));
      expect(updated).toMatchObject({ ...update, triggers: body.triggers });
      const combined = { subscriberUrl: 'https://example.com/combined-webhook', triggers: ['BOOKING_CREATED', 'DELEGATION_CREDENTIAL_ERROR'], active: true };
      const both = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body: combined }), 201);
      expect(both.triggers).toEqual(expect.arrayContaining(combined.triggers));
      expect((await stack.rest('DELETE', `${path()}/${both.id}`, { key: orgAdmin.key })).status).toBe(200);
      const deleted = expectSuccess(await stack.rest('DELETE', `${path()}/${created.id}`, { key: orgAdmin.key }));
      expect(deleted).toMatchObject({ id: created.id, triggers: body.triggers, teamId: org.id });
    });
  });

  /**
   * Their calls come from the organization owner's web session; the reference document requires `x-svc-secret-key`
   * on each of these operations (spec 4.2), so here the client calls with its own secret key. "An OAuth client that
   * doesn't belong to you" is the other organization's client: its path, with this client's id and secret key.
   */
  describe('oauth-client-webhooks.controller.e2e-spec.ts (OAuth client WebhooksController)', () => {
    const path = (c: Client) => `/v2/oauth-clients/${c.id}/webhooks`;
    const asClient = (method: string, rest: string, body?: unknown, pathClient = client) =>
      stack.rest(method, `${path(pathClient)}${rest}`, { body, headers: { 'x-svc-client-id': client.id, 'x-svc-secret-key': client.secret } });
    let webhook: any;

    it('"/webhooks (POST)": 201 with the client', async () => {
      webhook = expectSuccess(await asClient('POST', '', BODY), 201);
      expect(webhook).toMatchObject({ ...BODY, id: expect.any(Number), oAuthClientId: client.id });
    });

    it('"/oauth-clients/:oAuthClientId/webhooks/:webhookId (PATCH)": active false', async () => {
      expect(expectSuccess(await asClient('PATCH', `/${webhook.id}`, { active: false })).active).toBe(false);
    });

    it('"/oauth-clients/:oAuthClientId/webhooks/:webhookId (GET)"', async () => {
      const data = expectSuccess(await asClient('GET', `/${webhook.id}`));
      expect(data).toMatchObject({ ...BODY, active: false, id: webhook.id, oAuthClientId: client.id });
    });

    it('"…(GET) should fail to get a webhook that does not exist": 404', async () => {
      expect((await asClient('GET', '/90284')).status).toBe(404);
    });

    it('"/webhooks (GET)": the client\'s', async () => {
      expect(expectSuccess(await asClient('GET', '')).map((w: any) => w.oAuthClientId)).toEqual([client.id]);
    });

    it('"/webhooks (GET) should fail to get webhooks of OAuth client that doesn\'t belong to you": 403', async () => {
      expectErrorEnvelope(await asClient('GET', '', undefined, otherClient), 403, 'FORBIDDEN');
    });

    it('"/oauth-clients/:oAuthClientId/webhooks/:webhookId (DELETE)": the deleted webhook', async () => {
      const data = expectSuccess(await asClient('DELETE', `/${webhook.id}`));
      expect(data).toMatchObject({ ...BODY, active: false, id: webhook.id, oAuthClientId: client.id });
    });

    it('"…(DELETE) should fail to delete webhooks of an OAuth client that doesn\'t belong to you": 403', async () => {
      expectErrorEnvelope(await asClient('DELETE', `/${otherClientWebhook.id}`, undefined, otherClient), 403, 'FORBIDDEN');
      const kept = await stack.rest('GET', `${path(otherClient)}/${otherClientWebhook.id}`, { headers: { 'x-svc-secret-key': otherClient.secret } });
      expect(expectSuccess(kept)).toMatchObject({ ...BODY, id: otherClientWebhook.id, oAuthClientId: otherClient.id });
    });

    it('"…(DELETE) should fail to delete a webhook that does not exist": 404', async () => {
      expect((await asClient('DELETE', '/1234453')).status).toBe(404);
    });
  });

  describe('teams-event-types-webhooks.controller.e2e-spec.ts ("Teams EventTypes WebhooksController (e2e)", a team admin)', () => {
    const path = (teamId: number, eventTypeId: number) => `/v2/teams/${teamId}/event-types/${eventTypeId}/webhooks`;
    const mine = (eventTypeId: number) => path(team.id, eventTypeId);
    const theirs = () => path(otherTeam.id, otherTeamEventType.id);
    const call = (method: string, url: string, body?: unknown) => stack.rest(method, url, { key: teamAdmin.key, body });
    let webhook: any;

    it('"/teams/:teamId/event-types/:eventTypeId/webhooks (POST)": 201 with the event type', async () => {
      webhook = expectSuccess(await call('POST', mine(teamEventType.id), BODY), 201);
      expect(webhook).toMatchObject({ ...BODY, id: expect.any(Number), eventTypeId: teamEventType.id });
    });

    it('"…(POST) - create webhook for second event type": 201', async () => {
      expect(expectSuccess(await call('POST', mine(teamEventType2.id), BODY), 201)).toMatchObject({
        ...BODY,
        id: expect.any(Number),
        eventTypeId: teamEventType2.id,
      });
    });

    it('"…(POST) should fail to create a webhook for an event-type that does not belong to user\'s team": 403', async () => {
      expect((await call('POST', theirs(), BODY)).status).toBe(403);
    });

    it('"…/webhooks/:webhookId (PATCH)": active false', async () => {
      expect(expectSuccess(await call('PATCH', `${mine(teamEventType.id)}/${webhook.id}`, { active: false })).active).toBe(false);
    });

    it('"…(PATCH) should fail to patch a webhook for an event-type that does not belong to user\'s team": 403', async () => {
      expect((await call('PATCH', `${theirs()}/${otherTeamWebhook.id}`, { active: false })).status).toBe(403);
    });

    it('"…/webhooks/:webhookId (GET)"', async () => {
      const data = expectSuccess(await call('GET', `${mine(teamEventType.id)}/${webhook.id}`));
      expect(data).toMatchObject({ ...BODY, active: false, id: webhook.id, eventTypeId: teamEventType.id });
    });

    it('"…(GET) should fail to get a webhook that does not exist": 404', async () => {
      expect((await call('GET', `${mine(teamEventType.id)}/90284`)).status).toBe(404);
    });

    it('"…(GET) should fail to get a webhook of an eventType that does not belong to user\'s team": 403', async () => {
      expect((await call('GET', `${theirs()}/${otherTeamWebhook.id}`)).status).toBe(403);
    });

    it('"…(GET) should fail to get a webhook that does not belong to the eventType": 403 there, 404 here (row 3)', async () => {
      // Deviation (docs/compatibility.md, "Webhooks", row 3): a webhook that is not under the path is a 404.
      expect((await call('GET', `${mine(teamEventType.id)}/${otherTeamWebhook.id}`)).status).toBe(404);
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}'].get['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/not under the path, is a 404/),
      );
    });

    it('"…/webhooks (GET)" and "…(GET) - list webhooks for second event type": each event type\'s own', async () => {
      for (const id of [teamEventType.id, teamEventType2.id]) {
        expect(expectSuccess(await call('GET', mine(id))).map((w: any) => w.eventTypeId)).toEqual([id]);
      }
    });

    it('"…/webhooks/:webhookId (DELETE)": the deleted webhook', async () => {
      const data = expectSuccess(await call('DELETE', `${mine(teamEventType.id)}/${webhook.id}`));
      expect(data).toMatchObject({ ...BODY, active: false, eventTypeId: teamEventType.id });
    });

    it('"…/webhooks (DELETE)": "1 webhooks deleted"', async () => {
      expect(expectSuccess(await call('DELETE', mine(teamEventType2.id)))).toBe('1 webhooks deleted');
    });

    it('"…(DELETE) should fail to delete a webhook that does not exist": 404', async () => {
      expect((await call('DELETE', `${mine(teamEventType.id)}/1234453`)).status).toBe(404);
    });

    it('"…(DELETE) should fail to delete a webhook that does not belong to user\'s team": 403', async () => {
      expect((await call('DELETE', `${theirs()}/${otherTeamWebhook.id}`)).status).toBe(403);
    });
  });
});
