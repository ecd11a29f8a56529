import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { readCheckedInSupergraph } from '../../schema/compose';
import { startGateway } from '../../gateway/gateway';
import { readsOnly, subgraphAgent, subgraphRequest } from '../../platform/subgraph-http';
import { GraphLink } from '../../platform/graph-link';
import { TeamRosterDocument } from '../../subgraphs/scheduling/contracts/generated';
import { ApplyTeamRosterDocument } from '../../subgraphs/organizations/contracts/generated';

/**
 * The gateway's keep-alive client to subgraphs (and the subgraphs' GraphLink to the gateway). A pooled
 * connection may break after a request was written on it: either the peer closed it idle at that instant
 * (it never read the request) or the peer died while executing it (it did). The client cannot tell the
 * two apart, so only a read is sent again; a write is answered as unavailable and never sent twice.
 */

const ANSWER = (body: string) =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\n\r\n${body}`;

/**
 * A raw server: answers the first request of each connection; a second request on the same connection
 * is read whole and counted (as a subgraph that executed it), then the connection is reset without an answer.
 */
function resettingServer(): Promise<{ server: Server; url: string; connections: () => number; requests: () => number }> {
  let connections = 0;
  let requests = 0;
  const server = createServer((socket: Socket) => {
    connections += 1;
    let served = 0;
    socket.on('data', (chunk: Buffer) => {
      // A request's head and body may arrive in one chunk or two: count request lines.
      const arrived = chunk.toString('latin1').split('POST /').length - 1;
      for (let i = 0; i < arrived; i += 1) {
        requests += 1;
        served += 1;
        if (served === 1) socket.write(ANSWER(JSON.stringify({ data: { n: requests } })));
        else return socket.resetAndDestroy();
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/graphql`, connections: () => connections, requests: () => requests });
    }),
  );
}

const operation = (query: string) => ({ body: JSON.stringify({ query }), idempotent: readsOnly(query) });

describe('gateway → subgraph HTTP (platform/subgraph-http.ts)', () => {
  let target: Awaited<ReturnType<typeof resettingServer>>;
  let agent: ReturnType<typeof subgraphAgent>;
  beforeEach(async () => {
    target = await resettingServer();
    agent = subgraphAgent();
  });
  afterEach(() => {
    agent.destroy();
    target.server.close();
  });

  /** One answered request first, so that the next one is written on the same, reused connection. */
  async function warmConnection() {
    const first = await subgraphRequest(agent, target.url, operation('{ me { id } }'), 5_000);
    expect(await first.json()).toEqual({ data: { n: 1 } });
  }

  it('a query whose reused connection resets before an answer is sent once more on a fresh connection', async () => {
    await warmConnection();
    const second = await subgraphRequest(agent, target.url, operation('query Me { me { id } }'), 5_000);
    expect(second.status).toBe(200);
    // Request 2 met the reset on the reused connection; request 3 is its retry on a second connection.
    expect(await second.json()).toEqual({ data: { n: 3 } });
    expect(target.connections()).toBe(2);
  });

  it('a mutation whose reused connection resets before an answer is never sent again: the caller gets the error (503)', async () => {
    await warmConnection();
    const booking = operation('mutation Book($input: CreateBookingInput!) { createBooking(input: $input) { uid } }');
    const failure = await subgraphRequest(agent, target.url, booking, 5_000).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'ECONNRESET', requestMayHaveBeenRead: true });
    // The subgraph read (and may have executed) the booking once: it is not written a second time.
    expect(target.requests()).toBe(2);
    expect(target.connections()).toBe(1);
  });

  it('a request that does not say it is a read is treated as a write (never re-sent)', async () => {
    await warmConnection();
    await expect(subgraphRequest(agent, target.url, { body: '{}' }, 5_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(target.requests()).toBe(2);
  });

  it('a reset on a fresh connection is not retried, even for a query: the caller sees the error (the gateway answers 503)', async () => {
    const server = createServer((socket) => {
      socket.on('data', () => void socket.resetAndDestroy());
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    let attempts = 0;
    server.on('connection', () => (attempts += 1));
    try {
      const { port } = server.address() as AddressInfo;
      await expect(subgraphRequest(agent, `http://127.0.0.1:${port}/graphql`, operation('{ me { id } }'), 5_000)).rejects.toMatchObject({
        code: 'ECONNRESET',
      });
      expect(attempts).toBe(1);
    } finally {
      server.close();
    }
  });

  it('a refused connection is known unread: the write certainly did not happen', async () => {
    const { port } = target.server.address() as AddressInfo;
    await new Promise<void>((resolve) => target.server.close(() => resolve()));
    const failure = await subgraphRequest(agent, `http://127.0.0.1:${port}/graphql`, operation('mutation { cancel }'), 5_000).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'ECONNREFUSED' });
    expect((failure as { requestMayHaveBeenRead?: boolean }).requestMayHaveBeenRead).toBeFalsy();
  });
});

