import { randomBytes } from 'node:crypto';
import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { applyProfile, memberUser, Person, person } from './people';

const SPEC = 'apps/api/v2/src/modules/organizations';

/** An account an organization made itself (their fixtures connect the user to the organization and give it a profile). */
interface OrgUser {
  id: number;
  email: string;
  username: string;
  key: string;
}

/**
 * Conformance: the memberships and the users of an organization (/v2/organizations/{orgId}/memberships and
 * /v2/organizations/{orgId}/users), replayed from the real service's public e2e specs
 * (organizations/memberships/organizations-membership.controller.e2e-spec.ts and
 * organizations/users/index/controllers/organizations-users.e2e-spec.ts, test names beside each case). Each of
 * their `describe`s has an organization of its own; here too. Their fixtures write accounts, organizations,
 * memberships and attributes; here the operator makes the accounts, organizations and memberships, the
 * organization's admin makes the attributes and assigns them through the API, and an account that their fixture
 * connects to the organization is made by the organization (POST /v2/organizations/{orgId}/users), as a client would.
 */
describe('conformance: organization memberships and users', () => {
  let stack: TestStack;
  const tag = randomBytes(4).toString('hex');

  // organizations-membership.controller.e2e-spec.ts, "User is Org Admin"
  const bio = 'This is a bio';
  const metadata = { some: 'key' };
  let admin: Person;
  let member: Person;
  let invitee: Person;
  let org: { id: number };
  let adminMembershipId: number;
  let memberMembershipId: number;
  let attributes: Record<'text' | 'multi' | 'number' | 'single', { id: string; name: string; options: Record<string, string> }>;
  // "User is Org Member"
  let plainMember: Person;
  let plainOrg: { id: number };
  let plainMembershipId: number;

  // organizations-users.e2e-spec.ts
  const usersBio = 'I am a bio';
  const usersMetadata = { foo: 'bar' };
  // "Member role"
  let usersMember: Person;
  let usersMemberOrg: { id: number };
  // "Admin role"
  let usersAdmin: OrgUser;
  let orgMembers: OrgUser[];
  let nonMember: Person;
  let usersOrg: { id: number; name: string };
  // "Member event-types"
  let eventTypesAdmin: Person;
  let eventTypesOrg: { id: number };
  let eventTypesTeam: { id: number };
  // "Org Members with assigned attributes"
  let attrUser: Person;
  let attrUser2: Person;
  let attrOrg: { id: number };
  let assignedOption1: string;
  let assignedOption2: string;

  const call = (method: string, path: string, key: string, body?: unknown) => stack.rest(method, path, { key, body });

  /** An attribute with its options, made by the organization's admin; answers its id and its options' ids by value. */
  async function attribute(orgId: number, key: string, input: { name: string; slug: string; type: string; values: string[] }) {
    const body = { name: input.name, slug: input.slug, type: input.type, enabled: true, options: input.values.map((value) => ({ value, slug: value })) };
    const { id } = expectSuccess(await call('POST', `/v2/organizations/${orgId}/attributes`, key, body), 201);
    const options = expectSuccess(await call('GET', `/v2/organizations/${orgId}/attributes/${id}/options`, key));
    return { id: id as string, name: input.name, options: Object.fromEntries(options.map((o: any) => [o.value, o.id as string])) as Record<string, string> };
  }
  const assign = async (orgId: number, key: string, userId: number, attributeId: string, attributeOptionId: string) =>
    expectSuccess(await call('POST', `/v2/organizations/${orgId}/attributes/options/${userId}`, key, { attributeId, attributeOptionId }), 201);

  /** An account the organization makes (POST /v2/organizations/{orgId}/users by one of its admins), with an API key. */
  async function orgUser(orgId: number, creatorKey: string, label: string, role: 'ADMIN' | 'MEMBER'): Promise<OrgUser> {
    const username = `organizations-users-${label}-${randomBytes(4).toString('hex')}`;
    const email = `${username}@api.com`;
    const body = { email, username, bio: usersBio, metadata: usersMetadata, organizationRole: role };
    const { id } = expectSuccess(await call('POST', `/v2/organizations/${orgId}/users`, creatorKey, body), 201);
    const { key } = await operatorOf(stack).createApiKey(id);
    return { id, email, username, key };
  }

  beforeAll(async () => {
    // With the loopback SMTP receiver: "should create a new org user" spies on the sign-up e-mail; here it is received.
    stack = await startTestStack({ smtp: true });
    const operator = operatorOf(stack);

    const membershipsAdminOrg = async () => {
      [admin, member, invitee] = await Promise.all([
        person(stack, 'organizations-memberships-admin', { bio, metadata }),
        person(stack, 'organizations-memberships-member', { bio, metadata }),
        person(stack, 'organizations-memberships-invited', { bio, metadata }),
      ]);
      org = await operator.createOrganization({ name: `organizations-memberships-organization-${tag}` });
      // In their order (the list is by id): the admin's membership, then the member's.
      adminMembershipId = (await operator.addMember({ teamId: org.id, userId: admin.id, role: MembershipRole.ADMIN })).id;
      memberMembershipId = (await operator.addMember({ teamId: org.id, userId: member.id, role: MembershipRole.MEMBER })).id;
      const [[text, multi, number, single]] = await Promise.all([
        Promise.all([
          attribute(org.id, admin.key, { name: 'team', slug: `team-${tag}`, type: 'TEXT', values: ['coders'] }),
          attribute(org.id, admin.key, { name: 'skills', slug: `skills-${tag}`, type: 'MULTI_SELECT', values: ['javascript', 'typescript'] }),
          attribute(org.id, admin.key, { name: 'age', slug: `age-${tag}`, type: 'NUMBER', values: ['18'] }),
          attribute(org.id, admin.key, { name: 'frontend', slug: `frontend-${tag}`, type: 'SINGLE_SELECT', values: ['yes'] }),
        ]),
        Promise.all([admin, member, invitee].map((who) => applyProfile(stack, who))),
      ]);
      attributes = { text, multi, number, single };
      await Promise.all([
        assign(org.id, admin.key, member.id, text.id, text.options.coders),
        assign(org.id, admin.key, member.id, multi.id, multi.options.javascript),
        assign(org.id, admin.key, member.id, multi.id, multi.options.typescript),
        assign(org.id, admin.key, member.id, number.id, number.options['18']),
        assign(org.id, admin.key, member.id, single.id, single.options.yes),
      ]);
    };

    const membershipsMemberOrg = async () => {
      [plainMember, plainOrg] = await Promise.all([
        person(stack, 'organizations-memberships-member'),
        operator.createOrganization({ name: `organizations-memberships-organization-member-${tag}` }),
      ]);
      plainMembershipId = (await operator.addMember({ teamId: plainOrg.id, userId: plainMember.id, role: MembershipRole.MEMBER })).id;
    };

    const usersMemberOrgSetUp = async () => {
      [usersMember, usersMemberOrg] = await Promise.all([
        person(stack, 'organizations-users-member', { bio: usersBio, metadata: usersMetadata }),
        operator.createOrganization({ name: `organizations-users-organization-${tag}` }),
      ]);
      await operator.addMember({ teamId: usersMemberOrg.id, userId: usersMember.id, role: MembershipRole.MEMBER });
    };

    const usersAdminOrgSetUp = async () => {
      // Their fixture writes four accounts of the organization. Here somebody who runs it at first (an ADMIN the
      // operator adds) makes them through the API, and then leaves: the organization's users are those four.
      const name = `organizations-users-admin-organization-${tag}`;
      let founder: Person;
      [founder, nonMember, usersOrg] = await Promise.all([
        person(stack, 'organizations-users-founder'),
        person(stack, 'organizations-users-non-member'),
        operator.createOrganization({ name }).then((made) => ({ id: made.id, name })),
      ]);
      await operator.addMember({ teamId: usersOrg.id, userId: founder.id, role: MembershipRole.ADMIN });
      [orgMembers, usersAdmin] = await Promise.all([
        Promise.all(['member1', 'member2', 'member3'].map((label) => orgUser(usersOrg.id, founder.key, label, 'MEMBER'))),
        orgUser(usersOrg.id, founder.key, 'admin', 'ADMIN'),
      ]);
      expectSuccess(await call('DELETE', `/v2/organizations/${usersOrg.id}/users/${founder.id}`, usersAdmin.key));
    };

    const eventTypesOrgSetUp = async () => {
      [eventTypesAdmin, eventTypesOrg] = await Promise.all([
        person(stack, 'organizations-users-auth'),
        operator.createOrganization({ name: `organizations-users-organization-event-types-${tag}` }),
      ]);
      eventTypesTeam = await operator.createTeam({ name: `organizations-users-team-${tag}`, orgId: eventTypesOrg.id });
      await operator.addMember({ teamId: eventTypesOrg.id, userId: eventTypesAdmin.id, role: MembershipRole.ADMIN });
      const path = `/v2/organizations/${eventTypesOrg.id}/teams/${eventTypesTeam.id}/event-types`;
      await Promise.all(
        [
          { schedulingType: 'COLLECTIVE', title: 'Collective Event Type', slug: 'collective-event-type', lengthInMinutes: 30 },
          { schedulingType: 'MANAGED', title: 'Managed Event Type', slug: 'managed-event-type', lengthInMinutes: 60 },
        ].map(async (eventType) => expectSuccess(await call('POST', path, eventTypesAdmin.key, { ...eventType, assignAllTeamMembers: true }), 201)),
      );
    };

    const attributesOrgSetUp = async () => {
      [attrUser, attrUser2, attrOrg] = await Promise.all([
        person(stack, 'organizations-users-auth'),
        person(stack, 'organizations-users2-auth'),
        operator.createOrganization({ name: `organizations-users-organization-attributes-${tag}` }),
      ]);
      await Promise.all([
        operator.addMember({ teamId: attrOrg.id, userId: attrUser.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: attrOrg.id, userId: attrUser2.id, role: MembershipRole.ADMIN }),
      ]);
      const [first, second] = await Promise.all([
        attribute(attrOrg.id, attrUser.key, { name: 'Test Attribute', slug: 'test-attribute', type: 'TEXT', values: ['option1'] }),
        attribute(attrOrg.id, attrUser.key, { name: 'Test Attribute 2', slug: 'test-attribute-2', type: 'TEXT', values: ['optionA'] }),
      ]);
      assignedOption1 = first.options.option1;
      assignedOption2 = second.options.optionA;
      await Promise.all([
        assign(attrOrg.id, attrUser.key, attrUser.id, first.id, assignedOption1),
        assign(attrOrg.id, attrUser.key, attrUser.id, second.id, assignedOption2),
        assign(attrOrg.id, attrUser.key, attrUser2.id, second.id, assignedOption2),
      ]);
    };

    await Promise.all([membershipsAdminOrg(), membershipsMemberOrg(), usersMemberOrgSetUp(), usersAdminOrgSetUp(), eventTypesOrgSetUp(), attributesOrgSetUp()]);
  });
  afterAll(() => stack.stop());

  describe(`${SPEC}/memberships/organizations-membership.controller.e2e-spec.ts ("Organizations Memberships Endpoints")`, () => {
    const path = (suffix = '') => `/v2/organizations/${org.id}/memberships${suffix}`;
    let created: any;

    /** The member's four attributes, in the reference's shapes (their `userHasCorrectAttributes`). */
    function expectMemberAttributes(answer: any[]) {
      expect(answer).toHaveLength(4);
      const ofType = (type: string) => answer.find((a) => a.type === type);
      expect(ofType('number')).toEqual({ id: attributes.number.id, name: 'age', optionId: attributes.number.options['18'], option: 18, type: 'number' });
      expect(ofType('singleSelect')).toEqual({
        id: attributes.single.id,
        name: 'frontend',
        optionId: attributes.single.options.yes,
        option: 'yes',
        type: 'singleSelect',
      });
      expect(ofType('text')).toEqual({ id: attributes.text.id, name: 'team', optionId: attributes.text.options.coders, option: 'coders', type: 'text' });
      // Their two options come in the order of their database (their query sorts none); ours by value: compared as a set.
      const multi = ofType('multiSelect');
      expect(multi).toEqual({ id: attributes.multi.id, name: 'skills', options: expect.any(Array), type: 'multiSelect' });
      expect(multi.options).toHaveLength(2);
      expect(multi.options).toEqual(
        expect.arrayContaining([
          { optionId: attributes.multi.options.typescript, option: 'typescript' },
          { optionId: attributes.multi.options.javascript, option: 'javascript' },
        ]),
      );
    }

    describe('"User Authentication - User is Org Admin"', () => {
      it('"should get all the memberships of the org": by id, the users\' profiles, the member\'s attributes', async () => {
        const data = expectSuccess(await call('GET', path(), admin.key));
        expect(data).toEqual([
          expect.objectContaining({ id: adminMembershipId, userId: admin.id, role: 'ADMIN', teamId: org.id, user: memberUser(admin) }),
          expect.objectContaining({ id: memberMembershipId, userId: member.id, role: 'MEMBER', teamId: org.id, user: memberUser(member) }),
        ]);
        expectMemberAttributes(data[1].attributes);
      });

      it('"should get all the memberships of the org paginated": skip=1&take=1', async () => {
        expect(expectSuccess(await call('GET', path('?skip=1&take=1'), admin.key))).toEqual([
          expect.objectContaining({ id: memberMembershipId, userId: member.id, role: 'MEMBER', teamId: org.id, user: memberUser(member) }),
        ]);
      });

      it('"should fail if org does not exist": 403', async () => {
        expect((await call('GET', '/v2/organizations/120494059/memberships', admin.key)).status).toBe(403);
      });

      it('"should get the membership of the org" (the admin\'s)', async () => {
        expect(expectSuccess(await call('GET', path(`/${adminMembershipId}`), admin.key))).toEqual(
          expect.objectContaining({ id: adminMembershipId, userId: admin.id, role: 'ADMIN', teamId: org.id, user: memberUser(admin) }),
        );
      });

      it('"should get the membership of the org" (the member\'s, with the attributes)', async () => {
        const data = expectSuccess(await call('GET', path(`/${memberMembershipId}`), admin.key));
        expect(data).toEqual(expect.objectContaining({ id: memberMembershipId, userId: member.id, role: 'MEMBER', teamId: org.id, user: memberUser(member) }));
        expectMemberAttributes(data.attributes);
      });

      it('"should create the membership of the org": 201 — an invitation here (compatibility: memberships, consent)', async () => {
        // Deviation (docs/compatibility.md, "Memberships: consent", rows 1 and 3): accepted:true by an admin is an
        // invitation of a person who is in no organization, and its user is shown to nobody but its person.
        created = expectSuccess(await call('POST', path(), admin.key, { userId: invitee.id, accepted: true, role: 'MEMBER' }), 201);
        expect(created).toEqual(expect.objectContaining({ teamId: org.id, role: 'MEMBER', userId: invitee.id, accepted: false, user: null }));
        // The person sees their invitation with their profile, and accepts it.
        const accepted = expectSuccess(await call('POST', `/v2/me/memberships/${created.id}/accept`, invitee.key));
        expect(accepted).toEqual(expect.objectContaining({ id: created.id, accepted: true }));
        expect(expectSuccess(await call('GET', path(`/${created.id}`), admin.key))).toEqual(
          expect.objectContaining({ teamId: org.id, role: 'MEMBER', userId: invitee.id, user: memberUser(invitee) }),
        );
      });

      it('"should update the membership of the org": role OWNER by an ADMIN — 403 here (compatibility: only an owner grants OWNER)', async () => {
        // Deviation (docs/compatibility.md, "Teams and memberships", row 1).
        const response = await call('PATCH', path(`/${created.id}`), admin.key, { role: 'OWNER' });
        expect(response.status).toBe(403);
        expect(response.body.error.message).toMatch(/OWNER/);
        // An OWNER of the organization grants it, with the real service's answer.
        const owner = await person(stack, 'organizations-memberships-owner');
        await operatorOf(stack).addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER });
        created = expectSuccess(await call('PATCH', path(`/${created.id}`), owner.key, { role: 'OWNER' }));
        expect(created.role).toBe('OWNER');
      });

      it('"should delete the membership of the org we created via api": the removed membership', async () => {
        expect(expectSuccess(await call('DELETE', path(`/${created.id}`), admin.key)).id).toBe(created.id);
      });

      it('"should fail to get the membership of the org we just deleted": 404', async () => {
        expect((await call('GET', path(`/${created.id}`), admin.key)).status).toBe(404);
      });

      it('"should fail if the membership does not exist": 404', async () => {
        expect((await call('GET', path('/123132145'), admin.key)).status).toBe(404);
      });
    });

    describe('"User Authentication - User is Org Member"', () => {
      const memberPath = (suffix = '') => `/v2/organizations/${plainOrg.id}/memberships${suffix}`;

      it('"should deny get all the memberships of the org": 403', async () => {
        expect((await call('GET', memberPath(), plainMember.key)).status).toBe(403);
      });

      it('"should deny get all the memberships of the org paginated": 403', async () => {
        expect((await call('GET', memberPath('?skip=1&take=1'), plainMember.key)).status).toBe(403);
      });

      it('"should deny get the membership of the org": 403', async () => {
        expect((await call('GET', memberPath(`/${plainMembershipId}`), plainMember.key)).status).toBe(403);
      });

      it('"should deny create the membership for the org": 403', async () => {
        const body = { role: 'OWNER', userId: plainMember.id, accepted: true };
        expect((await call('POST', memberPath(), plainMember.key, body)).status).toBe(403);
      });

      it('"should deny update the membership of the org": 403', async () => {
        expect((await call('PATCH', memberPath(`/${plainMembershipId}`), plainMember.key, { role: 'MEMBER' })).status).toBe(403);
      });

      it('"should deny delete the membership of the org we created via api": 403', async () => {
        expect((await call('DELETE', memberPath(`/${plainMembershipId}`), plainMember.key)).status).toBe(403);
      });
    });
  });

  describe(`${SPEC}/users/index/controllers/organizations-users.e2e-spec.ts ("Organizations Users Endpoints")`, () => {
    /** A user of the organization in their `GetOrgUsersWithProfileOutput` assertions. */
    const orgUserOutput = (who: { email: string; username: string }) =>
      expect.objectContaining({ email: who.email, bio: usersBio, metadata: usersMetadata, profile: expect.objectContaining({ username: who.username }) });

    describe('"Member role"', () => {
      const path = (suffix = '') => `/v2/organizations/${usersMemberOrg.id}/users${suffix}`;

      it('"should not be able to find org users": 403', async () => {
        expect((await call('GET', path(), usersMember.key)).status).toBe(403);
      });

      // Deviation (docs/compatibility.md, "Organization memberships and users", row 1): their requests carry no body,
      // which is a 400 before the role is judged here; a well-formed one gets their 403.
      it('"should not be able to create a new org user": 400 without a body here, 403 with one', async () => {
        expect((await call('POST', path(), usersMember.key)).status).toBe(400);
        expect((await call('POST', path(), usersMember.key, { email: `organizations-users-refused-${tag}@api.com` })).status).toBe(403);
      });

      it('"should not be able to update an org user": 400 without a body here, 403 with one', async () => {
        expect((await call('PATCH', path(`/${usersMember.id}`), usersMember.key)).status).toBe(400);
        expect((await call('PATCH', path(`/${usersMember.id}`), usersMember.key, { theme: 'light' })).status).toBe(403);
      });

      it('"should not be able to delete an org user": 403', async () => {
        expect((await call('DELETE', path(`/${usersMember.id}`), usersMember.key)).status).toBe(403);
      });
    });

    describe('"Admin role"', () => {
      const path = (suffix = '') => `/v2/organizations/${usersOrg.id}/users${suffix}`;
      let createdUser: any;

      it('"should get all org users": the four, with their profiles; not the non-member', async () => {
        const data = expectSuccess(await call('GET', path(), usersAdmin.key));
        expect(data).toHaveLength(4);
        for (const who of orgMembers) expect(data.find((u: any) => u.profile.username === who.username)).toEqual(orgUserOutput(who));
        expect(data.filter((u: any) => u.email === nonMember.email)).toEqual([]);
      });

      it('"should only get users with the specified email"', async () => {
        expect(expectSuccess(await call('GET', path(`?emails=${usersAdmin.email}`), usersAdmin.key))).toEqual([orgUserOutput(usersAdmin)]);
      });

      it('"should get users within the specified emails array" (the parameter repeated)', async () => {
        const data = expectSuccess(await call('GET', path(`?emails=${usersAdmin.email}&emails=${orgMembers[0].email}`), usersAdmin.key));
        expect(data).toHaveLength(2);
        expect(data).toEqual(expect.arrayContaining([orgUserOutput(usersAdmin), orgUserOutput(orgMembers[0])]));
      });

      it('"should update an org user": theme', async () => {
        const data = expectSuccess(await call('PATCH', path(`/${usersAdmin.id}`), usersAdmin.key, { theme: 'light' }));
        expect(data.theme).toBe('light');
      });

      // Their spy on the sign-up e-mail asserts its recipient, the organization's name and id and the inviter (their
      // inviterName is the admin's e-mail); here the e-mail itself is received over SMTP, with its set-password link.
      it('"should create a new org user": bio and metadata; the sign-up e-mail names the organization and the inviter', async () => {
        const body = { email: `organizations-users-new-member-${tag}@api.com`, bio: usersBio, metadata: usersMetadata };
        createdUser = expectSuccess(await call('POST', path(), usersAdmin.key, body), 201);
        expect(createdUser).toEqual(expect.objectContaining({ email: body.email, bio: body.bio, metadata: body.metadata }));
        const mail = await stack.mail.waitFor((m) => m.to.includes(body.email));
        expect(mail.to).toEqual([body.email]);
        expect(mail.subject).toBe(`${usersAdmin.username} invited you to join the organization "${usersOrg.name}"`);
        expect(mail.text).toContain(`"${usersOrg.name}" (organization id ${usersOrg.id})`);
        expect(mail.text).toContain(`${usersAdmin.username} (${usersAdmin.email}) made you an account`);
        expect(mail.text).toMatch(/^https?:\/\/\S+\/auth\/set-password\?token=\S+$/m);
      });

      it('"should delete an org user"', async () => {
        expect(expectSuccess(await call('DELETE', path(`/${createdUser.id}`), usersAdmin.key)).id).toBe(createdUser.id);
      });
    });

    describe('"Member event-types"', () => {
      it('"should create a new org user with team event-types": the team keeps its two event types', async () => {
        const body = { email: `organizations-users-new-member-event-types-${tag}@api.com` };
        expectSuccess(await call('POST', `/v2/organizations/${eventTypesOrg.id}/users`, eventTypesAdmin.key, body), 201);
        const teamEventTypes = `/v2/organizations/${eventTypesOrg.id}/teams/${eventTypesTeam.id}/event-types`;
        expect(expectSuccess(await call('GET', teamEventTypes, eventTypesAdmin.key))).toHaveLength(2);
      });
    });

    describe('"Org Members with assigned attributes"', () => {
      const users = async (query: string) => expectSuccess(await call('GET', `/v2/organizations/${attrOrg.id}/users?${query}`, attrUser.key));
      const listed = (who: Person) => expect.objectContaining({ email: who.email, profile: expect.objectContaining({ username: who.username }) });

      it('"should get users with all specified assigned attribute options": AND', async () => {
        expect(await users(`assignedOptionIds=${assignedOption1}&attributeQueryOperator=AND`)).toEqual([listed(attrUser)]);
      });

      it('"should get users with at least one of the specified assigned attribute options": OR', async () => {
        const data = await users(`assignedOptionIds=${assignedOption1}&assignedOptionIds=${assignedOption2}&attributeQueryOperator=OR`);
        expect(data).toHaveLength(2);
        expect(data).toEqual(expect.arrayContaining([listed(attrUser), listed(attrUser2)]));
      });

      it('"should get users with none of the specified assigned attribute options": NONE', async () => {
        expect(await users(`assignedOptionIds=${assignedOption1}&assignedOptionIds=${assignedOption2}&attributeQueryOperator=NONE`)).toEqual([]);
      });
    });
  });

  it('the OpenAPI document marks the deliberate deviations of these operations (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    const marks = (path: string, method: string): string[] => paths[path][method]['x-svc-deviation'] ?? [];
    expect(marks('/v2/organizations/{orgId}/memberships/{membershipId}', 'patch')).toEqual(expect.arrayContaining([expect.stringMatching(/OWNER/)]));
    expect(marks('/v2/organizations/{orgId}/users', 'post')).toEqual([expect.stringMatching(/body that is missing/)]);
    expect(marks('/v2/organizations/{orgId}/users/{userId}', 'patch')).toEqual([expect.stringMatching(/body that is missing/)]);
    expect(marks('/v2/organizations/{orgId}/users', 'get')).toEqual([]);
  });
});
