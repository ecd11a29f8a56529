import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningGateway, startGateway } from '../../gateway/gateway';
import { readCheckedInSupergraph } from '../../schema/compose';
import { eventually } from '../support/eventually';
import { expectSuccess, userWithKey } from '../support/fixtures';
import { startTestStack, TEST_RATE_LIMITS, TestStack } from '../support/stack';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A manifest as the codegen client preset writes it: `sha256:<hex>` → text. */
const manifestOf = (...documents: string[]) => JSON.stringify(Object.fromEntries(documents.map((text) => [`sha256:${sha256(text)}`, text])));

const MY_NAME = 'query MyName { me { name } }';
const MY_EMAIL = 'query MyEmail($withName: Boolean!) { me { email name @include(if: $withName) } }';
/** 31 aliases: one more than GRAPHQL_MAX_ALIASES allows by default. */
const TOO_MANY_ALIASES = `query Aliased { me { ${Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ')} } }`;
const NOT_IN_ANY_MANIFEST = 'query Other { me { id } }';
const CREATE_WEBHOOK = 'mutation CreateWebhook($input: CreateWebhookInput!) { createWebhook(input: $input) { id subscriberUrl } }';

/** A POST /graphql of this body (a JSON content type: what Apollo Server's CSRF rule asks of a POST). */
async function post(url: string, body: unknown, key?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const codeOf = (answer: { body: any }) => answer.body.errors?.[0]?.extensions?.code;

/** svc_trusted_document_refusals_total of this code, as the gateway's internal /metrics reports it (0 before the first). */
async function refusalsCounted(internalUrl: string, code: string): Promise<number> {
  const metrics = await (await fetch(`${internalUrl}/metrics`)).text();
  const line = metrics.split('\n').find((sample) => sample.startsWith(`svc_trusted_document_refusals_total{code="${code}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('trusted documents: GRAPHQL_TRUSTED_DOCUMENTS and the manifests of TRUSTED_DOCUMENTS_DIR', () => {
  let stack: TestStack;
  /** A second gateway over the same subgraphs, with `allow` and a folder of its own. */
  let allowing: RunningGateway;
  let onlyDir: string;
  let allowDir: string;
  let key: string;
  let name: string;
  let email: string;
  let userId: number;

  beforeAll(async () => {
    onlyDir = mkdtempSync(join(tmpdir(), 'trusted-only-'));
    allowDir = mkdtempSync(join(tmpdir(), 'trusted-allow-'));
    // The manifests the gateways find at start; one malformed, one whose id is not its document's hash: both skipped.
    writeFileSync(join(onlyDir, 'web.json'), manifestOf(MY_NAME, MY_EMAIL, TOO_MANY_ALIASES, CREATE_WEBHOOK));
    writeFileSync(join(onlyDir, 'broken.json'), '{"sha256:00": ');
    writeFileSync(join(onlyDir, 'lying.json'), JSON.stringify({ [`sha256:${sha256(MY_NAME)}`]: NOT_IN_ANY_MANIFEST }));
    writeFileSync(join(allowDir, 'web.json'), manifestOf(MY_NAME));
    stack = await startTestStack({ gateway: { trustedDocuments: 'only', trustedDocumentsDir: onlyDir }, webhookWorker: false });
    [
      allowing,
      {
        key,
        user: { name, email, id: userId },
      },
    ] = await Promise.all([
      startGateway({
        supergraphSdl: readCheckedInSupergraph(),
        subgraphUrls: Object.fromEntries(Object.entries(stack.subgraphs).map(([subgraph, running]) => [subgraph, running.url])),
        port: 0,
        internalPort: 0,
        rateLimits: TEST_RATE_LIMITS,
        trustedDocuments: 'allow',
        trustedDocumentsDir: allowDir,
      }),
      userWithKey(stack),
    ]);
  });
  afterAll(async () => {
    await allowing?.stop();
    await stack?.stop();
    rmSync(onlyDir, { recursive: true, force: true });
    rmSync(allowDir, { recursive: true, force: true });
  });

  describe('only', () => {
    it('a documentId (sha256:<hex>, or the bare hex) runs the manifest document with the variables sent', async () => {
      expect(await post(stack.url, { documentId: `sha256:${sha256(MY_NAME)}` }, key)).toEqual({ status: 200, body: { data: { me: { name } } } });
      const withVariables = await post(stack.url, { documentId: sha256(MY_EMAIL), variables: { withName: false } }, key);
      expect(withVariables).toEqual({ status: 200, body: { data: { me: { email } } } });
    });

    it('a documentId no manifest has: 400 PERSISTED_QUERY_NOT_IN_LIST; one that is not a SHA-256: 400 BAD_REQUEST', async () => {
      const unknown = await post(stack.url, { documentId: `sha256:${sha256(NOT_IN_ANY_MANIFEST)}` }, key);
      expect({ status: unknown.status, code: codeOf(unknown) }).toEqual({ status: 400, code: 'PERSISTED_QUERY_NOT_IN_LIST' });
      const malformed = await post(stack.url, { documentId: 'md5:abc' }, key);
      expect({ status: malformed.status, code: codeOf(malformed) }).toEqual({ status: 400, code: 'BAD_REQUEST' });
    });

    it('a text no manifest has is refused: 400 QUERY_NOT_IN_SAFELIST, and nothing runs', async () => {
      const refused = await post(stack.url, { query: NOT_IN_ANY_MANIFEST }, key);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ errors: [{ message: expect.stringMatching(/trusted documents/), extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] });
      // Nor does introspection run: it is text like any other.
      expect(codeOf(await post(stack.url, { query: '{ __schema { queryType { name } } }' }))).toBe('QUERY_NOT_IN_SAFELIST');
    });

    it('each refusal is counted by its code on the internal /metrics', async () => {
      const before = await refusalsCounted(stack.gateway.internalUrl, 'QUERY_NOT_IN_SAFELIST');
      await post(stack.url, { query: NOT_IN_ANY_MANIFEST }, key);
      await post(stack.url, { query: NOT_IN_ANY_MANIFEST }, key);
      expect((await refusalsCounted(stack.gateway.internalUrl, 'QUERY_NOT_IN_SAFELIST')) - before).toBe(2);
    });

    it('a manifest document sent as text is served, also printed another way (Apollo Client prints documents again)', async () => {
      expect(await post(stack.url, { query: MY_NAME }, key)).toEqual({ status: 200, body: { data: { me: { name } } } });
      const reprinted = 'query MyName {\n  me {\n    name\n  }\n}';
      expect(await post(stack.url, { query: reprinted }, key)).toEqual({ status: 200, body: { data: { me: { name } } } });
    });

    it('the malformed manifests were skipped: the document a lying manifest claims is not served by its id', async () => {
      // lying.json maps MY_NAME's id to another text: MY_NAME's id still runs MY_NAME (from web.json), never NOT_IN_ANY_MANIFEST.
      expect((await post(stack.url, { documentId: `sha256:${sha256(MY_NAME)}` }, key)).body).toEqual({ data: { me: { name } } });
      expect(codeOf(await post(stack.url, { query: NOT_IN_ANY_MANIFEST }, key))).toBe('QUERY_NOT_IN_SAFELIST');
    });

    it('a manifest dropped into the folder while the gateway runs is served without a restart; a malformed one changes nothing', async () => {
      const added = 'query MyTimeZone { me { timeZone } }';
      writeFileSync(join(onlyDir, 'not-a-manifest.json'), '[1, 2, 3]');
      writeFileSync(join(onlyDir, 'mobile.json'), manifestOf(added));
      const served = await eventually(async () => (await post(stack.url, { documentId: `sha256:${sha256(added)}` }, key)).status === 200);
      expect(served).toBe(true);
      expect((await post(stack.url, { query: added }, key)).body).toEqual({ data: { me: { timeZone: 'Europe/London' } } });
      expect((await post(stack.url, { documentId: `sha256:${sha256(MY_NAME)}` }, key)).status).toBe(200);
    });

    it('the operation limits apply to a trusted document as to any text', async () => {
      const refused = await post(stack.url, { documentId: `sha256:${sha256(TOO_MANY_ALIASES)}` }, key);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'GRAPHQL_MAX_ALIASES' });
    });

    it('a mutation by documentId with an Idempotency-Key runs once: the repeat gets the first answer', async () => {
      const input = { subscriberUrl: 'https://hooks.example.com/t', triggers: ['BOOKING_CREATED'] };
      const body = JSON.stringify({ documentId: `sha256:${sha256(CREATE_WEBHOOK)}`, variables: { input } });
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() };
      const send = async () => {
        const response = await fetch(`${stack.url}/graphql`, { method: 'POST', headers, body });
        return { status: response.status, replayed: response.headers.get('idempotent-replayed'), text: await response.text() };
      };
      const first = await send();
      expect(first).toMatchObject({ status: 200, replayed: null });
      expect(await send()).toEqual({ status: 200, replayed: 'true', text: first.text });
      const webhooks = await stack.db('integrations').query('SELECT id FROM webhooks WHERE user_id = $1', [userId]);
      expect(webhooks).toEqual([{ id: JSON.parse(first.text).data.createWebhook.id }]);
    });

    it('CSRF: a GET by documentId without a preflight-forcing header is refused; with one it runs', async () => {
      const url = `${stack.url}/graphql?documentId=sha256:${sha256(MY_NAME)}`;
      const simple = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      expect(simple.status).toBe(400);
      expect(await simple.text()).toMatch(/CSRF/);
      const preflighted = await fetch(url, { headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' } });
      expect({ status: preflighted.status, body: await preflighted.json() }).toEqual({ status: 200, body: { data: { me: { name } } } });
    });

    it('an automatic persisted query: a trusted document by its hash alone runs; registering another text is refused', async () => {
      const byHash = await post(stack.url, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(MY_NAME) } } }, key);
      expect(byHash).toEqual({ status: 200, body: { data: { me: { name } } } });
      const register = { query: NOT_IN_ANY_MANIFEST, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(NOT_IN_ANY_MANIFEST) } } };
      expect(codeOf(await post(stack.url, register, key))).toBe('QUERY_NOT_IN_SAFELIST');
    });

    it('the REST façade runs its own documents: GET /v2/me answers', async () => {
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key })).email).toBe(email);
    });
  });

  describe('allow', () => {
    it('takes a documentId and any text alike', async () => {
      expect(await post(allowing.url, { documentId: `sha256:${sha256(MY_NAME)}` }, key)).toEqual({ status: 200, body: { data: { me: { name } } } });
      expect(await post(allowing.url, { query: NOT_IN_ANY_MANIFEST }, key)).toEqual({ status: 200, body: { data: { me: { id: expect.any(Number) } } } });
      const unknown = await post(allowing.url, { documentId: `sha256:${sha256(NOT_IN_ANY_MANIFEST)}` }, key);
      expect({ status: unknown.status, code: codeOf(unknown) }).toEqual({ status: 400, code: 'PERSISTED_QUERY_NOT_IN_LIST' });
    });

    it('automatic persisted queries: an unknown hash asks for the text, the text registers it, the hash alone then runs it', async () => {
      const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(NOT_IN_ANY_MANIFEST) } };
      expect(codeOf(await post(allowing.url, { extensions }, key))).toBe('PERSISTED_QUERY_NOT_FOUND');
      expect((await post(allowing.url, { query: NOT_IN_ANY_MANIFEST, extensions }, key)).status).toBe(200);
      expect(await post(allowing.url, { extensions }, key)).toEqual({ status: 200, body: { data: { me: { id: expect.any(Number) } } } });
    });

    it('a gateway given another GRAPHQL_TRUSTED_DOCUMENTS refuses to start, naming the variable', async () => {
      const started = startGateway({ supergraphSdl: readCheckedInSupergraph(), subgraphUrls: {}, port: 0, internalPort: 0, trustedDocuments: 'on' });
      await expect(started).rejects.toThrow('GRAPHQL_TRUSTED_DOCUMENTS must be "allow" or "only", got "on"');
    });
  });
});
