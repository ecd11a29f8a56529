import { randomBytes } from 'node:crypto';
import { runCli } from '../support/cli';
import { PrivateSupervisedStack, startPrivateSupervisor, SupervisedStack } from '../support/supervised-stack';

/**
 * Secrets a client sends are sealed or hashed before they are stored, so no service may print them: not in
 * its request lines, not in an error, not in the SQL it sends (LOG_SQL prints every statement with its
 * parameters). The stack runs as `npm start` runs it, at the most verbose settings, and everything its
 * processes print is searched.
 */
describe('no secret a client sends appears in any log line, even at LOG_LEVEL=debug with LOG_SQL=1', () => {
  let supervised: PrivateSupervisedStack;
  let env: NodeJS.ProcessEnv;
  let stack: SupervisedStack;
  let base: string;
  let key: string;
  let orgId: number;

  /** Unique markers, so that a hit can only come from what this file sent. */
  const marker = (name: string) => `${name}-${randomBytes(8).toString('hex')}`;
  const privateKey = marker('private-key-material');
  const rotatedPrivateKey = marker('rotated-key-material');
  const refusedPrivateKey = marker('refused-key-material');
  const webhookSecret = marker('webhook-signing-secret');

  const admin = async (...args: string[]) => {
    const result = await runCli('admin', env, ...args);
    if (result.code !== 0) throw new Error(`admin ${args[0]} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout);
  };
  const rest = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: { id: number } } };
  };

  beforeAll(async () => {
    supervised = await startPrivateSupervisor({ LOG_LEVEL: 'debug', LOG_SQL: '1', DELEGATION_CREDENTIAL_KEY: 'secrets-not-logged-test-key' });
    ({ env, stack, base } = supervised);
    const user = await admin('create-user', '--email', 'wayne@example.com', '--name', 'Bruce Wayne', '--password', 'wayne-password', '--time-zone', 'UTC');
    orgId = (await admin('create-org', '--name', 'Wayne', '--slug', 'wayne', '--owner', String(user.id))).id;
    key = (await admin('create-api-key', '--user', String(user.id))).key;
  }, 120_000);
  afterAll(() => supervised?.stop());

  it('a delegation credential created, rotated and refused, a webhook with a secret, and the API key they used: none is printed', async () => {
    const serviceAccountKey = (material: string) => ({ private_key: material, client_email: 'svc@project.iam.gserviceaccount.com', client_id: '1049' });
    const created = await rest('POST', `/v2/organizations/${orgId}/delegation-credentials`, {
      domain: 'wayne.example.com',
      workspacePlatformSlug: 'google',
      serviceAccountKey: serviceAccountKey(privateKey),
    });
    expect(created.status).toBe(201);
    const rotated = await rest('PATCH', `/v2/organizations/${orgId}/delegation-credentials/${created.body.data.id}`, {
      serviceAccountKey: serviceAccountKey(rotatedPrivateKey),
    });
    expect(rotated.status).toBe(200);
    // Refused (the domain is taken): the error path must not print the body either.
    const refused = await rest('POST', `/v2/organizations/${orgId}/delegation-credentials`, {
      domain: 'wayne.example.com',
      workspacePlatformSlug: 'google',
      serviceAccountKey: serviceAccountKey(refusedPrivateKey),
    });
    expect(refused.status).toBe(409);
    const webhook = await rest('POST', '/v2/webhooks', {
      subscriberUrl: 'https://hooks.example.com/in',
      triggers: ['BOOKING_CREATED'],
      active: true,
      secret: webhookSecret,
    });
    expect(webhook.status).toBe(201);

    const output = stack.output();
    // The log did record these requests (so the search below searched something).
    expect(output).toContain(`/v2/organizations/${orgId}/delegation-credentials`);
    expect(output).toMatch(/\[sql\] INSERT INTO/i);
    // … and the statements' parameters: the body's other values are there, the secrets beside them are not.
    expect(output).toContain('wayne.example.com');
    expect(output).toContain('https://hooks.example.com/in');
    for (const secret of [privateKey, rotatedPrivateKey, refusedPrivateKey, webhookSecret, key]) expect(output).not.toContain(secret);
  });
});
