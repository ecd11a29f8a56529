import { PRINCIPAL_HEADER, signPrincipal, signSystemCall, SYSTEM, SYSTEM_CALL_HEADER } from '../../platform/principal';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const USERS_BY_ID = 'query($ids: [Int!]!) { usersById(ids: $ids) { email } }';

async function post(url: string, headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('trust boundaries: only the gateway accepts credentials from outside', () => {
  let stack: TestStack;
  let userId: number;
  let email: string;
  beforeAll(async () => {
    stack = await startTestStack();
    const { user } = await userWithKey(stack);
    userId = user.id;
    email = user.email;
  });
  afterAll(() => stack.stop());

  describe('the system principal of subgraph callbacks', () => {
    it('works on the internal listener with the callback key (what GraphLink sends)', async () => {
      const answer = await post(`${stack.gateway.internalUrl}/graphql`, { [SYSTEM_CALL_HEADER]: signSystemCall() }, USERS_BY_ID, { ids: [userId] });
      expect(answer.body.data.usersById).toEqual([{ email }]);
    });

    it('replayed on the public /graphql, a captured callback header gets nothing: the caller is anonymous', async () => {
      const captured = signSystemCall();
      const lookup = await post(`${stack.url}/graphql`, { [SYSTEM_CALL_HEADER]: captured }, USERS_BY_ID, { ids: [userId] });
      expect(lookup.body.data ?? null).toBeNull();
      expect(JSON.stringify(lookup.body)).not.toContain(email);
      const oracle = await post(
        `${stack.url}/graphql`,
        { [SYSTEM_CALL_HEADER]: captured },
        'mutation { verifyPassword(email: "a@b.c", password: "x") { id } }',
      );
      expect(oracle.body.data?.verifyPassword ?? null).toBeNull();
      // @inaccessible: not even in the public schema (GRAPHQL_VALIDATION_FAILED); @internal still refuses behind it.
      expect(oracle.body.errors[0].extensions.code).toMatch(/GRAPHQL_VALIDATION_FAILED|UNAUTHENTICATED|FORBIDDEN/);
    });

    it('a system principal captured between the gateway and a subgraph is refused on both listeners', async () => {
      const captured = signPrincipal(SYSTEM);
      const publicAnswer = await post(`${stack.url}/graphql`, { [PRINCIPAL_HEADER]: captured }, USERS_BY_ID, { ids: [userId] });
      expect(JSON.stringify(publicAnswer.body)).not.toContain(email);
      expect(publicAnswer.body.data ?? null).toBeNull();
      const internalAnswer = await post(`${stack.gateway.internalUrl}/graphql`, { [PRINCIPAL_HEADER]: captured }, USERS_BY_ID, { ids: [userId] });
      expect(internalAnswer.status).toBe(401);
    });

    it('the internal listener answers nothing without the callback key, and serves no REST', async () => {
      expect((await post(`${stack.gateway.internalUrl}/graphql`, {}, '{ me { id } }')).status).toBe(401);
      expect((await fetch(`${stack.gateway.internalUrl}/v2/me`)).status).toBe(404);
    });
  });

  describe('the issuer and the Secure flag come from configuration, never from the request', () => {
    it('Host: evil.example.com does not change the issuer', async () => {
      const metadata = await fetch(`${stack.url}/.well-known/oauth-authorization-server`, {
        headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
      });
      const body = (await metadata.json()) as any;
      expect(body.issuer).toBe(stack.url);
      expect(JSON.stringify(body)).not.toContain('evil');
    });

    it('X-Forwarded-Proto from an untrusted client changes neither the issuer nor the cookie', async () => {
      const metadata = (await (
        await fetch(`${stack.url}/.well-known/oauth-authorization-server`, { headers: { 'x-forwarded-proto': 'https' } })
      ).json()) as any;
      expect(metadata.issuer).toBe(stack.url);
      const page = await fetch(`${stack.url}/auth/login`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(page.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
    });
  });

  describe('the /auth proxy passes on only what the gateway determined', () => {
    it('a client x-request-id is neither forwarded to the sign-in pages nor echoed; the gateway answers its own id', async () => {
      const page = await fetch(`${stack.url}/auth/login`, { headers: { 'x-request-id': 'evil-request-id' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('without TRUST_PROXY, a client’s x-request-id is replaced', () => {
    it('the answer carries a new id, not the one the client chose (nor one with spaces or quotes to forge a log field)', async () => {
      for (const sent of ['client-chosen-id', 'a b\tforged "level":50']) {
        const response = await fetch(`${stack.url}/v2/openapi.json`, { headers: { 'x-request-id': sent } });
        expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });

  describe("the oauth service's own port believes no forwarded header of an unsigned request", () => {
    it('X-Forwarded-Host / -Proto do not set the issuer of /.well-known/oauth-authorization-server', async () => {
      const direct = await fetch(`${stack.subgraphs.oauth.origin}/.well-known/oauth-authorization-server`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
      });
      const body = (await direct.json()) as any;
      expect(body.issuer).not.toMatch(/evil|https:/);
      expect(JSON.stringify(body)).not.toContain('evil');
    });

    it("a signed context from the gateway still carries the public origin: the issuer through the gateway is the gateway's", async () => {
      const metadata = (await (await fetch(`${stack.url}/.well-known/oauth-authorization-server`)).json()) as any;
      expect(metadata.issuer).toBe(stack.url);
    });
  });

  describe('with TRUST_PROXY (a TLS proxy on loopback) and PUBLIC_URL', () => {
    let proxied: TestStack;
    beforeAll(async () => {
      proxied = await startTestStack({ gateway: { trustProxy: 'loopback', publicUrl: 'https://api.example.com' } });
    });
    afterAll(() => proxied.stop());

    it("the issuer is PUBLIC_URL and the proxy's X-Forwarded-Proto makes the cookie Secure", async () => {
      const metadata = (await (await fetch(`${proxied.url}/.well-known/oauth-authorization-server`, { headers: { host: 'evil.example.com' } })).json()) as any;
      expect(metadata.issuer).toBe('https://api.example.com');
      expect(metadata.token_endpoint).toBe('https://api.example.com/v2/auth/oauth2/token');
      const page = await fetch(`${proxied.url}/auth/login`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(page.headers.getSetCookie().find((c) => c.startsWith('svc_csrf='))).toMatch(/; Secure/);
    });
  });
});
