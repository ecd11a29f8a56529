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

describe('one JSON log line per request, under one request id from the gateway to the subgraphs', () => {
  let supervised: PrivateSupervisedStack;
  let stack: SupervisedStack;
  let base: string;

  beforeAll(async () => {
    // The gateway believes x-request-id only from a proxy named by TRUST_PROXY. A subgraph logs its
    // successful answers at debug (the gateway's line of the request carries the id at info).
    // The processes of `npm start` on a copy of the migrated template (the fresh machine is the README walkthrough's).
    supervised = await startPrivateSupervisor({ LOG_LEVEL: 'debug', TRUST_PROXY: 'loopback' });
    ({ stack, base } = supervised);
  }, 120_000);
  afterAll(async () => supervised?.stop());

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
