import { request } from 'node:http';
import { ANONYMOUS, Principal, PRINCIPAL_HEADER, signPrincipal } from '../../platform/principal';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/**
 * A subgraph answers the gateway's calls (POST, JSON, no `accept` header) without Apollo Server's HTTP
 * pipeline (platform/gateway-requests.ts); a call with an `accept` header still goes through
 * express and Apollo Server. The two must answer alike: Apollo Server's answer is the expected one.
 */
describe("a subgraph answers the gateway's calls as Apollo Server does", () => {
  let stack: TestStack;
  let user: Principal;
  beforeAll(async () => {
    stack = await startTestStack({ webhookWorker: false });
    const { user: created } = await userWithKey(stack, { name: 'Ada Answer' });
    user = { kind: 'apiKey', userId: created.id, scopes: null, clientId: null, isServiceAdmin: false, memberships: [] };
  });
  afterAll(() => stack.stop());

  /** A POST as the gateway sends it (node:http: no `accept` header, which fetch would add), or with `accept`. */
  function call(
    body: unknown,
    principal: Principal | null,
    accept?: string,
    header?: string,
  ): Promise<{ status: number; type: string | undefined; body: any }> {
    const text = JSON.stringify(body);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
    if (principal || header) headers[PRINCIPAL_HEADER] = header ?? signPrincipal(principal!);
    if (accept) headers.accept = accept;
    return new Promise((resolve, reject) => {
      const req = request(stack.subgraphs.organizations.url, { method: 'POST', headers }, (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body: JSON.parse(answer) }));
      });
      req.on('error', reject);
      req.end(text);
    });
  }

  /** The gateway's way and Apollo Server's way (an `accept` header sends the call through it). */
  async function bothWays(body: unknown, principal: Principal | null) {
    return { direct: await call(body, principal), apollo: await call(body, principal, 'application/json') };
  }

  it.each([
    ['an answer with data', { query: '{ me { id name } }' }, 200],
    ['a federation query (_service)', { query: '{ _service { sdl } }' }, 200],
    [
      'entities by reference, one of them missing (a union, a fragment, variables)',
      {
        query: 'query Names($r: [_Any!]!) { _entities(representations: $r) { __typename ...on User { id name memberships { teamId } } } }',
        variables: {
          r: [
            { __typename: 'User', id: 0 },
            { __typename: 'User', id: 987654 },
          ],
        },
      },
      200,
    ],
    ['an error in a resolver (anonymous caller: UNAUTHENTICATED, data null)', { query: '{ me { id } }' }, 200],
    ['a field the schema does not have (GRAPHQL_VALIDATION_FAILED)', { query: '{ me { shoeSize } }' }, 400],
    ['a document that does not parse (GRAPHQL_PARSE_FAILED)', { query: '{ me { ' }, 400],
    ['variables that do not coerce (BAD_USER_INPUT)', { query: 'query($ids: [Int!]!) { usersById(ids: $ids) { id } }', variables: { ids: ['x'] } }, 400],
    ['an operation name the document lacks', { query: 'query A { me { id } }', operationName: 'B' }, 400],
  ])('%s: the same status and body both ways', async (_name, body, status) => {
    const principal = _name.includes('anonymous') ? ANONYMOUS : user;
    // The caller's own id stands for the 0 of the table (the user is made in beforeAll).
    const { direct, apollo } = await bothWays(JSON.parse(JSON.stringify(body).replace('"id":0', `"id":${user.userId}`)), principal);
    expect(apollo.status).toBe(status);
    expect(direct.status).toBe(apollo.status);
    expect(direct.type).toBe(apollo.type);
    expect(direct.body).toEqual(apollo.body);
  });

  it('answers the caller: the user the principal names', async () => {
    const { direct } = await bothWays({ query: '{ me { id name } }' }, user);
    expect(direct.body).toEqual({ data: { me: { id: user.userId, name: 'Ada Answer' } } });
  });

  it('refuses a call without a principal header, or with a forged one, with 401 UNAUTHENTICATED', async () => {
    const missing = await call({ query: '{ me { id } }' }, null);
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const forged = await call({ query: '{ me { id } }' }, null, undefined, `${signPrincipal(user).split('.')[0]}.AAAA`);
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
