import { randomBytes } from 'node:crypto';
import { runCli } from '../support/cli';
import { eventually } from '../support/eventually';
import { PrivateSupervisedStack, startPrivateSupervisor, SupervisedStack } from '../support/supervised-stack';

/** The services that logged a line for that request id. */
const servicesThatLogged = (stack: SupervisedStack, id: string) =>
  logLines(stack)
    .filter((line) => line.req?.id === id)
    .map((line) => line.service);
const loggedByGatewayAndScheduling = (stack: SupervisedStack, id: string) => async () =>
  ['gateway', 'scheduling'].every((service) => servicesThatLogged(stack, id).includes(service));

/** The JSON log lines `npm start` printed (one object per request, each naming its service). */
function logLines(
  stack: SupervisedStack,
): Array<{ service: string; level: number; req: { id: string; method: string; path: string }; res: { statusCode: number }; responseTime: number }> {
  return stack
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

// Public (no key needed) and answered by the scheduling subgraph: an unknown event type.
const SLOTS_QUERY = '{ availableSlots(eventTypeId: 999999, startTime: "2030-01-07", endTime: "2030-01-08") { eventTypeId } }';

/**
 * One `npm start` (its processes, on a copy of the migrated template) at its most verbose settings, for what it logs: the
 * request id of each line, and no secret a client sends. The gateway believes x-request-id only from a proxy named by
 * TRUST_PROXY. A subgraph logs its successful answers at debug (the gateway's line of the request carries the id at info).
 */
let supervised: PrivateSupervisedStack;
let env: NodeJS.ProcessEnv;
let stack: SupervisedStack;
let base: string;
beforeAll(async () => {
  supervised = await startPrivateSupervisor({
    LOG_LEVEL: 'debug',
    LOG_SQL: '1',
    TRUST_PROXY: 'loopback',
    DELEGATION_CREDENTIAL_KEY: 'secrets-not-logged-test-key',
  });
  ({ env, stack, base } = supervised);
}, 120_000);
afterAll(async () => supervised?.stop());

describe('one JSON log line per request, under one request id from the gateway to the subgraphs', () => {
  it('the id in the x-request-id response header is in the gateway’s line and the subgraph’s line of that request', async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SLOTS_QUERY }),
    });
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(loggedByGatewayAndScheduling(stack, id), { timeoutMs: 10_000 });
    const lines = logLines(stack).filter((line) => line.req?.id === id);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: 'gateway',
          req: { id, method: 'POST', path: '/graphql' },
          res: { statusCode: response.status },
          responseTime: expect.any(Number),
        }),
        expect.objectContaining({ service: 'scheduling', req: { id, method: 'POST', path: '/graphql' }, res: { statusCode: 200 } }),
      ]),
    );
  }, 30_000);

  it('a REST request too; the query string (which may carry a key) is not logged', async () => {
    const response = await fetch(`${base}/v2/slots/available?eventTypeId=999999&startTime=2030-01-07&endTime=2030-01-08&note=svc_not_logged`);
    const id = response.headers.get('x-request-id')!;
    await eventually(loggedByGatewayAndScheduling(stack, id), { timeoutMs: 10_000 });
    expect(servicesThatLogged(stack, id)).toEqual(expect.arrayContaining(['gateway', 'scheduling']));
    expect(stack.output()).not.toContain('svc_not_logged');
  }, 30_000);

  it('the gateway’s credential lookup (oauth) and a subgraph’s callback to the gateway are logged under the same id', async () => {
    const refused = await fetch(`${base}/v2/me`, { headers: { authorization: `Bearer svc_${'0'.repeat(64)}` } });
    expect(refused.status).toBe(401);
    const refusedId = refused.headers.get('x-request-id')!;
    await eventually(async () => servicesThatLogged(stack, refusedId).includes('oauth'), { timeoutMs: 10_000 });

    // An event type named by its owner's username: scheduling asks the organizations subgraph for the user through the gateway.
    const slots = await fetch(`${base}/v2/slots/available?eventTypeSlug=intro&username=nobody-here&startTime=2030-01-07&endTime=2030-01-08`);
    const slotsId = slots.headers.get('x-request-id')!;
    await eventually(
      async () => ['gateway', 'scheduling', 'gateway-internal', 'organizations'].every((service) => servicesThatLogged(stack, slotsId).includes(service)),
      { timeoutMs: 10_000 },
    );
  }, 30_000);

  it('an x-request-id from a trusted proxy is kept, answered and passed to the subgraph', async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'proxy-7f3a.42' },
      body: JSON.stringify({ query: SLOTS_QUERY }),
    });
    expect(response.headers.get('x-request-id')).toBe('proxy-7f3a.42');
    await eventually(loggedByGatewayAndScheduling(stack, 'proxy-7f3a.42'), { timeoutMs: 10_000 });
    expect(servicesThatLogged(stack, 'proxy-7f3a.42')).toEqual(expect.arrayContaining(['gateway', 'scheduling']));
  }, 30_000);
});

/**
 * Secrets a client sends are sealed or hashed before they are stored, so no service may print them: not in
 * its request lines, not in an error, not in the SQL it sends (LOG_SQL prints every statement with its
 * parameters). The stack runs as `npm start` runs it, at the most verbose settings, and everything its
 * processes print is searched.
 */
describe('no secret a client sends appears in any log line, even at LOG_LEVEL=debug with LOG_SQL=1', () => {
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
    const user = await admin('create-user', '--email', 'wayne@example.com', '--name', 'Bruce Wayne', '--password', 'wayne-password', '--time-zone', 'UTC');
    orgId = (await admin('create-org', '--name', 'Wayne', '--slug', 'wayne', '--owner', String(user.id))).id;
    key = (await admin('create-api-key', '--user', String(user.id))).key;
  }, 120_000);

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
