import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const SPEC = 'apps/api/v2/src/modules/organizations/attributes';

/**
 * Conformance: organization attributes and their options, replayed from the real service's public e2e specs
 * (apps/api/v2/src/modules/organizations/attributes/index/controllers/organization-attributes.e2e-spec.ts and
 * …/options/organization-attributes-options.e2e-spec.ts, test names beside each case). Their fixtures write the
 * organizations, memberships and the options spec's two attributes; here the operator makes the organizations and
 * memberships, and the organization's admin makes the attributes through the API.
 */
describe('conformance: organization attributes', () => {
  let stack: TestStack;
  // organization-attributes.e2e-spec.ts: a MEMBER of one organization, an ADMIN of another.
  let member: Person;
  let admin: Person;
  let memberOrg: { id: number };
  let adminOrg: { id: number };
  // organization-attributes-options.e2e-spec.ts: a MEMBER of a third, and two ADMINs of a fourth with a team.
  let optionsMember: Person;
  let user: Person;
  let user2: Person;
  let optionsMemberOrg: { id: number };
  let org: { id: number };
  let team: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [member, admin, optionsMember, user, user2] = await Promise.all(
      ['organization-attributes-member', 'organization-attributes-admin', 'organization-attributes-options-member', 'options-admin', 'options-admin2'].map(
        (label) => person(stack, label),
      ),
    );
    [memberOrg, adminOrg, optionsMemberOrg, org] = await Promise.all(
      [
        'organization-attributes-organization',
        'organization-attributes-admin-organization',
        'organization-attributes-options-organization',
        'options-admin-org',
      ].map((name) => operator.createOrganization({ name })),
    );
    team = await operator.createTeam({ name: 'org team', orgId: org.id });
    await Promise.all([
      operator.addMember({ teamId: memberOrg.id, userId: member.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: adminOrg.id, userId: admin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: optionsMemberOrg.id, userId: optionsMember.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: org.id, userId: user.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: org.id, userId: user2.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: team.id, userId: user.id, role: MembershipRole.MEMBER }),
    ]);
  });
  afterAll(() => stack.stop());

  const call = (method: string, path: string, key: string, body?: unknown) => stack.rest(method, path, { key, body });

  describe(`${SPEC}/index/controllers/organization-attributes.e2e-spec.ts ("Organizations Attributes Endpoints")`, () => {
    // Deviation (docs/compatibility.md, "Organization attributes"): their body ({key, value}) is not the operation's: 400 first here.
    it('"User lacks required role › should not be able to create attribute for org": 400 for their body, 403 for a well-formed one', async () => {
      const path = `/v2/organizations/${memberOrg.id}/attributes`;
      expect((await call('POST', path, member.key, { key: 'department', value: 'engineering' })).status).toBe(400);
      expect((await call('POST', path, member.key, { name: 'department', slug: 'department', type: 'TEXT', options: [] })).status).toBe(403);
    });

    it('"User lacks required role › should not be able to delete attribute for org": 403', async () => {
      expect((await call('DELETE', `/v2/organizations/${memberOrg.id}/attributes/1`, member.key)).status).toBe(403);
    });

    describe('"User has required role"', () => {
      const input = { name: 'department', slug: 'department', type: 'TEXT', options: [], enabled: true };
      const path = () => `/v2/organizations/${adminOrg.id}/attributes`;
      let created: any;

      it('"should create attribute for org": 201, its type, slug and enabled', async () => {
        created = expectSuccess(await call('POST', path(), admin.key, input), 201);
        expect(created).toMatchObject({ type: input.type, slug: input.slug, enabled: input.enabled });
      });

      it('"should get org attributes": the one', async () => {
        const data = expectSuccess(await call('GET', path(), admin.key));
        expect(data).toHaveLength(1);
        expect(data[0]).toMatchObject({ name: input.name, slug: input.slug, type: input.type, enabled: input.enabled });
      });

      it('"should get single org attribute"', async () => {
        const data = expectSuccess(await call('GET', `${path()}/${created.id}`, admin.key));
        expect(data).toMatchObject({ name: input.name, slug: input.slug, type: input.type, enabled: input.enabled });
      });

      it('"should update org attribute": the new name', async () => {
        expect(expectSuccess(await call('PATCH', `${path()}/${created.id}`, admin.key, { name: 'marketing' })).name).toBe('marketing');
      });

      it('"should delete org attribute": 200, data', async () => {
        expect(expectSuccess(await call('DELETE', `${path()}/${created.id}`, admin.key))).toBeTruthy();
      });
    });
  });

  describe(`${SPEC}/options/organization-attributes-options.e2e-spec.ts ("Organizations Attributes Options Endpoints")`, () => {
    // Deviation (the same row): their body ({name, value}) lacks the option's slug: 400 first here.
    it('"User lacks required role › should not be able to create attribute option": 400 for their body, 403 for a well-formed one', async () => {
      const path = `/v2/organizations/${optionsMemberOrg.id}/attributes/test-attribute-id/options`;
      expect((await call('POST', path, optionsMember.key, { name: 'Option 1', value: 'option1' })).status).toBe(400);
      expect((await call('POST', path, optionsMember.key, { value: 'option1', slug: 'option1' })).status).toBe(403);
    });

    it('"User lacks required role › should not be able to delete attribute option": 403', async () => {
      expect((await call('DELETE', `/v2/organizations/${optionsMemberOrg.id}/attributes/test-attribute-id/options/1`, optionsMember.key)).status).toBe(403);
    });

    describe('"User has required role"', () => {
      const base = () => `/v2/organizations/${org.id}/attributes`;
      const firstInput = { value: 'option1', slug: 'option1' };
      const secondInput = { value: 'option2', slug: 'option2' };
      let attribute: { id: string; slug: string };
      let attribute2: { id: string };
      let attribute2Option: { id: string };
      let createdOption: any;
      let createdOption2: any;
      /** Each assigned option's id and the users it is assigned to. */
      const assigned = (data: Array<{ id: string; assignedUserIds: number[] }>) => data.map((o) => ({ id: o.id, users: [...o.assignedUserIds].sort() }));

      beforeAll(async () => {
        // Their fixture writes two TEXT attributes, the second with the option optionA.
        [attribute, attribute2] = await Promise.all(
          [
            { name: 'Test Attribute', slug: 'test-attribute' },
            { name: 'Test Attribute 2', slug: 'test-attribute-2', options: [{ value: 'optionA', slug: 'optionA' }] },
          ].map(async (body) => expectSuccess(await call('POST', base(), user.key, { type: 'TEXT', options: [], ...body }), 201)),
        );
        [attribute2Option] = expectSuccess(await call('GET', `${base()}/${attribute2.id}/options`, user.key));
      });

      it('"should create attribute option" (twice): 201, its value and slug', async () => {
        createdOption = expectSuccess(await call('POST', `${base()}/${attribute.id}/options`, user.key, firstInput), 201);
        expect(createdOption).toMatchObject(firstInput);
        createdOption2 = expectSuccess(await call('POST', `${base()}/${attribute.id}/options`, user.key, secondInput), 201);
        expect(createdOption2).toMatchObject(secondInput);
      });

      it('"should get attribute options": both', async () => {
        const data = expectSuccess(await call('GET', `${base()}/${attribute.id}/options`, user.key));
        expect(data).toHaveLength(2);
        expect(data).toEqual(expect.arrayContaining([expect.objectContaining(firstInput), expect.objectContaining(secondInput)]));
      });

      it('"should update attribute option": the new value', async () => {
        const body = { value: 'updated-option-value' };
        expect(expectSuccess(await call('PATCH', `${base()}/${attribute.id}/options/${createdOption.id}`, user.key, body)).value).toBe(body.value);
      });

      it('"should assign attribute option to user" and (twice) "…to user2": 201 each', async () => {
        const assign = async (who: Person, attributeId: string, attributeOptionId: string) =>
          expect(expectSuccess(await call('POST', `${base()}/options/${who.id}`, user.key, { attributeId, attributeOptionId }), 201)).toBeTruthy();
        await assign(user, attribute.id, createdOption.id);
        await assign(user2, attribute.id, createdOption2.id);
        await assign(user2, attribute2.id, attribute2Option.id);
      });

      it('"should get attribute options for user" (one) and "…for user2" (two)', async () => {
        const idsOf = async (who: Person) => expectSuccess(await call('GET', `${base()}/options/${who.id}`, user.key)).map((o: { id: string }) => o.id);
        expect(await idsOf(user)).toEqual([createdOption.id]);
        expect((await idsOf(user2)).sort()).toEqual([createdOption2.id, attribute2Option.id].sort());
      });

      it('"should get attribute all assigned options": both, each with its user', async () => {
        const data = expectSuccess(await call('GET', `${base()}/${attribute.id}/options/assigned`, user.key));
        expect(assigned(data)).toEqual(
          expect.arrayContaining([
            { id: createdOption.id, users: [user.id] },
            { id: createdOption2.id, users: [user2.id] },
          ]),
        );
        expect(data).toHaveLength(2);
      });

      it('"should get attribute all assigned options filtered by team id": the option of the team\'s member', async () => {
        const data = expectSuccess(await call('GET', `${base()}/${attribute.id}/options/assigned?teamIds=${team.id}`, user.key));
        expect(assigned(data)).toEqual([{ id: createdOption.id, users: [user.id] }]);
      });

      it('"should get attribute all assigned options by attribute slug": both', async () => {
        const data = expectSuccess(await call('GET', `${base()}/slugs/${attribute.slug}/options/assigned`, user.key));
        expect(data).toHaveLength(2);
        expect(assigned(data)).toEqual(
          expect.arrayContaining([
            { id: createdOption.id, users: [user.id] },
            { id: createdOption2.id, users: [user2.id] },
          ]),
        );
      });

      it('"should get attribute all assigned options filtered by other assigned options": the option of who holds optionA', async () => {
        const data = expectSuccess(await call('GET', `${base()}/${attribute.id}/options/assigned?assignedOptionIds=${attribute2Option.id}`, user.key));
        expect(assigned(data)).toEqual([{ id: createdOption2.id, users: [user2.id] }]);
      });

      it("(the reference's repository) assignedOptionIds that nobody holds: 404 with its message", async () => {
        const response = await call('GET', `${base()}/${attribute.id}/options/assigned?assignedOptionIds=${attribute2Option.id}&teamIds=${team.id}`, user.key);
        expect([response.status, response.body.error?.message]).toEqual([
          404,
          'Options provided in assignedOptionIds are not assigned to anyone, or the users are not part of the teams specified in teamIds filter.',
        ]);
      });

      it('the OpenAPI document marks the deviation on creating attributes and options (x-svc-deviation)', async () => {
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        for (const path of ['/v2/organizations/{orgId}/attributes', '/v2/organizations/{orgId}/attributes/{attributeId}/options'])
          expect(paths[path].post['x-svc-deviation']).toEqual([expect.stringMatching(/400 before the caller's credential and role are judged/)]);
      });

      it('"should unassign attribute option from user": 200, data', async () => {
        expect(expectSuccess(await call('DELETE', `${base()}/options/${user.id}/${createdOption.id}`, user.key))).toBeTruthy();
      });

      it('"should delete attribute option": 200, data', async () => {
        expect(expectSuccess(await call('DELETE', `${base()}/${attribute.id}/options/${createdOption.id}`, user.key))).toBeTruthy();
      });
    });
  });
});
