import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { referenceShapeErrors } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

type Person = Awaited<ReturnType<typeof userWithKey>>;

/** Reference shapes (openapi-v2.json: Attribute, OptionOutput, AssignedOptionOutput, AssignOptionUserOutputData), written by hand. */
const ATTRIBUTE_KEYS = ['enabled', 'id', 'name', 'slug', 'teamId', 'type', 'usersCanEditRelation'];
const OPTION_KEYS = ['attributeId', 'id', 'slug', 'value'];
const ASSIGNMENT_KEYS = ['attributeOptionId', 'id', 'memberId'];

describe('organization attributes and options (spec 2.9, 4.8; reference tags Orgs / Attributes, Orgs / Attributes / Options)', () => {
  let stack: TestStack;
  let orgId: number;
  let otherOrgId: number;
  let teamId: number;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let otherAdmin: Person;
  let memberOrgMembershipId: number;
  const base = () => `/v2/organizations/${orgId}/attributes`;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, outsider, otherAdmin] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Initech', ownerId: admin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Hooli', ownerId: otherAdmin.user.id })).id;
    memberOrgMembershipId = (await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER })).id;
    teamId = (await operator.createTeam({ name: 'Sales', orgId, ownerId: admin.user.id })).id;
    await operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  let attributeId: string;
  let optionIds: Record<string, string>;

  describe('attribute CRUD (role: org admin)', () => {
    it('POST creates an attribute with its options (201, the reference Attribute shape)', async () => {
      const data = expectSuccess(
        await stack.rest('POST', base(), {
          key: admin.key,
          body: {
            name: 'Region',
            slug: 'region',
            type: 'SINGLE_SELECT',
            options: [
              { value: 'Europe', slug: 'europe' },
              { value: 'Asia', slug: 'asia' },
            ],
          },
        }),
        201,
      );
      expect(Object.keys(data).sort()).toEqual(ATTRIBUTE_KEYS);
      expect(data).toMatchObject({ teamId: orgId, name: 'Region', slug: 'region', type: 'SINGLE_SELECT', enabled: true, usersCanEditRelation: false });
      attributeId = data.id;
      const options = expectSuccess(await stack.rest('GET', `${base()}/${attributeId}/options`, { key: admin.key }));
      expect(options.map((o: { slug: string }) => o.slug)).toEqual(['asia', 'europe']);
      for (const o of options) expect(Object.keys(o).sort()).toEqual(OPTION_KEYS);
      optionIds = Object.fromEntries(options.map((o: { slug: string; id: string }) => [o.slug, o.id]));
    });

    it('GET lists (paginated) and GET one answers it', async () => {
      const list = await stack.rest('GET', `${base()}?take=10`, { key: admin.key });
      expect(expectSuccess(list).map((a: { id: string }) => a.id)).toEqual([attributeId]);
      expect(list.body.pagination).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1, hasNextPage: false });
      expect(expectSuccess(await stack.rest('GET', `${base()}/${attributeId}`, { key: admin.key })).slug).toBe('region');
    });

    it('PATCH changes the fields sent and keeps the others', async () => {
      const data = expectSuccess(await stack.rest('PATCH', `${base()}/${attributeId}`, { key: admin.key, body: { name: 'Sales region', enabled: false } }));
      expect(data).toMatchObject({ name: 'Sales region', slug: 'region', enabled: false, type: 'SINGLE_SELECT' });
    });

    it('a second attribute with the same slug is a 409; a bad type or an empty name a 400 naming the field', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', base(), { key: admin.key, body: { name: 'Again', slug: 'region', type: 'TEXT', options: [] } }),
        409,
        'CONFLICT',
      );
      expectErrorEnvelope(
        await stack.rest('POST', base(), { key: admin.key, body: { name: 'X', slug: 'x', type: 'COLOUR', options: [] } }),
        400,
        'BAD_REQUEST',
        /type/,
      );
      expectErrorEnvelope(
        await stack.rest('POST', base(), { key: admin.key, body: { name: ' ', slug: 'y', type: 'TEXT', options: [] } }),
        400,
        'BAD_REQUEST',
        /^name/,
      );
    });

    it('DELETE answers the deleted attribute; it is gone (404)', async () => {
      const created = expectSuccess(await stack.rest('POST', base(), { key: admin.key, body: { name: 'Temp', slug: 'temp', type: 'TEXT', options: [] } }), 201);
      expect(expectSuccess(await stack.rest('DELETE', `${base()}/${created.id}`, { key: admin.key })).id).toBe(created.id);
      expectErrorEnvelope(await stack.rest('GET', `${base()}/${created.id}`, { key: admin.key }), 404, 'NOT_FOUND');
    });
  });

  describe('options', () => {
    it('POST adds an option (201); a repeated slug is a 409', async () => {
      const data = expectSuccess(
        await stack.rest('POST', `${base()}/${attributeId}/options`, { key: admin.key, body: { value: 'Africa', slug: 'africa' } }),
        201,
      );
      expect(data).toEqual({ id: expect.any(String), attributeId, value: 'Africa', slug: 'africa' });
      optionIds.africa = data.id;
      expectErrorEnvelope(
        await stack.rest('POST', `${base()}/${attributeId}/options`, { key: admin.key, body: { value: 'Again', slug: 'africa' } }),
        409,
        'CONFLICT',
      );
    });

    it('spec 4.8: PATCH …/options/{optionId} answers type 2.9 {id, attributeId, value, slug}', async () => {
      const data = expectSuccess(
        await stack.rest('PATCH', `${base()}/${attributeId}/options/${optionIds.asia}`, { key: admin.key, body: { value: 'Asia Pacific', slug: 'apac' } }),
      );
      expect(data).toEqual({ id: optionIds.asia, attributeId, value: 'Asia Pacific', slug: 'apac' });
    });

    it('PATCH with only one field keeps the other', async () => {
      const data = expectSuccess(await stack.rest('PATCH', `${base()}/${attributeId}/options/${optionIds.asia}`, { key: admin.key, body: { value: 'APAC' } }));
      expect(data).toEqual({ id: optionIds.asia, attributeId, value: 'APAC', slug: 'apac' });
    });

    it('an option of another attribute, or an unknown one, is a 404', async () => {
      const other = expectSuccess(
        await stack.rest('POST', base(), {
          key: admin.key,
          body: { name: 'Level', slug: 'level', type: 'MULTI_SELECT', options: [{ value: 'Senior', slug: 'senior' }] },
        }),
        201,
      );
      const senior = expectSuccess(await stack.rest('GET', `${base()}/${other.id}/options`, { key: admin.key }))[0].id;
      expectErrorEnvelope(await stack.rest('PATCH', `${base()}/${attributeId}/options/${senior}`, { key: admin.key, body: { value: 'x' } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('PATCH', `${base()}/${attributeId}/options/nope`, { key: admin.key, body: { value: 'x' } }), 404, 'NOT_FOUND');
    });

    it('DELETE answers the deleted option', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `${base()}/${attributeId}/options/${optionIds.africa}`, { key: admin.key }))).toEqual({
        id: optionIds.africa,
        attributeId,
        value: 'Africa',
        slug: 'africa',
      });
    });
  });

  describe('assigning options to users, and listing users by option', () => {
    it('POST …/attributes/options/{userId} assigns an option (201, {id, memberId, attributeOptionId})', async () => {
      const data = expectSuccess(
        await stack.rest('POST', `${base()}/options/${member.user.id}`, { key: admin.key, body: { attributeId, attributeOptionId: optionIds.europe } }),
        201,
      );
      expect(Object.keys(data).sort()).toEqual(ASSIGNMENT_KEYS);
      expect(data).toMatchObject({ memberId: memberOrgMembershipId, attributeOptionId: optionIds.europe });
    });

    it('a SINGLE_SELECT attribute holds one option per user: a new one replaces the old', async () => {
      expectSuccess(
        await stack.rest('POST', `${base()}/options/${member.user.id}`, { key: admin.key, body: { attributeId, attributeOptionId: optionIds.asia } }),
        201,
      );
      const mine = expectSuccess(await stack.rest('GET', `${base()}/options/${member.user.id}`, { key: admin.key }));
      expect(mine.map((o: { id: string }) => o.id)).toEqual([optionIds.asia]);
    });

    it('a TEXT attribute takes a value, which becomes an option', async () => {
      const text = expectSuccess(await stack.rest('POST', base(), { key: admin.key, body: { name: 'Desk', slug: 'desk', type: 'TEXT', options: [] } }), 201);
      const assigned = expectSuccess(
        await stack.rest('POST', `${base()}/options/${member.user.id}`, { key: admin.key, body: { attributeId: text.id, value: 'B-12' } }),
        201,
      );
      const options = expectSuccess(await stack.rest('GET', `${base()}/${text.id}/options`, { key: admin.key }));
      expect(options).toEqual([{ id: assigned.attributeOptionId, attributeId: text.id, value: 'B-12', slug: 'b-12' }]);
    });

    it('a value for a select attribute is a 400 naming attributeOptionId', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', `${base()}/options/${member.user.id}`, { key: admin.key, body: { attributeId, value: 'Mars' } }),
        400,
        'BAD_REQUEST',
        /^attributeOptionId/,
      );
    });

    it('GET …/{attributeId}/options/assigned lists each option somebody holds with its users (not Europe: nobody holds it); filters by option and team', async () => {
      const all = expectSuccess(await stack.rest('GET', `${base()}/${attributeId}/options/assigned`, { key: admin.key }));
      expect(all).toEqual([{ id: optionIds.asia, attributeId, value: 'APAC', slug: 'apac', assignedUserIds: [member.user.id] }]);
      const filtered = expectSuccess(
        await stack.rest('GET', `${base()}/${attributeId}/options/assigned?assignedOptionIds=${optionIds.asia}&teamIds=${teamId}`, { key: admin.key }),
      );
      expect(filtered).toEqual([{ id: optionIds.asia, attributeId, value: 'APAC', slug: 'apac', assignedUserIds: [member.user.id] }]);
      const bySlug = expectSuccess(await stack.rest('GET', `${base()}/slugs/region/options/assigned`, { key: admin.key }));
      expect(bySlug).toEqual(all);
    });

    it('a user who is not a member of the organization is a 404', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', `${base()}/options/${outsider.user.id}`, { key: admin.key, body: { attributeId, attributeOptionId: optionIds.europe } }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(await stack.rest('GET', `${base()}/options/${outsider.user.id}`, { key: admin.key }), 404, 'NOT_FOUND');
    });

    it('DELETE …/attributes/options/{userId}/{attributeOptionId} unassigns (answers the assignment); again is a 404', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `${base()}/options/${member.user.id}/${optionIds.asia}`, { key: admin.key }));
      expect(data).toMatchObject({ memberId: memberOrgMembershipId, attributeOptionId: optionIds.asia });
      expectErrorEnvelope(await stack.rest('DELETE', `${base()}/options/${member.user.id}/${optionIds.asia}`, { key: admin.key }), 404, 'NOT_FOUND');
    });
  });

  describe('who may (PBAC organization.attributes.*)', () => {
    it('a plain member, an outsider and the admin of another organization get 403 on every verb', async () => {
      for (const who of [member, outsider, otherAdmin]) {
        expect((await stack.rest('GET', base(), { key: who.key })).status).toBe(403);
        expect((await stack.rest('POST', base(), { key: who.key, body: { name: 'N', slug: 'n', type: 'TEXT', options: [] } })).status).toBe(403);
        expect((await stack.rest('PATCH', `${base()}/${attributeId}/options/${optionIds.europe}`, { key: who.key, body: { value: 'Hijack' } })).status).toBe(
          403,
        );
        expect(
          (await stack.rest('POST', `${base()}/options/${member.user.id}`, { key: who.key, body: { attributeId, attributeOptionId: optionIds.europe } }))
            .status,
        ).toBe(403);
      }
    });

    it("another organization's admin reaching this attribute through their own organization gets 404", async () => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${otherOrgId}/attributes/${attributeId}`, { key: otherAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/organizations/${otherOrgId}/attributes/${attributeId}/options/${optionIds.europe}`, {
          key: otherAdmin.key,
          body: { value: 'Hijack' },
        }),
        404,
        'NOT_FOUND',
      );
    });

    it('a member whose custom role grants organization.attributes.update may PATCH an option, but not create an attribute', async () => {
      const role = await operatorOf(stack).createRole({ organizationId: orgId, name: 'Attribute editor', permissions: ['organization.attributes.update'] });
      await operatorOf(stack).assignRole(memberOrgMembershipId, role.id);
      // The member's principal is cached from the refusals above; the gateway forgets it when PostgreSQL announces the change (NOTIFY).
      let patched: Awaited<ReturnType<TestStack['rest']>> | undefined;
      const allowed = async () =>
        (patched = await stack.rest('PATCH', `${base()}/${attributeId}/options/${optionIds.europe}`, { key: member.key, body: { value: 'EU' } })).status !==
        403;
      expect(await eventually(allowed)).toBe(true);
      expect(expectSuccess(patched!).value).toBe('EU');
      const refused = await stack.rest('POST', base(), { key: member.key, body: { name: 'N', slug: 'n', type: 'TEXT', options: [] } });
      expectErrorEnvelope(refused, 403, 'FORBIDDEN', /organization\.attributes\.create/);
    });
  });
  describe("members' attributes: in organization memberships, and as filters of organization users", () => {
    let skilled: Person, novice: Person;
    const memberships: Record<string, number> = {};
    const skills: Record<string, string> = {};
    let skillsId: string, levelId: string, levelOptionId: string;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [skilled, novice] = [await userWithKey(stack, { name: 'Sky Skilled' }), await userWithKey(stack, { name: 'Nova Novice' })];
      memberships.skilled = (await operator.addMember({ teamId: orgId, userId: skilled.user.id, role: MembershipRole.MEMBER })).id;
      memberships.novice = (await operator.addMember({ teamId: orgId, userId: novice.user.id, role: MembershipRole.MEMBER })).id;
      const multi = expectSuccess(
        await stack.rest('POST', base(), {
          key: admin.key,
          body: { name: 'Skills', slug: 'member-skills', type: 'MULTI_SELECT', options: ['ts', 'go', 'rust'].map((v) => ({ value: v, slug: v })) },
        }),
        201,
      );
      skillsId = multi.id;
      for (const o of expectSuccess(await stack.rest('GET', `${base()}/${skillsId}/options`, { key: admin.key }))) skills[o.slug] = o.id;
      levelId = expectSuccess(
        await stack.rest('POST', base(), { key: admin.key, body: { name: 'Seniority', slug: 'member-seniority', type: 'NUMBER', options: [] } }),
        201,
      ).id;
      const assign = (userId: number, body: object) => stack.rest('POST', `${base()}/options/${userId}`, { key: admin.key, body });
      expectSuccess(await assign(skilled.user.id, { attributeId: skillsId, attributeOptionId: skills.ts }), 201);
      expectSuccess(await assign(skilled.user.id, { attributeId: skillsId, attributeOptionId: skills.go }), 201);
      levelOptionId = expectSuccess(await assign(skilled.user.id, { attributeId: levelId, value: '3' }), 201).attributeOptionId;
      expectSuccess(await assign(novice.user.id, { attributeId: skillsId, attributeOptionId: skills.ts }), 201);
    });

    it("GET /v2/organizations/{orgId}/memberships[/{id}] answers each member's attributes in the reference shapes", async () => {
      const one = expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/memberships/${memberships.skilled}`, { key: admin.key }));
      expect(one.attributes).toEqual([
        { id: levelId, name: 'Seniority', type: 'number', option: 3, optionId: levelOptionId },
        {
          id: skillsId,
          name: 'Skills',
          type: 'multiSelect',
          options: [
            { optionId: skills.go, option: 'go' },
            { optionId: skills.ts, option: 'ts' },
          ],
        },
      ]);
      expect(referenceShapeErrors('NumberAttribute', one.attributes[0])).toEqual([]);
      expect(referenceShapeErrors('MultiSelectAttribute', one.attributes[1])).toEqual([]);
      const list = expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/memberships?take=250`, { key: admin.key }));
      const byId = Object.fromEntries(list.map((m: any) => [m.id, m]));
      expect(byId[memberships.novice].attributes).toEqual([
        { id: skillsId, name: 'Skills', type: 'multiSelect', options: [{ optionId: skills.ts, option: 'ts' }] },
      ]);
      const admins = list.filter((m: any) => m.userId === admin.user.id);
      expect(admins.map((m: any) => m.attributes)).toEqual([[]]);
    });

    it('GET /v2/organizations/{orgId}/users filters by assignedOptionIds: AND (default) every option, OR any, NONE none', async () => {
      const users = async (query: string) =>
        expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/users?take=250&${query}`, { key: admin.key }))
          .map((u: any) => u.id)
          .sort((a: number, b: number) => a - b);
      const both = `assignedOptionIds=${skills.ts},${skills.go}`;
      expect(await users(both)).toEqual([skilled.user.id]);
      expect(await users(`${both}&attributeQueryOperator=AND`)).toEqual([skilled.user.id]);
      expect(await users(`${both}&attributeQueryOperator=OR`)).toEqual([skilled.user.id, novice.user.id].sort((a, b) => a - b));
      const none = await users(`${both}&attributeQueryOperator=NONE`);
      expect(none).toContain(admin.user.id);
      expect(none).not.toContain(skilled.user.id);
      expect(none).not.toContain(novice.user.id);
      expect(await users(`assignedOptionIds=${skills.rust}`)).toEqual([]);
      expect(await users(`assignedOptionIds=${skills.go}&assignedOptionIds=${skills.ts}`)).toEqual([skilled.user.id]);
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${orgId}/users?${both}&attributeQueryOperator=XOR`, { key: admin.key }),
        400,
        'BAD_REQUEST',
        /attributeQueryOperator/,
      );
    });
  });
});
