import { DelegationCredentialService } from '../../subgraphs/organizations/delegation-credential/delegation-credential.service';
import { decryptServiceAccountKey, isSealedWithOldKey } from '../../subgraphs/organizations/delegation-credential/service-account-key-cipher';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { startTestStack, TestStack } from '../support/stack';

type Person = Awaited<ReturnType<typeof userWithKey>>;

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC-secret-material\n-----END PRIVATE KEY-----\n';
const serviceAccountKey = (tag: string) => ({
  private_key: `${PRIVATE_KEY}${tag}`,
  client_email: `svc-${tag}@project.iam.gserviceaccount.com`,
  client_id: `1049${tag}`,
});

/** Type 2.5, written from the spec. */
const CREDENTIAL_KEYS = ['createdAt', 'domain', 'enabled', 'id', 'organizationId', 'updatedAt', 'workspacePlatform'];

describe('delegation credentials (spec 2.5, 4.3: role org admin, PBAC organization.update)', () => {
  let stack: TestStack;
  let orgId: number;
  let otherOrgId: number;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;
  const path = () => `/v2/organizations/${orgId}/delegation-credentials`;
  /** Every answer of this file, to look for the key in. */
  const answers: unknown[] = [];
  const rest = async (...args: Parameters<TestStack['rest']>) => {
    const response = await stack.rest(...args);
    answers.push(response.body, Object.fromEntries(response.headers.entries()));
    return response;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, otherAdmin] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Wayne', ownerId: admin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Stark', ownerId: otherAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  let credentialId: string;

  it('POST saves it disabled and answers type 2.5 (201)', async () => {
    const data = expectSuccess(
      await rest('POST', path(), {
        key: admin.key,
        body: { domain: 'Wayne.Example.com', workspacePlatformSlug: 'google', serviceAccountKey: serviceAccountKey('a') },
      }),
      201,
    );
    expect(Object.keys(data).sort()).toEqual(CREDENTIAL_KEYS);
    expect(data).toEqual({
      id: expect.any(String),
      enabled: false,
      domain: 'wayne.example.com',
      organizationId: orgId,
      workspacePlatform: { name: 'Google', slug: 'google' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    credentialId = data.id;
  });

  it('the table holds AES-256-GCM ciphertext of the key, never the key; it decrypts with the configured key', async () => {
    const [row] = await stack.db('organizations').query('SELECT * FROM delegation_credentials WHERE id = $1', [credentialId]);
    expect(row.encrypted_service_account_key).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain('secret-material');
    expect(JSON.stringify(row)).not.toContain('svc-a@project');
    expect(JSON.parse(decryptServiceAccountKey(row.encrypted_service_account_key))).toEqual(serviceAccountKey('a'));
  });

  it('a domain that already has a credential (in any organization) is a 409', async () => {
    expectErrorEnvelope(
      await rest('POST', path(), {
        key: admin.key,
        body: { domain: 'wayne.example.com', workspacePlatformSlug: 'google', serviceAccountKey: serviceAccountKey('b') },
      }),
      409,
      'CONFLICT',
    );
    expectErrorEnvelope(
      await rest('POST', `/v2/organizations/${otherOrgId}/delegation-credentials`, {
        key: otherAdmin.key,
        body: { domain: 'WAYNE.example.com', workspacePlatformSlug: 'google', serviceAccountKey: serviceAccountKey('c') },
      }),
      409,
      'CONFLICT',
    );
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ domain: 'not a domain', workspacePlatformSlug: 'google', serviceAccountKey: serviceAccountKey('d') }, /^domain/],
      [{ domain: 'd.example.com', workspacePlatformSlug: 'myspace', serviceAccountKey: serviceAccountKey('d') }, /^workspacePlatformSlug/],
      [
        { domain: 'd.example.com', workspacePlatformSlug: 'google', serviceAccountKey: { ...serviceAccountKey('d'), private_key: ' ' } },
        /serviceAccountKey\.private_key/,
      ],
      [{ domain: 'd.example.com', workspacePlatformSlug: 'google' }, /serviceAccountKey/],
    ];
    for (const [body, message] of cases) expectErrorEnvelope(await rest('POST', path(), { key: admin.key, body }), 400, 'BAD_REQUEST', message);
  });

  it('PATCH enables it; a new key disables it again (and replaces the ciphertext)', async () => {
    expect(expectSuccess(await rest('PATCH', `${path()}/${credentialId}`, { key: admin.key, body: { enabled: true } })).enabled).toBe(true);
    const [before] = await stack
      .db('organizations')
      .query('SELECT encrypted_service_account_key AS k FROM delegation_credentials WHERE id = $1', [credentialId]);
    const data = expectSuccess(await rest('PATCH', `${path()}/${credentialId}`, { key: admin.key, body: { serviceAccountKey: serviceAccountKey('e') } }));
    expect(data.enabled).toBe(false);
    const [after] = await stack
      .db('organizations')
      .query('SELECT encrypted_service_account_key AS k FROM delegation_credentials WHERE id = $1', [credentialId]);
    expect(after.k).not.toBe(before.k);
    expect(JSON.parse(decryptServiceAccountKey(after.k)).client_id).toBe('1049e');
    expect(
      expectSuccess(await rest('PATCH', `${path()}/${credentialId}`, { key: admin.key, body: { serviceAccountKey: serviceAccountKey('f'), enabled: true } }))
        .enabled,
    ).toBe(true);
  });

  it('a plain member and the admin of another organization get 403; through their own organization, 404', async () => {
    for (const who of [member, otherAdmin]) {
      expect(
        (
          await rest('POST', path(), {
            key: who.key,
            body: { domain: 'x.example.com', workspacePlatformSlug: 'google', serviceAccountKey: serviceAccountKey('x') },
          })
        ).status,
      ).toBe(403);
      expect((await rest('PATCH', `${path()}/${credentialId}`, { key: who.key, body: { enabled: false } })).status).toBe(403);
    }
    expectErrorEnvelope(
      await rest('PATCH', `/v2/organizations/${otherOrgId}/delegation-credentials/${credentialId}`, { key: otherAdmin.key, body: { enabled: false } }),
      404,
      'NOT_FOUND',
    );
  });

  it('a member whose custom role grants organization.update may manage them', async () => {
    const role = await operatorOf(stack).createRole({ organizationId: orgId, name: 'Workspace admin', permissions: ['organization.update'] });
    const [{ id }] = await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [orgId, member.user.id]);
    await operatorOf(stack).assignRole(id, role.id);
    // The gateway forgets the member's cached principal when PostgreSQL announces the change (NOTIFY): at once, not before the next statement.
    const disabled = async () => {
      const answer = await rest('PATCH', `${path()}/${credentialId}`, { key: member.key, body: { enabled: false } });
      return answer.status === 200 && answer.body.data.enabled === false;
    };
    expect(await eventually(disabled)).toBe(true);
  });

  it('key rotation: with a new DELEGATION_CREDENTIAL_KEY and the old one in DELEGATION_CREDENTIAL_OLD_KEYS, the admin step seals every key again', async () => {
    const saved = { key: process.env.DELEGATION_CREDENTIAL_KEY, old: process.env.DELEGATION_CREDENTIAL_OLD_KEYS };
    try {
      process.env.DELEGATION_CREDENTIAL_OLD_KEYS = process.env.DELEGATION_CREDENTIAL_KEY || 'svc-dev-delegation-credential-key';
      process.env.DELEGATION_CREDENTIAL_KEY = 'a brand new key';
      expect(await new DelegationCredentialService(stack.db('organizations')).reencryptUnderCurrentKey()).toBe(1);
      const [row] = await stack
        .db('organizations')
        .query('SELECT encrypted_service_account_key AS k FROM delegation_credentials WHERE id = $1', [credentialId]);
      expect(isSealedWithOldKey(row.k)).toBe(false);
      delete process.env.DELEGATION_CREDENTIAL_OLD_KEYS;
      expect(JSON.parse(decryptServiceAccountKey(row.k)).client_id).toBe('1049f');
    } finally {
      for (const [name, value] of [
        ['DELEGATION_CREDENTIAL_KEY', saved.key],
        ['DELEGATION_CREDENTIAL_OLD_KEYS', saved.old],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('no answer of this file carried any part of a key', () => {
    const text = JSON.stringify(answers);
    for (const secret of ['secret-material', 'BEGIN PRIVATE KEY', 'iam.gserviceaccount.com', '1049a', '1049e']) expect(text).not.toContain(secret);
  });
});
