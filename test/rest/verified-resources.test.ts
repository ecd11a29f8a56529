import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { codeIn, startSmsProvider } from '../support/sms-provider';
import { startTestStack, TestStack } from '../support/stack';

type Person = Awaited<ReturnType<typeof userWithKey>>;

describe('verified resources (spec 5.3 VERIFIED_RESOURCES_*, TEAM_VERIFIED_RESOURCES_*): codes by e-mail and text message', () => {
  let stack: TestStack;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let owner: Person;
  let member: Person;
  let otherOwner: Person;
  let orgId: number;
  let otherOrgId: number;
  let teamId: number;
  let otherTeamId: number;

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    sms = await startSmsProvider();
    process.env.SMS_PROVIDER_URL = sms.url;
    const operator = operatorOf(stack);
    [owner, member, otherOwner] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Cyberdyne', ownerId: owner.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Tyrell', ownerId: otherOwner.user.id })).id;
    teamId = (await operator.createTeam({ name: 'Robotics', orgId, ownerId: owner.user.id })).id;
    otherTeamId = (await operator.createTeam({ name: 'Replicants', orgId: otherOrgId, ownerId: otherOwner.user.id })).id;
    await operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(async () => {
    delete process.env.SMS_PROVIDER_URL;
    await sms?.stop();
    await stack.stop();
  });

  const used = new Set<string>();
  const takeMail = async (to: string) => {
    const mail = await stack.mail.waitFor((m) => m.to.includes(to) && !used.has(m.raw));
    used.add(mail.raw);
    return codeIn(mail.text)!;
  };

  describe('/v2/verified-resources (the caller’s own)', () => {
    let emailId: number;

    it('request → the code arrives over SMTP; a wrong code is a 400 naming code; the right one verifies (data {id, email, userId, teamId})', async () => {
      expect(
        expectSuccess(
          await stack.rest('POST', '/v2/verified-resources/emails/verification-code/request', { key: member.key, body: { email: 'Sender@Example.com' } }),
        ),
      ).toBe(true);
      const code = await takeMail('sender@example.com');
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', {
          key: member.key,
          body: { email: 'sender@example.com', code: wrong },
        }),
        400,
        'BAD_REQUEST',
        /^code/,
      );
      const data = expectSuccess(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', { key: member.key, body: { email: 'sender@example.com', code } }),
      );
      expect(data).toEqual({ id: expect.any(Number), email: 'sender@example.com', userId: member.user.id, teamId: null });
      emailId = data.id;
      // single use
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', { key: member.key, body: { email: 'sender@example.com', code } }),
        400,
        'BAD_REQUEST',
        /^code/,
      );
    });

    it('only a hash of the code is stored', async () => {
      const rows = await stack.db('integrations').query(`SELECT * FROM verification_codes WHERE user_id = $1`, [member.user.id]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      const mails = stack.mail.messages.map((m) => codeIn(m.text)).filter(Boolean) as string[];
      for (const code of mails) expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    });

    it('GET lists and gets by id; another user’s id is a 404', async () => {
      const list = await stack.rest('GET', '/v2/verified-resources/emails', { key: member.key });
      expect(expectSuccess(list).map((e: { id: number }) => e.id)).toEqual([emailId]);
      expect(list.body.pagination.totalItems).toBe(1);
      expect(expectSuccess(await stack.rest('GET', `/v2/verified-resources/emails/${emailId}`, { key: member.key })).email).toBe('sender@example.com');
      expectErrorEnvelope(await stack.rest('GET', `/v2/verified-resources/emails/${emailId}`, { key: owner.key }), 404, 'NOT_FOUND');
    });

    it('a code expires', async () => {
      expectSuccess(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/request', { key: member.key, body: { email: 'late@example.com' } }),
      );
      const code = await takeMail('late@example.com');
      await stack.db('integrations').query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = 'late@example.com'`);
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', { key: member.key, body: { email: 'late@example.com', code } }),
        400,
        'BAD_REQUEST',
        /^code/,
      );
    });

    it('five wrong guesses kill a code: the right one is refused after them', async () => {
      expectSuccess(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/request', { key: member.key, body: { email: 'guess@example.com' } }),
      );
      const code = await takeMail('guess@example.com');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', {
              key: member.key,
              body: { email: 'guess@example.com', code: wrong },
            })
          ).status,
        ).toBe(400);
      }
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/verify', { key: member.key, body: { email: 'guess@example.com', code } }),
        400,
        'BAD_REQUEST',
        /^code/,
      );
    });

    it('rate limited: the sixth code for one address within the hour is a 429', async () => {
      for (let i = 0; i < 5; i++)
        expectSuccess(
          await stack.rest('POST', '/v2/verified-resources/emails/verification-code/request', { key: owner.key, body: { email: 'flood@example.com' } }),
        );
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/emails/verification-code/request', { key: owner.key, body: { email: 'flood@example.com' } }),
        429,
        'TOO_MANY_REQUESTS',
      );
    });

    it('phone: the code goes to SMS_PROVIDER_URL as {to, body}; verify answers {id, phoneNumber, userId, teamId}', async () => {
      expectSuccess(
        await stack.rest('POST', '/v2/verified-resources/phones/verification-code/request', { key: member.key, body: { phone: '+372 5555 6666' } }),
      );
      const message = sms.messages.find((m) => m.to === '+37255556666');
      expect(message).toBeDefined();
      const code = codeIn(message!.body)!;
      const data = expectSuccess(
        await stack.rest('POST', '/v2/verified-resources/phones/verification-code/verify', { key: member.key, body: { phone: '+37255556666', code } }),
      );
      expect(data).toEqual({ id: expect.any(Number), phoneNumber: '+37255556666', userId: member.user.id, teamId: null });
      expect(expectSuccess(await stack.rest('GET', `/v2/verified-resources/phones/${data.id}`, { key: member.key })).phoneNumber).toBe('+37255556666');
    });

    it('a phone number not in E.164 is a 400 naming phone; without an SMS provider the request is a 503', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/verified-resources/phones/verification-code/request', { key: member.key, body: { phone: '5555' } }),
        400,
        'BAD_REQUEST',
        /^phone/,
      );
      delete process.env.SMS_PROVIDER_URL;
      try {
        expect(
          (await stack.rest('POST', '/v2/verified-resources/phones/verification-code/request', { key: member.key, body: { phone: '+37255550000' } })).status,
        ).toBe(503);
      } finally {
        process.env.SMS_PROVIDER_URL = sms.url;
      }
    });
  });

  describe('/v2/teams/{teamId}/verified-resources and /v2/organizations/{orgId}/teams/{teamId}/verified-resources (team admins; the org admin)', () => {
    it('the team owner verifies a team e-mail: data has teamId, userId null', async () => {
      expectSuccess(
        await stack.rest('POST', `/v2/teams/${teamId}/verified-resources/emails/verification-code/request`, {
          key: owner.key,
          body: { email: 'team@example.com' },
        }),
      );
      const code = await takeMail('team@example.com');
      const data = expectSuccess(
        await stack.rest('POST', `/v2/teams/${teamId}/verified-resources/emails/verification-code/verify`, {
          key: owner.key,
          body: { email: 'team@example.com', code },
        }),
      );
      expect(data).toEqual({ id: expect.any(Number), email: 'team@example.com', userId: null, teamId });
      expect(
        expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/verified-resources/emails`, { key: owner.key })).map(
          (e: { id: number }) => e.id,
        ),
      ).toEqual([data.id]);
      expect(
        expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/verified-resources/emails/${data.id}`, { key: owner.key })).teamId,
      ).toBe(teamId);
      // The caller's own list does not hold the team's.
      expect(expectSuccess(await stack.rest('GET', '/v2/verified-resources/emails', { key: owner.key }))).toEqual([]);
    });

    it('the org path verifies a team phone number', async () => {
      expectSuccess(
        await stack.rest('POST', `/v2/organizations/${orgId}/teams/${teamId}/verified-resources/phones/verification-code/request`, {
          key: owner.key,
          body: { phone: '+14155550100' },
        }),
      );
      const code = codeIn(sms.messages.find((m) => m.to === '+14155550100')!.body)!;
      const data = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${orgId}/teams/${teamId}/verified-resources/phones/verification-code/verify`, {
          key: owner.key,
          body: { phone: '+14155550100', code },
        }),
      );
      expect(data).toEqual({ id: expect.any(Number), phoneNumber: '+14155550100', userId: null, teamId });
    });

    it('a plain team member and another organization’s owner get 403; a team of another organization through one’s own is a 404', async () => {
      for (const who of [member, otherOwner]) {
        expect((await stack.rest('GET', `/v2/teams/${teamId}/verified-resources/emails`, { key: who.key })).status).toBe(403);
        expect(
          (
            await stack.rest('POST', `/v2/teams/${teamId}/verified-resources/emails/verification-code/request`, {
              key: who.key,
              body: { email: 'x@example.com' },
            })
          ).status,
        ).toBe(403);
        expect((await stack.rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/verified-resources/phones`, { key: who.key })).status).toBe(403);
      }
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${otherOrgId}/teams/${teamId}/verified-resources/emails`, { key: otherOwner.key }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${orgId}/teams/${otherTeamId}/verified-resources/emails`, { key: owner.key }),
        404,
        'NOT_FOUND',
      );
    });
  });
});
