import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The GraphQL-only creation of a routing form (the REST API has none, as the reference). */
const CREATE_FORM = /* GraphQL */ `
  mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }
`;

/**
 * Conformance: an organization's routing forms, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/organizations/routing-forms/controllers/organizations-routing-forms.controller.e2e-spec.ts
 * ("OrganizationsRoutingFormController", test names beside each case). Their fixture writes the form with free JSON
 * (`fields: [{territory: "input"}]`, `routes: [{redirect: …}]`); a form here is checked when it is made, so the form
 * has a field and a route of this API's shape, and the cases check that they come back as made.
 */
describe('conformance: organization routing forms', () => {
  let stack: TestStack;
  let owner: Person;
  let org: { id: number };
  let routingForm: { id: string };
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
    owner = await person(stack, 'routing-forms-owner');
    org = await operator.createOrganization({ name: 'OrganizationsRoutingFormsResponsesController organization' });
    const team = await operator.createTeam({ name: 'OrganizationsRoutingFormsResponsesController orgs booking 1', orgId: org.id });
    await Promise.all([
      operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER }),
      operator.addMember({ teamId: team.id, userId: owner.id, role: MembershipRole.OWNER }),
    ]);
    const created = await stack.graphql(CREATE_FORM, { orgId: org.id, teamId: team.id, input }, owner.key);
    expect(created.body.errors).toBeUndefined();
    routingForm = created.body.data.createRoutingForm;
  });
  afterAll(() => stack.stop());

  const list = (search: string, key?: string) => stack.rest('GET', `/v2/organizations/${org.id}/routing-forms${search}`, { key });

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
});
