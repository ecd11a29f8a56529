import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { codeIn, startSmsProvider } from '../support/sms-provider';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/**
 * Conformance: a user's and a team's verified e-mails and phones, replayed from the real service's public e2e specs
 * apps/api/v2/src/modules/verified-resources/controllers/users-verified-resources.controller.e2e-spec.ts
 * ("UserVerifiedResourcesController (e2e)") and
 * apps/api/v2/src/modules/teams/verified-resources/teams-verified-resources.controller.e2e-spec.ts
 * ("TeamsVerifiedResourcesController (e2e)") and
 * apps/api/v2/src/modules/organizations/teams/verified-resources/org-teams-verified-resources.controller.e2e-spec.ts
 * ("Organizations Teams Verified Resources"), test names beside each case. Theirs mock the one-time code ("1234")
 * and write the verified phone with a fixture; here the codes are real: the e-mail's is read from the test SMTP
 * server, and the phone is verified with the code the test SMS provider received.
 */
describe('conformance: verified resources', () => {
  let stack: TestStack;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let user: Person;
  let teamAdmin: Person;
  let team: { id: number };
  let verifiedEmailId: number;
  let verifiedPhoneId: number;
  const emailToVerify = 'user-e2e-verified-resources@example.com';
  const phoneToVerify = '+37255551234';
  const teamEmailToVerify = 'teams-e2e-verified-resources@example.com';
  const teamPhoneToVerify = '+37255559876';
  let teamVerifiedPhoneId: number;
  let orgAdmin: Person;
  let org: { id: number };
  let orgTeam: { id: number };
  const orgTeamEmailToVerify = 'org-team-e2e-verified-resources@example.com';
  const orgTeamPhoneToVerify = '+37255556666';
  let orgTeamVerifiedPhoneId: number;

  beforeAll(async () => {
    [stack, sms] = await Promise.all([startTestStack({ smtp: true }), startSmsProvider()]);
    process.env.SMS_PROVIDER_URL = sms.url;
    const operator = operatorOf(stack);
    [user, teamAdmin, orgAdmin, team, org] = await Promise.all([
      person(stack, 'users-verified-resources-e2e'),
      person(stack, 'teams-verified-resources-e2e'),
      person(stack, 'organizations-verified-resources-responses-user'),
      operator.createTeam({ name: 'teams-verified-resources-e2e-team' }),
      operator.createOrganization({ name: 'organizations-verified-resources-responses-organization' }),
    ]);
    // Their user is an ADMIN of the organization and of its team.
    [orgTeam] = await Promise.all([
      operator.createTeam({ name: 'organizations-verified-resources-responses-team', orgId: org.id }),
      operator.addMember({ teamId: team.id, userId: teamAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: org.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
    ]);
    await operator.addMember({ teamId: orgTeam.id, userId: orgAdmin.id, role: MembershipRole.ADMIN });
    // Their fixtures write the verified phones; here each is requested and verified with the code sent.
    const verifyPhone = async (prefix: string, key: string, phone: string) => {
      expectSuccess(await stack.rest('POST', `${prefix}/phones/verification-code/request`, { key, body: { phone } }));
      const code = codeIn(sms.messages.find((m) => m.to === phone)!.body)!;
      return expectSuccess(await stack.rest('POST', `${prefix}/phones/verification-code/verify`, { key, body: { phone, code } })).id as number;
    };
    [verifiedPhoneId, teamVerifiedPhoneId, orgTeamVerifiedPhoneId] = await Promise.all([
      verifyPhone('/v2/verified-resources', user.key, phoneToVerify),
      verifyPhone(`/v2/teams/${team.id}/verified-resources`, teamAdmin.key, teamPhoneToVerify),
      verifyPhone(`/v2/organizations/${org.id}/teams/${orgTeam.id}/verified-resources`, orgAdmin.key, orgTeamPhoneToVerify),
    ]);
  });
  afterAll(async () => {
    delete process.env.SMS_PROVIDER_URL;
    await sms?.stop();
    await stack.stop();
  });

  const call = (method: string, path: string, body?: unknown) => stack.rest(method, path, { key: user.key, body });

  it('"should trigger email verification code": 200', async () => {
    const response = await call('POST', '/v2/verified-resources/emails/verification-code/request', { email: emailToVerify });
    expect(response.status).toBe(200);
  });

  it('"should verify email": 200, the e-mail and its user', async () => {
    const mail = await stack.mail.waitFor((m) => m.to.includes(emailToVerify));
    const data = expectSuccess(await call('POST', '/v2/verified-resources/emails/verification-code/verify', { email: emailToVerify, code: codeIn(mail.text) }));
    expect(data).toMatchObject({ email: emailToVerify, userId: user.id });
    verifiedEmailId = data.id;
  });

  it('"should fetch verified email by id"', async () => {
    expect(expectSuccess(await call('GET', `/v2/verified-resources/emails/${verifiedEmailId}`))).toMatchObject({ email: emailToVerify, userId: user.id });
  });

  it('"should fetch verified number by id"', async () => {
    expect(expectSuccess(await call('GET', `/v2/verified-resources/phones/${verifiedPhoneId}`))).toMatchObject({ phoneNumber: phoneToVerify, userId: user.id });
  });

  it('"should fetch verified emails": the one verified, of the user', async () => {
    const data = expectSuccess(await call('GET', '/v2/verified-resources/emails'));
    expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ email: emailToVerify, userId: user.id })]));
  });

  it('"should fetch verified phones": the one verified, of the user', async () => {
    const data = expectSuccess(await call('GET', '/v2/verified-resources/phones'));
    expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ phoneNumber: phoneToVerify, userId: user.id })]));
  });

  it('"should return 401 without auth header"', async () => {
    expect((await stack.rest('GET', '/v2/verified-resources/emails')).status).toBe(401);
  });

  describe('teams-verified-resources.controller.e2e-spec.ts (TeamsVerifiedResourcesController, a team admin)', () => {
    const teamCall = (method: string, path: string, body?: unknown) =>
      stack.rest(method, `/v2/teams/${team.id}/verified-resources${path}`, { key: teamAdmin.key, body });
    let teamVerifiedEmailId: number;

    it('"should trigger email verification code": 200', async () => {
      expect((await teamCall('POST', '/emails/verification-code/request', { email: teamEmailToVerify })).status).toBe(200);
    });

    it('"should verify email for team": 200, the e-mail and its team', async () => {
      const mail = await stack.mail.waitFor((m) => m.to.includes(teamEmailToVerify));
      const data = expectSuccess(await teamCall('POST', '/emails/verification-code/verify', { email: teamEmailToVerify, code: codeIn(mail.text) }));
      expect(data).toMatchObject({ email: teamEmailToVerify, teamId: team.id });
      teamVerifiedEmailId = data.id;
    });

    it('"should fetch verified email by id"', async () => {
      expect(expectSuccess(await teamCall('GET', `/emails/${teamVerifiedEmailId}`))).toMatchObject({ email: teamEmailToVerify, teamId: team.id });
    });

    it('"should fetch verified number by id"', async () => {
      expect(expectSuccess(await teamCall('GET', `/phones/${teamVerifiedPhoneId}`))).toMatchObject({ phoneNumber: teamPhoneToVerify, teamId: team.id });
    });

    it('"should fetch verified emails for team": the one verified, of the team', async () => {
      const data = expectSuccess(await teamCall('GET', '/emails'));
      expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ email: teamEmailToVerify, teamId: team.id })]));
    });

    it('"should fetch verified phones for team": the one verified, of the team', async () => {
      const data = expectSuccess(await teamCall('GET', '/phones'));
      expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ phoneNumber: teamPhoneToVerify, teamId: team.id })]));
    });

    it('"should return 401 without auth header"', async () => {
      expect((await stack.rest('GET', `/v2/teams/${team.id}/verified-resources/emails`)).status).toBe(401);
    });
  });

  describe('org-teams-verified-resources.controller.e2e-spec.ts ("Organizations Teams Verified Resources", an admin of the organization and its team)', () => {
    const orgTeamCall = (method: string, path: string, body?: unknown) =>
      stack.rest(method, `/v2/organizations/${org.id}/teams/${orgTeam.id}/verified-resources${path}`, { key: orgAdmin.key, body });
    let orgTeamVerifiedEmailId: number;

    it('"should trigger email verification code": 200', async () => {
      expect((await orgTeamCall('POST', '/emails/verification-code/request', { email: orgTeamEmailToVerify })).status).toBe(200);
    });

    it('"should verify email": 200, the e-mail and the organization\'s team', async () => {
      const mail = await stack.mail.waitFor((m) => m.to.includes(orgTeamEmailToVerify));
      const data = expectSuccess(await orgTeamCall('POST', '/emails/verification-code/verify', { email: orgTeamEmailToVerify, code: codeIn(mail.text) }));
      expect(data).toMatchObject({ email: orgTeamEmailToVerify, teamId: orgTeam.id });
      orgTeamVerifiedEmailId = data.id;
    });

    it('"should fetch verified email by id"', async () => {
      expect(expectSuccess(await orgTeamCall('GET', `/emails/${orgTeamVerifiedEmailId}`))).toMatchObject({ email: orgTeamEmailToVerify, teamId: orgTeam.id });
    });

    it('"should fetch verified number by id"', async () => {
      expect(expectSuccess(await orgTeamCall('GET', `/phones/${orgTeamVerifiedPhoneId}`))).toMatchObject({
        phoneNumber: orgTeamPhoneToVerify,
        teamId: orgTeam.id,
      });
    });

    it('"should fetch verified emails": the one verified, of the team', async () => {
      const data = expectSuccess(await orgTeamCall('GET', '/emails'));
      expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ email: orgTeamEmailToVerify, teamId: orgTeam.id })]));
    });

    it('"should fetch verified phones": the one verified, of the team', async () => {
      const data = expectSuccess(await orgTeamCall('GET', '/phones'));
      expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ phoneNumber: orgTeamPhoneToVerify, teamId: orgTeam.id })]));
    });
  });
});