describe('GraphLink.call: a contract decides from its operation whether it may be sent twice', () => {
  let target: Awaited<ReturnType<typeof resettingServer>>;
  let link: GraphLink;
  let agent: ReturnType<typeof subgraphAgent>;
  beforeEach(async () => {
    target = await resettingServer();
    agent = subgraphAgent();
    link = new GraphLink(() => target.url.replace(/\/graphql$/, ''), undefined, agent);
    // One answered call first, so that the next one is written on the same, reused connection.
    expect(await link.call(TeamRosterDocument, { teamId: 1 })).toEqual({ n: 1 });
  });
  afterEach(() => {
    agent.destroy();
    target.server.close();
  });

  it('a query contract is sent once more after the reused connection resets', async () => {
    expect(await link.call(TeamRosterDocument, { teamId: 1 })).toEqual({ n: 3 });
    expect(target.connections()).toBe(2);
  });

  it('a mutation contract is never sent again: the caller hears that the write may have happened', async () => {
    const failure = await link.call(ApplyTeamRosterDocument, { teamId: 1, memberIds: [2] }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect((failure as Error).message).toMatch(/may or may not have been applied/);
    expect(target.requests()).toBe(2);
    expect(target.connections()).toBe(1);
  });
});

describe('readsOnly: which operations may be sent twice', () => {
  it.each([
    ['{ me { id } }', true],
    ['query($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { id } } }', true],
    ['fragment F on User { id }\n\nquery Q { me { ...F mutationCount } }', true],
    ['mutation { cancelBooking(uid: "x") { uid } }', false],
    ['fragment F on Booking { uid }\n\nmutation M { createBooking { ...F } }', false],
    ['subscription { bookings { uid } }', false],
  ])('%j → %s', (document, expected) => expect(readsOnly(document)).toBe(expected));
});

describe('through the gateway: a federation mutation fetch is never re-sent', () => {
  it('the subgraph that read the booking and died is asked once; the client gets 503 saying the booking may exist', async () => {
    const target = await resettingServer();
    const subgraphUrls = new Proxy({}, { get: () => target.url }) as Record<string, string>;
    const gateway = await startGateway({ supergraphSdl: readCheckedInSupergraph(), subgraphUrls, port: 0, internalPort: 0 });
    const graphql = (query: string) =>
      fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    try {
      // An answered fetch first, so that the mutation is written on the same, reused connection.
      await graphql('{ me { id } }');
      expect(target.requests()).toBe(1);
      const attendee = '{ name: "Ann", email: "ann@example.com", timeZone: "UTC" }';
      const booking = await graphql(`mutation { createBooking(input: { start: "2031-01-06T10:00:00Z", eventTypeId: 1, attendee: ${attendee} }) { id } }`);
      expect(booking.status).toBe(503);
      const { errors } = (await booking.json()) as { errors: unknown[] };
      expect(errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/may or may not have been applied/) })]);
      expect(target.requests()).toBe(2);
      expect(target.connections()).toBe(1);
    } finally {
      await gateway.stop();
      target.server.close();
    }
  });
});
